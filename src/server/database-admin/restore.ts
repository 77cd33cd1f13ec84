/**
 * Restores a backup archive (backup.ts, docs/backup-format.md) into an organisation without ships, in ONE
 * transaction: the archive is read within its bounds and each row checked against its table's contract before
 * it is copied into a temporary staging table (restore-stage.ts), then the rows are inserted in reference order
 * with new ids: every identity id is renumbered from its table's sequence, and each column referencing one (from
 * the schema's foreign keys, org-tables.ts) takes the new id, as do the ship ids inside rows (REWRITTEN);
 * `org_id` becomes the target's; references to users (global accounts) are nulled; audit entries are marked as
 * restored. The daily rollups are recomputed from the restored records. Anything wrong — a truncated, altered or
 * crafted archive (400 naming the table), a dropped connection — rolls everything back: the organisation stays empty.
 */

import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import { RESTORED_KEY } from "../../contracts/audit";
import { MAX_RECORD_HOURS } from "../../domain/records/record-arithmetic";
import { bumpEveryShip } from "../cache/data-version";
import { analyzeAfterBulkWrite } from "../db/table-statistics";
import { notifyDataWritten } from "../events/data-written";
import { conflict } from "../http/errors";
import { gradeOfClassSql } from "../records/fuel-grade-sql";
import { refreshDailyRollup } from "../rollups/daily-rollup";
import { ident, ORG_TABLES } from "./org-tables";
import { recordSpans } from "./record-spans";
import { invalid, type Staged, type StagedArchive, type StageOptions, stage } from "./restore-stage";
import { SERIES_TIME_TABLES } from "./retention";

/** Tables the application may only append to: a restore adds the backup's rows beside the existing ones. */
const APPEND_ONLY_TABLES: ReadonlySet<string> = new Set(["audit_log"]);

/** The application name of a restore's connection (the kill test finds it in pg_stat_activity). */
export const RESTORE_APPLICATION_NAME = "sextant-restore";

/**
 * Columns added by a later release that an older archive does not hold, each with its value from the archived
 * row `s`: a backup taken before migration 0031_fuel_grade names each fuel record's class only, whose own grade
 * it was stored as (docs/backup-format.md).
 */
const FILLED_WHEN_ABSENT: Record<string, Record<string, string>> = {
  fuel_data: { fuel_grade: gradeOfClassSql("s.fuel_type") },
};

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** Arrays of ship ids (a schedule's, a delivery's): each id the new id of its ship; an id of no restored ship left out. */
const shipIdArray = (column: string) =>
  `array(select m.new_id from unnest(s.${ident(column)}) with ordinality u(id, n) join ${ident("m_ships")} m on m.old_id = u.id order by u.n)::int[]`;

/**
 * Values a restore writes in place of the archived ones (each an SQL expression over the staged row `s`, the
 * target `orgId`, the archive's header and the aliases of the joined id maps), also when the archive lacks the
 * column:
 * - an alert's link names its ship: the restored ship's id;
 * - ship ids in arrays become the restored ships' ids; a schedule's members stay only if they are members of the
 *   target organisation (users are global; memberships are not in a backup);
 * - an audit entry from a backup is marked as restored (when, from which backup) and names no user id of this
 *   server (its actor's e-mail stays as written): it never passes for an entry this organisation wrote.
 */
type Rewrite = (x: {
  orgId: number;
  header: StagedArchive["header"];
  refs: Record<string, string>;
  /** The staged value of a column, null when the archive lacks it. */
  value: (column: string) => string;
}) => Record<string, string>;
const REWRITTEN: Record<string, Rewrite> = {
  alerts: ({ refs }) => ({
    link: `regexp_replace(s.link, '^/dashboard/[0-9]+', '/dashboard/' || ${refs.ship_id}::text)`,
  }),
  report_schedules: ({ orgId }) => ({
    ship_ids: shipIdArray("ship_ids"),
    member_ids: `array(select u.id from unnest(s.member_ids) with ordinality u(id, n) where exists (select 1 from memberships ms where ms.org_id = ${Number(orgId)} and ms.user_id = u.id) order by u.n)::int[]`,
  }),
  report_deliveries: () => ({ ship_ids: shipIdArray("ship_ids") }),
  audit_log: ({ header, value }) => ({
    user_id: "null",
    details: `coalesce(${value("details")}::jsonb, '{}'::jsonb) || jsonb_build_object('${RESTORED_KEY}', jsonb_build_object('at', now(), 'backupCreatedAt', ${literal(header.createdAt)}::text, 'backupOf', ${literal(header.organization.name)}::text))`,
  }),
};

