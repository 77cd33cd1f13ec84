/**
 * Restores a backup archive (backup.ts, docs/backup-format.md) into an organisation without ships, in ONE
 * transaction: each table's rows are copied (COPY FROM STDIN) into a temporary staging table, the manifest's
 * row counts and checksums are verified, then the rows are inserted in reference order with new ids: every
 * identity id is renumbered from its table's sequence, and each column referencing one (from the schema's
 * foreign keys, org-tables.ts) takes the new id; `org_id` becomes the target's; references to users (global
 * accounts) are nulled. The daily rollups are recomputed from the restored records. Anything wrong — a
 * truncated or altered archive, a dropped connection — rolls everything back: the organisation stays empty.
 */

import { createHash } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import readline from "node:readline";
import type { Writable } from "node:stream";
import { finished } from "node:stream/promises";
import zlib from "node:zlib";
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { MAX_RECORD_HOURS } from "../../domain/records/record-arithmetic";
import { bumpOrganisationVersion } from "../cache/data-version";
import { analyzeAfterBulkWrite } from "../db/table-statistics";
import { notifyDataWritten } from "../events/data-written";
import { badRequest, conflict } from "../http/errors";
import { gradeOfClassSql } from "../records/fuel-grade-sql";
import { refreshDailyRollup } from "../rollups/daily-rollup";
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupHeader,
  type BackupManifest,
  END_OF_TABLE,
} from "./backup";
import { ident, ORG_TABLES, type OrgTable } from "./org-tables";
import { recordSpans } from "./record-spans";
import { SERIES_TIME_TABLES } from "./retention";

/** Tables the application may only append to: a restore adds the backup's rows beside the existing ones. */
const APPEND_ONLY_TABLES: ReadonlySet<string> = new Set(["audit_log"]);

/** The application name of a restore's connection (the kill test finds it in pg_stat_activity). */
export const RESTORE_APPLICATION_NAME = "sextant-restore";

const invalid = (reason: string) =>
  badRequest([{ field: "file", reason }], `The backup cannot be restored: ${reason}`);

type Staged = { table: OrgTable; columns: string[]; rows: number; sha256: string };

/**
 * Columns added by a later release that an older archive does not hold, each with its value from the archived
 * row `s`: a backup taken before migration 0031_fuel_grade names each fuel record's class only, whose own grade
 * it was stored as (docs/backup-format.md).
 */
const FILLED_WHEN_ABSENT: Record<string, Record<string, string>> = {
  fuel_data: { fuel_grade: gradeOfClassSql("s.fuel_type") },
};

/** Batches lines into ~256 KB writes to the COPY stream, honouring its back-pressure. */
class CopyWriter {
  private parts: string[] = [];
  private size = 0;
  private failed: Error | null = null;
  constructor(private readonly stream: Writable) {
    // a dropped connection errors the stream at any time: kept and thrown at the next write, never unhandled
    stream.on("error", (err) => {
      this.failed = err;
    });
  }
  async line(text: string): Promise<void> {
    if (this.failed) throw this.failed;
    this.parts.push(text, "\n");
    this.size += text.length + 1;
    if (this.size >= 262_144) await this.flush();
  }
  async flush(): Promise<void> {
    if (this.parts.length === 0) return;
    const ok = this.stream.write(this.parts.join(""));
    this.parts = [];
    this.size = 0;
    if (!ok) await once(this.stream, "drain");
  }
  async end(): Promise<void> {
    await this.flush();
    if (this.failed) throw this.failed;
    this.stream.end();
    await finished(this.stream);
  }
}

function parseJson(line: string, what: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    throw invalid(`${what} is not JSON`);
  }
}

