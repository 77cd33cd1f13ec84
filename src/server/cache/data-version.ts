/**
 * The data version of a ship's analyses (issue 20, decision 020): the one place that says "what the dashboard,
 * the Analysis Center sections and the sidebar of this ship read has changed". Every write bumps it inside its
 * own transaction, so the bump commits (or rolls back) with the data and every Sextant process on the database
 * sees it at once: record writes of every source through `notifyDataWritten` (forms, uploads, ingestion over
 * HTTP, MQTT and NMEA, deletes, retention, restore, maintenance events, ship particulars and baselines), voyages
 * through their repository, and organisation-wide settings (fuel prices, EEOI target, hull cleaning cost, EUA
 * price, flagged-report exclusion) through the organisation's own row (`ship_id` 0).
 *
 * Why in PostgreSQL and not only through the LISTEN/NOTIFY hub: a notification reaches the other processes (and
 * this one) some milliseconds after the commit, and not at all while a listener reconnects, so an answer read in
 * that window would be cached as fresh. One primary-key read per cached request is the price of never serving
 * an answer older than the last committed write.
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { intArray } from "../metrics/sql-values";
import { newestRecordOf } from "../records/newest-record";

/** The organisation's own row: settings that change the figures of every ship of it. */
export const ORGANISATION_ROW = 0;

/**
 * Bumps the versions of `shipIds` of `orgId` in the caller's transaction. Rows are taken in ascending id order,
 * so that two transactions writing the same ships never wait on each other in a cycle.
 */
export async function bumpDataVersions(
  db: Executor,
  orgId: number,
  shipIds: readonly number[],
): Promise<void> {
  const ids = [...new Set(shipIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  const list = intArray(ids);
  await db.execute(sql`
    insert into data_versions (org_id, ship_id)
    select ${orgId}, unnest(${list})
    on conflict (org_id, ship_id) do update set version = data_versions.version + 1`);
  // The ships' newest records (records/newest-record.ts), read again in a statement of its own once the rows
  // are locked: under read committed it sees every write committed before, so of two transactions writing one
  // ship the second to commit, which waited for the first's lock, leaves the newest of both (deletes included).
  await db.execute(sql`
    update data_versions v set newest_record_at = ${newestRecordOf(sql`v.org_id`, sql`v.ship_id`)}
    where v.org_id = ${orgId} and v.ship_id = any(${list}) and v.ship_id <> ${ORGANISATION_ROW}`);
}

/**
 * Bumps the organisation's own version and every ship's (their newest records read again): after a write that
 * replaced the organisation's data wholesale (a restore, the simulator's history).
 */
export async function bumpEveryShip(db: Executor, orgId: number): Promise<void> {
  const res = await db.execute<{ id: number }>(sql`select id from ships where org_id = ${orgId}`);
  await bumpDataVersions(db, orgId, [ORGANISATION_ROW, ...res.rows.map((r) => Number(r.id))]);
}

/** Bumps the organisation's own version: every ship's cached answers are stale after it. */
export function bumpOrganisationVersion(db: Executor, orgId: number): Promise<void> {
  return bumpDataVersions(db, orgId, [ORGANISATION_ROW]);
}

/**
 * The version of what `shipId`'s analyses read: its own and its organisation's, as one string for a cache key
 * (each only grows, so the pair changes whenever either does). "0.0" for a ship never written.
 */
export async function readDataVersion(db: Executor, orgId: number, shipId: number): Promise<string> {
  const res = await db.execute<{ ship: string; org: string }>(sql`
    select coalesce(max(version) filter (where ship_id = ${shipId}), 0)::text as ship,
           coalesce(max(version) filter (where ship_id = ${ORGANISATION_ROW}), 0)::text as org
    from data_versions where org_id = ${orgId} and ship_id in (${shipId}, ${ORGANISATION_ROW})`);
  const row = res.rows[0];
  return `${row?.ship ?? "0"}.${row?.org ?? "0"}`;
}