/** The INSERT … SELECT of one staged table into the target organisation, ids remapped. */
function insertSql(s: Staged, orgId: number, header: StagedArchive["header"]): string {
  const t = s.table;
  const joins: string[] = [];
  const refs: Record<string, string> = {};
  for (const ref of t.references) {
    if (!s.columns.includes(ref.column)) continue;
    const alias = `r_${joins.length}`;
    joins.push(`left join ${ident(`m_${ref.table}`)} ${alias} on ${alias}.old_id = s.${ident(ref.column)}`);
    refs[ref.column] = `${alias}.new_id`;
  }
  const value = (c: string) => (s.columns.includes(c) ? `s.${ident(c)}` : "null");
  const rewritten = REWRITTEN[t.name]?.({ orgId, header, refs, value }) ?? {};
  const exprs = new Map<string, string>();
  for (const c of s.columns) {
    if (c === "org_id") exprs.set(c, String(Number(orgId)));
    else if (c === t.identity) exprs.set(c, "self.new_id");
    else if (t.foreign.includes(c)) exprs.set(c, "null");
    else exprs.set(c, refs[c] ?? `s.${ident(c)}`);
  }
  for (const [c, value] of Object.entries(FILLED_WHEN_ABSENT[t.name] ?? {}))
    if (!exprs.has(c)) exprs.set(c, value);
  for (const [c, value] of Object.entries(rewritten)) exprs.set(c, value);
  const self =
    t.identity && s.columns.includes(t.identity)
      ? `join ${ident(`m_${t.name}`)} self on self.old_id = s.${ident(t.identity)}`
      : "";
  return `insert into ${ident(t.name)} (${[...exprs.keys()].map(ident).join(", ")})${t.identity ? " overriding system value" : ""}
    select ${[...exprs.values()].join(", ")} from ${ident(`s_${t.name}`)} s ${self} ${joins.join(" ")}`;
}

/**
 * A fault PostgreSQL finds in the archive's data (a value its type refuses, two rows with one key, a constraint
 * broken) as a 400 naming the table; other errors (a dropped connection, a full disk) pass as they are.
 */
function asArchiveFault(err: unknown, inserting: string | null): unknown {
  const e = err as { code?: unknown; message?: string; detail?: string; where?: string };
  if (typeof e.code !== "string" || !/^(22|23|54)/.test(e.code)) return err;
  const table = inserting ?? e.where?.match(/COPY s_(\w+)/)?.[1] ?? "a table";
  const where = e.where?.match(/line \d+(, column \w+)?/)?.[0];
  const detail = [where, e.detail].filter(Boolean).join("; ");
  return invalid(`${table}: ${e.message}${detail ? ` (${detail})` : ""}`);
}

export type RestoreSummary = { tables: Record<string, number>; rows: number; ships: number };

