/**
 * Loads a simulated fleet into PostgreSQL, fast and idempotently: each record kind is streamed with COPY FROM
 * STDIN (pg-copy-streams) into a temporary staging table on its own connection (fleet-stages.ts), then moved
 * into the real table with INSERT … SELECT … ON CONFLICT, so a re-run neither duplicates nor fails. Ships are
 * created in the organisation or reused by IMO number; voyages are upserted on (org, ship, voyage number)
 * and the series rows find their voyage by number. Lives in the server (not the simulator) because it
 * writes the server's tables and refreshes its rollups: the simulator stays free of server imports.
 */

import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { bumpDataVersions } from "../cache/data-version";
import { analyzeAfterBulkWrite } from "../db/table-statistics";
import { refreshDailyRollup } from "../rollups/daily-rollup";
import { STAGES, type StagedKind, stageLine } from "./fleet-stages";
import {
  ChunkedWriter,
  type FleetSimulation,
  type SimulatedEvent,
  simulatedEvents,
  type Vessel,
} from "./simulator-entry";

/**
 * Stores the run's ground-truth maintenance events (cleanings, polishes, dockings), upserted on (org, ship,
 * type, day) as every other write of events, so a re-run adds nothing. Returns the rows written.
 */
export async function storeSimulatedEvents(
  pool: pg.Pool,
  orgId: number,
  events: readonly SimulatedEvent[],
  ids: Map<string, number>,
): Promise<number> {
  if (events.length === 0) return 0;
  const r = await pool.query(
    `insert into maintenance_events (org_id, ship_id, type, event_date, status, notes)
     select $1, e.ship_id, e.type, e.event_date, e.status, e.notes
       from unnest($2::int[], $3::text[], $4::date[], $5::text[], $6::text[])
         as e(ship_id, type, event_date, status, notes)
     on conflict (org_id, ship_id, type, event_date) do update
       set status = excluded.status, notes = excluded.notes, updated_at = now()`,
    [
      orgId,
      events.map((e) => ids.get(e.imo)!),
      events.map((e) => e.type),
      events.map((e) => e.date),
      events.map((e) => e.status),
      events.map((e) => e.notes),
    ],
  );
  return r.rowCount ?? 0;
}

/** Creates the fleet's ships in the organisation, or reuses them by IMO number; returns IMO → ship id. */
export async function ensureShips(
  pool: pg.Pool,
  orgId: number,
  vessels: readonly Vessel[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const v of vessels) {
    const p = v.particulars;
    const found = await pool.query<{ id: number }>(
      `insert into ships (org_id, name, imo_number, ship_type, deadweight, gross_tonnage, engine_power_kw, design_speed_kn,
         length_m, beam_m, design_draught_m, year_built)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       on conflict (org_id, imo_number) do update set updated_at = ships.updated_at
       returning id`,
      [
        orgId,
        v.name,
        v.imoNumber,
        v.shipType,
        p.deadweightT,
        p.grossTonnage,
        p.mcrKw,
        p.designSpeedKn,
        p.lengthM,
        p.beamM,
        p.designDraughtM,
        p.yearBuilt,
      ],
    );
    ids.set(v.imoNumber, found.rows[0]!.id);
  }
  return ids;
}

export type LoadSummary = {
  orgId: number;
  /** Rows generated and copied into staging (voyages included). */
  staged: number;
  /** Series rows that were new (voyages not counted). */
  inserted: number;
  /** Rows inserted or updated per data type. */
  rows: Record<string, number>;
  /** Time until every COPY had finished (generation included); then the total. */
  copySeconds: number;
  seconds: number;
};

/** Streams a fleet run into the organisation's tables (see the module comment). */
export async function loadFleet(
  pool: pg.Pool,
  orgId: number,
  fleet: FleetSimulation,
  shipIds?: Map<string, number>,
): Promise<LoadSummary> {
  const t0 = performance.now();
  const ids = shipIds ?? (await ensureShips(pool, orgId, fleet.vessels));
  const kinds = Object.keys(STAGES) as StagedKind[];
  // One connection per data type, opened beside the pool (whose size may be smaller than seven).
  const clients = kinds.map(() => new pg.Client(pool.options));
  await Promise.all(clients.map((cl) => cl.connect()));
  const writers = new Map<string, ChunkedWriter>();
  try {
    for (const [i, kind] of kinds.entries()) {
      const client = clients[i]!;
      const st = STAGES[kind];
      await client.query("begin");
      await client.query(`create temp table stage (${st.ddl}) on commit drop`);
      writers.set(
        kind,
        new ChunkedWriter(client.query(copyFrom(`copy stage (${st.columns}) from stdin with (format csv)`))),
      );
    }
    for (const rec of fleet.records()) {
      if (rec.kind === "ship") continue;
      const w = writers.get(rec.kind)!;
      w.push(stageLine(rec, ids.get(rec.imo)!));
      if (w.mustWait) await w.drain();
    }
    await Promise.all([...writers.values()].map((w) => w.end()));
    const copySeconds = (performance.now() - t0) / 1000;
    const rows: Record<string, number> = {};
    const insertOn = async (i: number) => {
      const kind = kinds[i]!;
      // A temporary table has no statistics until analysed; without them the voyage join plans badly.
      await clients[i]!.query("analyze stage");
      const r = await clients[i]!.query(STAGES[kind].insert(orgId));
      await clients[i]!.query("commit");
      rows[kind] = r.rowCount ?? 0;
    };
    await insertOn(kinds.indexOf("voyage"));
    await Promise.all(kinds.map((k, i) => (k === "voyage" ? undefined : insertOn(i))));
    // The dashboards read the daily rollup: recompute it for the ships and days just loaded.
    const { startMs, endMs } = fleet.span;
    await refreshDailyRollup(drizzle(pool), orgId, [...ids.values()], new Date(startMs), new Date(endMs));
    await analyzeAfterBulkWrite(pool, new Map(kinds.map((k) => [STAGES[k].table, rows[k] ?? 0])), true);
    rows.events = await storeSimulatedEvents(pool, orgId, simulatedEvents(fleet), ids);
    // committed past the write paths: the cached answers of these ships are stale from here (decision 020)
    await bumpDataVersions(drizzle(pool), orgId, [...ids.values()]);
    const staged = [...writers.values()].reduce((s, w) => s + w.rows, 0);
    const inserted = Object.entries(rows).reduce(
      (s, [k, n]) => s + (k === "voyage" || k === "events" ? 0 : n),
      0,
    );
    return { orgId, staged, inserted, rows, copySeconds, seconds: (performance.now() - t0) / 1000 };
  } catch (err) {
    await Promise.all(clients.map((cl) => cl.query("rollback").catch(() => {})));
    throw err;
  } finally {
    await Promise.all(clients.map((cl) => cl.end().catch(() => {})));
  }
}