/** Reads the archive into staging tables; returns what was staged and the manifest. */
async function stage(client: pg.PoolClient, filePath: string): Promise<Staged[]> {
  const known = new Map(ORG_TABLES.map((t) => [t.name, t]));
  const gunzip = zlib.createGunzip();
  const source = fs.createReadStream(filePath).pipe(gunzip);
  const lines = readline.createInterface({ input: source, crlfDelay: Number.POSITIVE_INFINITY });
  const staged: Staged[] = [];
  let header: BackupHeader | null = null;
  let manifest: BackupManifest["manifest"] | null = null;
  let current: { staged: Staged; writer: CopyWriter; hash: ReturnType<typeof createHash> } | null = null;
  try {
    for await (const line of lines) {
      if (current) {
        if (line === END_OF_TABLE) {
          await current.writer.end();
          current.staged.sha256 = current.hash.digest("hex");
          staged.push(current.staged);
          current = null;
          continue;
        }
        current.hash.update(`${line}\n`);
        current.staged.rows++;
        await current.writer.line(line);
        continue;
      }
      if (!header) {
        const h = parseJson(line, "the header") as Partial<BackupHeader>;
        if (h.format !== BACKUP_FORMAT) throw invalid("not a Sextant backup");
        if (h.version !== BACKUP_VERSION)
          throw invalid(`format version ${h.version} is not ${BACKUP_VERSION}`);
        header = h as BackupHeader;
        continue;
      }
      const entry = parseJson(line, "a table line") as Partial<{ table: string; columns: string[] }> &
        Partial<BackupManifest>;
      if (entry.manifest) {
        manifest = entry.manifest;
        break;
      }
      const table = entry.table ? known.get(entry.table) : undefined;
      if (!table || !Array.isArray(entry.columns)) throw invalid(`unknown table ${String(entry.table)}`);
      const names = new Set(table.columns.map((c) => c.name));
      const unknown = entry.columns.filter((c) => !names.has(c));
      if (unknown.length > 0) throw invalid(`${table.name} has unknown columns ${unknown.join(", ")}`);
      const cols = entry.columns.map(ident).join(", ");
      await client.query(
        `create temp table ${ident(`s_${table.name}`)} on commit drop as select ${cols} from ${ident(table.name)} with no data`,
      );
      const stream = client.query(copyFrom(`copy ${ident(`s_${table.name}`)} (${cols}) from stdin`));
      current = {
        staged: { table, columns: entry.columns, rows: 0, sha256: "" },
        writer: new CopyWriter(stream),
        hash: createHash("sha256"),
      };
    }
  } catch (err) {
    if (
      (err as { code?: string }).code === "Z_DATA_ERROR" ||
      (err as { code?: string }).code === "Z_BUF_ERROR"
    )
      throw invalid("not a gzip archive");
    throw err;
  } finally {
    lines.close();
    source.destroy();
  }
  if (!header) throw invalid("the archive is empty");
  if (!manifest || current) throw invalid("the archive is incomplete (no manifest at its end)");
  for (const s of staged) {
    const m = manifest.tables[s.table.name];
    if (!m || m.rows !== s.rows || m.sha256 !== s.sha256)
      throw invalid(`${s.table.name} does not match the manifest (altered or truncated)`);
  }
  return staged;
}

/** The INSERT … SELECT of one staged table into the target organisation, ids remapped. */
function insertSql(s: Staged, orgId: number): string {
  const t = s.table;
  const joins: string[] = [];
  const exprs = s.columns.map((c) => {
    if (c === "org_id") return String(Number(orgId));
    if (c === t.identity) return "self.new_id";
    if (t.foreign.includes(c)) return "null";
    const ref = t.references.find((r) => r.column === c);
    if (ref) {
      const alias = `r_${joins.length}`;
      joins.push(`left join ${ident(`m_${ref.table}`)} ${alias} on ${alias}.old_id = s.${ident(c)}`);
      return `${alias}.new_id`;
    }
    return `s.${ident(c)}`;
  });
  const filled = Object.entries(FILLED_WHEN_ABSENT[t.name] ?? {}).filter(([c]) => !s.columns.includes(c));
  const columns = [...s.columns, ...filled.map(([c]) => c)];
  exprs.push(...filled.map(([, value]) => value));
  const self =
    t.identity && s.columns.includes(t.identity)
      ? `join ${ident(`m_${t.name}`)} self on self.old_id = s.${ident(t.identity)}`
      : "";
  return `insert into ${ident(t.name)} (${columns.map(ident).join(", ")})${t.identity ? " overriding system value" : ""}
    select ${exprs.join(", ")} from ${ident(`s_${t.name}`)} s ${self} ${joins.join(" ")}`;
}