/** Restores the archive at `filePath` into `orgId` (see the module comment); 409 if it has ships. */
export async function restoreBackup(
  pool: pg.Pool,
  orgId: number,
  filePath: string,
  options: StageOptions,
): Promise<RestoreSummary> {
  const client = await pool.connect();
  // A connection that drops mid-restore reports here (and through the failing query), never as an unhandled event.
  const onError = () => {};
  client.on("error", onError);
  let broken: Error | undefined;
  let inserting: string | null = null;
  try {
    await client.query("begin");
    await client.query(`set local application_name = '${RESTORE_APPLICATION_NAME}'`);
    await client.query("select 1 from organizations where id = $1 for update", [orgId]);
    const ships = await client.query("select 1 from ships where org_id = $1 limit 1", [orgId]);
    if (ships.rowCount) throw conflict("Restore into an organisation without ships: this one has ships.");
    const { tables: staged, header } = await stage(client, filePath, options);
    // new ids in the order of the old ones (lists keep their order), made before any insert
    for (const s of staged) {
      if (!s.table.identity) continue;
      const id = ident(s.table.identity);
      await client.query(
        `create temp table ${ident(`m_${s.table.name}`)} on commit drop as
         select old_id, nextval(pg_get_serial_sequence('${ident(s.table.name)}', '${s.table.identity}')) as new_id
         from (select ${id} as old_id from ${ident(`s_${s.table.name}`)} order by 1) o`,
      );
      const twice = await client.query(
        `select old_id from ${ident(`m_${s.table.name}`)} group by old_id having count(*) > 1 limit 1`,
      );
      if (twice.rowCount)
        throw invalid(`${s.table.name} holds two rows of ${s.table.identity} ${twice.rows[0].old_id}`);
      await client.query(`analyze ${ident(`m_${s.table.name}`)}`);
    }
    // a reference to a table absent from this archive stays unresolved: an empty map nulls it
    for (const t of ORG_TABLES)
      if (t.identity)
        await client.query(
          `create temp table if not exists ${ident(`m_${t.name}`)} (old_id bigint, new_id bigint) on commit drop`,
        );
    // the organisation's own rows (settings, fuel prices… it has no ships) give way to the backup's; its audit
    // trail is append-only (migration admin_audit): the backup's entries are added to it
    for (const s of [...staged].reverse())
      if (!APPEND_ONLY_TABLES.has(s.table.name))
        await client.query(`delete from ${ident(s.table.name)} where org_id = $1`, [orgId]);
    const tables: Record<string, number> = {};
    for (const s of staged) {
      inserting = s.table.name;
      await client.query(`analyze ${ident(`s_${s.table.name}`)}`);
      const res = await client.query(insertSql(s, orgId, header));
      tables[s.table.name] = res.rowCount ?? 0;
    }
    inserting = null;
    const shipIds = await refreshRestoredRollups(client, orgId);
    await analyzeAfterBulkWrite(client, new Map(Object.entries(tables)), true);
    await client.query("commit");
    const rows = Object.values(tables).reduce((a, b) => a + b, 0);
    return { tables, rows, ships: shipIds };
  } catch (err) {
    // A COPY left half-way (a truncated archive) cannot be rolled back on its connection: the connection is
    // closed instead, which ends the transaction in the server (nothing of it is kept).
    broken = err as Error;
    throw asArchiveFault(err, inserting);
  } finally {
    client.off("error", onError);
    client.release(broken);
  }
}

/**
 * Recomputes the daily rollups of every restored ship over the span of its records, and announces the write
 * per ship (events/data-written.ts: alert evaluation and live views learn of it on commit); returns the ships.
 */
async function refreshRestoredRollups(client: pg.PoolClient, orgId: number): Promise<number> {
  const db = drizzle(client);
  const spans = await recordSpans(client, orgId);
  for (const s of spans) {
    const to = new Date(s.to.getTime() + MAX_RECORD_HOURS * 3_600_000);
    await refreshDailyRollup(db, orgId, [s.shipId], s.from, to);
  }
  await notifyDataWritten(
    db,
    spans.map((s) => ({
      orgId,
      shipId: s.shipId,
      from: s.from.toISOString(),
      to: s.to.toISOString(),
      tables: [...SERIES_TIME_TABLES],
    })),
  );
  // settings and fuel prices were replaced too: every cached answer of the organisation is stale, and every
  // ship's newest record is read again (a ship restored without records has none now)
  await bumpEveryShip(db, orgId);
  const n = await client.query<{ n: number }>("select count(*)::int as n from ships where org_id = $1", [
    orgId,
  ]);
  return n.rows[0]?.n ?? 0;
}