export type RestoreSummary = { tables: Record<string, number>; rows: number; ships: number };

/** Restores the archive at `filePath` into `orgId` (see the module comment); 409 if it has ships. */
export async function restoreBackup(pool: pg.Pool, orgId: number, filePath: string): Promise<RestoreSummary> {
  const client = await pool.connect();
  // A connection that drops mid-restore reports here (and through the failing query), never as an unhandled event.
  const onError = () => {};
  client.on("error", onError);
  let broken: Error | undefined;
  try {
    await client.query("begin");
    await client.query(`set local application_name = '${RESTORE_APPLICATION_NAME}'`);
    await client.query("select 1 from organizations where id = $1 for update", [orgId]);
    const ships = await client.query("select 1 from ships where org_id = $1 limit 1", [orgId]);
    if (ships.rowCount) throw conflict("Restore into an organisation without ships: this one has ships.");
    const staged = await stage(client, filePath);
    const present = new Set(staged.map((s) => s.table.name));
    // new ids in the order of the old ones (lists keep their order), made before any insert
    for (const s of staged) {
      if (!s.table.identity || !s.columns.includes(s.table.identity)) continue;
      const id = ident(s.table.identity);
      await client.query(
        `create temp table ${ident(`m_${s.table.name}`)} on commit drop as
         select old_id, nextval(pg_get_serial_sequence('${ident(s.table.name)}', '${s.table.identity}')) as new_id
         from (select ${id} as old_id from ${ident(`s_${s.table.name}`)} order by 1) o`,
      );
      await client.query(`analyze ${ident(`m_${s.table.name}`)}`);
    }
    // a reference to a table absent from this archive stays unresolved: an empty map nulls it
    for (const s of staged)
      for (const r of s.table.references)
        if (!present.has(r.table))
          await client.query(
            `create temp table if not exists ${ident(`m_${r.table}`)} (old_id bigint, new_id bigint) on commit drop`,
          );
    // the organisation's own rows (settings, fuel prices… it has no ships) give way to the backup's; its audit
    // trail is append-only (migration admin_audit): the backup's entries are added to it
    for (const s of [...staged].reverse())
      if (!APPEND_ONLY_TABLES.has(s.table.name))
        await client.query(`delete from ${ident(s.table.name)} where org_id = $1`, [orgId]);
    const tables: Record<string, number> = {};
    for (const s of staged) {
      await client.query(`analyze ${ident(`s_${s.table.name}`)}`);
      const res = await client.query(insertSql(s, orgId));
      tables[s.table.name] = res.rowCount ?? 0;
    }
    const shipIds = await refreshRestoredRollups(client, orgId);
    await analyzeAfterBulkWrite(client, new Map(Object.entries(tables)), true);
    await client.query("commit");
    const rows = Object.values(tables).reduce((a, b) => a + b, 0);
    return { tables, rows, ships: shipIds };
  } catch (err) {
    // A COPY left half-way (a truncated archive) cannot be rolled back on its connection: the connection is
    // closed instead, which ends the transaction in the server (nothing of it is kept).
    broken = err as Error;
    throw err;
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
  // settings and fuel prices were replaced too: every cached answer of the organisation is stale
  await bumpOrganisationVersion(db, orgId);
  const n = await client.query<{ n: number }>("select count(*)::int as n from ships where org_id = $1", [
    orgId,
  ]);
  return n.rows[0]?.n ?? 0;
}
