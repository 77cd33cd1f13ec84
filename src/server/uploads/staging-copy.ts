/**
 * Moves validated rows into PostgreSQL: COPY (pg-copy-streams, text format) into a temporary staging table,
 * then one `INSERT … SELECT … ON CONFLICT … DO UPDATE … WHERE (the row differs)` that reports how many rows
 * were new and how many updated. Both run in the caller's transaction, so a failure anywhere leaves the
 * tables as they were; the staging table is dropped at commit.
 */
import { once } from "node:events";
import { finished } from "node:stream/promises";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { MergeTarget } from "./upload-types";

/** Rows are sent in chunks of about this many characters; `write` waits while PostgreSQL catches up. */
const CHUNK_CHARS = 1 << 18;

const ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };
const NEEDS_ESCAPE = /[\\\t\n\r]/;

/** A value in COPY's text format: \N for null, ISO 8601 for instants, backslash escapes in text. */
export function copyValue(value: unknown): string {
  if (value === null || value === undefined) return "\\N";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "\\N";
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "boolean") return value ? "t" : "f";
  const text = String(value);
  return NEEDS_ESCAPE.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]!) : text;
}

export function copyLine(values: readonly unknown[]): string {
  let line = copyValue(values[0]);
  for (let i = 1; i < values.length; i++) line += `\t${copyValue(values[i])}`;
  return `${line}\n`;
}

const UNIQUE_VIOLATION = "23505";

let stageCounter = 0;

/**
 * A COPY into a fresh staging table (`line` = the row number in the file, then the target's columns), or
 * (`direct`) straight into the target table, each line's row number replaced by the organisation's id.
 */
export class StagingCopy {
  private buffer = "";
  private failure: Error | undefined;
  private readonly stream: ReturnType<typeof copyFrom>;
  rows = 0;

  private constructor(
    readonly table: string,
    client: pg.PoolClient,
    copy: string,
    /** Direct COPY: the text that replaces each line's row number (the organisation's id). */
    private readonly prefix?: string,
  ) {
    this.stream = client.query(copyFrom(copy));
    // The COPY's error (PostgreSQL's ErrorResponse, a lost connection) is kept and thrown by the next write
    // or by end(): writing on into the failed stream would throw pg-copy-streams' own TypeError instead.
    this.stream.on("error", (err) => {
      this.failure ??= err;
    });
  }

  static async open(client: pg.PoolClient, target: MergeTarget): Promise<StagingCopy> {
    stageCounter += 1;
    const table = `upload_stage_${stageCounter}`;
    const columns = target.columns.map((c) => `${c.name} ${c.type}`).join(", ");
    await client.query(`create temp table ${table} (line integer, ${columns}) on commit drop`);
    return new StagingCopy(table, client, `copy ${table} from stdin`);
  }

  /**
   * A COPY straight into the target table, for rows that `directCopyOverlaps` then checks were all new (the
   * caller holds a savepoint to roll back to otherwise). It spares the staging table and the INSERT … SELECT
   * after the file is read: PostgreSQL inserts the rows (heap, indexes, foreign keys) while Node reads and
   * validates the next ones. A row whose key is already stored (or twice in the file) fails the COPY with a
   * unique violation (`isUniqueViolation`).
   */
  static direct(client: pg.PoolClient, orgId: number, target: MergeTarget): StagingCopy {
    const names = target.columns.map((c) => c.name).join(", ");
    return new StagingCopy(
      target.table,
      client,
      `copy ${target.table} (org_id, ${names}) from stdin`,
      String(orgId),
    );
  }

  /**
   * Queues one row's COPY line (`copyLine`). Returns a promise only when a chunk was sent and PostgreSQL asked
   * to wait (backpressure); the caller awaits it then. (A promise per row would cost more than the row.)
   */
  write(line: string): Promise<void> | undefined {
    this.buffer += this.prefix === undefined ? line : this.prefix + line.slice(line.indexOf("\t"));
    this.rows += 1;
    return this.buffer.length >= CHUNK_CHARS ? this.flush() : undefined;
  }

  private async flush(): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.buffer.length === 0) return;
    const ok = this.stream.write(this.buffer);
    this.buffer = "";
    if (!ok) await once(this.stream, "drain");
  }

  async end(): Promise<void> {
    await this.flush();
    this.stream.end();
    await finished(this.stream);
  }

  /** Stops the COPY after a failure elsewhere; the transaction is rolled back by the caller. */
  abort(error: Error): void {
    // A COPY PostgreSQL failed is over already (and pg-copy-streams has let go of the connection).
    if (!this.failure) this.stream.destroy(error);
  }

  /** Whether the COPY itself failed (PostgreSQL's error): it is over then, and the connection takes queries. */
  get failed(): boolean {
    return this.failure !== undefined;
  }
}

export const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === UNIQUE_VIOLATION;

/** Per group of a direct COPY (`groupColumns`: fuel's ship and consumer), its values and span of `ts`. */
export type CopiedGroup = { values: unknown[]; lo: number; hi: number };

/** The columns a direct COPY's rows are grouped by for `directCopyOverlaps`: the instant or key less `ts`. */
export const groupColumns = (target: MergeTarget) => (target.instant ?? target.key).filter((k) => k !== "ts");

/**
 * After a direct COPY of `copied` rows: whether the target held, before it, a record of the organisation in
 * the span of the copied rows of a group (the `overlaps` of `mergeStage`, whose plain INSERT the direct COPY
 * stands for). The target's rows in the spans are counted: all of them are the COPY's own rows exactly when
 * none was there before. One probe of the unique index per group, reading the copied rows' index entries.
 */
export async function directCopyOverlaps(
  client: pg.PoolClient,
  orgId: number,
  target: MergeTarget,
  groups: Iterable<CopiedGroup>,
  copied: number,
): Promise<boolean> {
  const columns = groupColumns(target);
  const typeOf = (name: string) =>
    target.columns.find((c) => c.name === name)!.type.replace(/ collate .*$/, "");
  const spans = [...groups].map((g) => ({
    ...Object.fromEntries(columns.map((c, i) => [c, g.values[i]])),
    lo: new Date(g.lo).toISOString(),
    hi: new Date(g.hi).toISOString(),
  }));
  const record = [...columns.map((c) => `${c} ${typeOf(c)}`), "lo timestamptz", "hi timestamptz"].join(", ");
  const match = columns.map((c) => `t.${c} = s.${c}`).join(" and ");
  const { rows } = await client.query<{ n: string }>(
    `select count(*) as n from json_to_recordset($2::json) as s(${record})
     join ${target.table} t on t.org_id = $1 and ${match} and t.ts between s.lo and s.hi`,
    [orgId, JSON.stringify(spans)],
  );
  return Number(rows[0]!.n) !== copied;
}

export type MergeCounts = { new: number; updated: number };

/**
 * Merges the staging table into the target for one organisation. Within one file the last row of a key wins
 * (DISTINCT ON, ordered by row number), because one statement may not update a row twice. Only rows that
 * differ are updated, so unchanged rows cost no write and are not counted as updated.
 *
 * A time series whose rows fall in a span the organisation has no record of yet (one indexed look-up per
 * ship and key) is first tried as a plain INSERT of the staging table, under a savepoint: it skips the
 * sort of DISTINCT ON and the conflict look-up of each row (about 3 µs per row of the merge's ~16). If a key
 * turns out to be there twice after all (twice in the file, or written by a concurrent upload), the unique
 * index refuses the INSERT, it is rolled back to the savepoint and the rows are merged as above.
 */
export async function mergeStage(
  client: pg.PoolClient,
  orgId: number,
  target: MergeTarget,
  stage: string,
): Promise<MergeCounts> {
  const t = target.table;
  const names = target.columns.map((c) => c.name);
  await client.query("set local work_mem = '256MB'");
  if (target.key.includes("ts") && !(await overlaps(client, orgId, target, stage))) {
    await client.query("savepoint upload_plain_insert");
    try {
      const inserted = await client.query(
        `insert into ${t} (org_id, ${names.join(", ")}) select $1::integer, ${names.join(", ")} from ${stage}`,
        [orgId],
      );
      await client.query("release savepoint upload_plain_insert");
      return { new: inserted.rowCount ?? 0, updated: 0 };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      await client.query("rollback to savepoint upload_plain_insert");
    }
  }
  const key = target.key.join(", ");
  const others = target.columns.filter((c) => !target.key.includes(c.name));
  const updateOf = (n: string) => target.update?.[n] ?? `excluded.${n}`;
  const filled = target.fillsInstant && target.instant ? await fillInstants(client, orgId, target, stage) : 0;
  if (target.instant && !target.fillsInstant)
    await replaceInstants(client, orgId, target, target.instant, stage);
  const set = [
    ...others.map((c) => `${c.name} = ${updateOf(c.name)}`),
    ...(target.touch ? [target.touch] : []),
  ];
  const stored = others.map((c) => atStoredPrecision(`${t}.${c.name}`, c.type));
  const sent = others.map((c) => atStoredPrecision(updateOf(c.name), c.type));
  const differs = `(${stored.join(", ")}) is distinct from (${sent.join(", ")})`;
  const { rows } = await client.query<{ new: number; updated: number }>(
    `with merged as (
       insert into ${t} (org_id, ${names.join(", ")})
       select distinct on (${key}) $1::integer, ${names.join(", ")} from ${stage} order by ${key}, line desc
       on conflict (org_id, ${key}) do update set ${set.join(", ")}
       where ${differs}
       returning (xmax = 0) as inserted
     )
     select (count(*) filter (where inserted))::integer as new,
            (count(*) filter (where not inserted))::integer as updated
     from merged`,
    [orgId],
  );
  return { new: rows[0]!.new, updated: rows[0]!.updated + filled };
}

/**
 * A fill that names no grade (`fillsInstant`): the staged row of an instant (its last in the file) fills
 * every stored row of that instant with the target's `update` expressions, then leaves the staging table, so
 * that the merge after it inserts only instants the ship has no record of. Answers the sheet's rows that
 * changed something (an instant of two grades is one row of the sheet).
 */
async function fillInstants(
  client: pg.PoolClient,
  orgId: number,
  target: MergeTarget,
  stage: string,
): Promise<number> {
  const t = target.table;
  const instant = target.instant!;
  const at = instant.map((k) => `${t}.${k} = s.${k}`).join(" and ");
  const others = target.columns.filter((c) => !target.key.includes(c.name));
  const filledValue = (n: string) => (target.update?.[n] ?? `excluded.${n}`).replaceAll("excluded.", "s.");
  const stored = others.map((c) => atStoredPrecision(`${t}.${c.name}`, c.type));
  const sent = others.map((c) => atStoredPrecision(filledValue(c.name), c.type));
  const { rows } = await client.query<{ n: number }>(
    `with filled as (
       update ${t} set ${others.map((c) => `${c.name} = ${filledValue(c.name)}`).join(", ")}
       from (select distinct on (${instant.join(", ")}) * from ${stage} order by ${instant.join(", ")}, line desc) s
       where ${t}.org_id = $1 and ${at} and (${stored.join(", ")}) is distinct from (${sent.join(", ")})
       returning ${instant.map((k) => `${t}.${k}`).join(", ")}
     )
     select count(*)::integer as n from (select distinct * from filled) rows_of_the_sheet`,
    [orgId],
  );
  await client.query(`delete from ${stage} s using ${t} where ${t}.org_id = $1 and ${at}`, [orgId]);
  return rows[0]!.n;
}

/**
 * Deletes the stored rows of the staged instants whose key no staged row holds (fuel: a grade the instant
 * no longer has), so that a re-sent record with another fuel type, or a noon report re-sent with other
 * grades, replaces the stored one instead of adding to it. Same transaction as the merge; the rollups of
 * those instants' days are recomputed with the staged rows'.
 */
async function replaceInstants(
  client: pg.PoolClient,
  orgId: number,
  target: MergeTarget,
  instant: string[],
  stage: string,
): Promise<void> {
  const t = target.table;
  const at = instant.map((k) => `${t}.${k} = s.${k}`).join(" and ");
  const same = target.key.map((k) => `x.${k} = ${t}.${k}`).join(" and ");
  await client.query(
    `delete from ${t} using (select distinct ${instant.join(", ")} from ${stage}) s
     where ${t}.org_id = $1 and ${at}
       and not exists (select 1 from ${stage} x where ${same})`,
    [orgId],
  );
}

/**
 * A column's value as the merge compares it. A double holds 15 significant decimal digits exactly (DBL_DIG)
 * and up to 17 more that are the binary representation's: the same reading sent as the text `12.4` of a CSV
 * and as the binary double of an .xls or a spreadsheet's arithmetic (12.399999999999999) differs only there.
 * PostgreSQL's float8 → numeric cast rounds to those 15 digits (float4: 6), so a re-upload of the same data
 * in another format counts as unchanged instead of updated; a real change (in the first 15 digits) still
 * counts as updated and stores the new value.
 */
export function atStoredPrecision(expr: string, type: string): string {
  return type === "double precision" || type === "real" ? `(${expr})::numeric` : expr;
}

/**
 * Whether the target already holds a record of the organisation in the time span of the staged rows of
 * the same ship (and consumer): per key group of the staging table, one probe of the target's unique index.
 */
async function overlaps(client: pg.PoolClient, orgId: number, target: MergeTarget, stage: string) {
  // by instant (fuel: ship and consumer, any grade), so that a row replacing another grade takes the merge
  const groups = (target.instant ?? target.key).filter((k) => k !== "ts");
  const match = groups.map((k) => `t.${k} = s.${k}`).join(" and ");
  const { rows } = await client.query<{ overlaps: boolean }>(
    `select exists (
       select 1 from (select ${groups.join(", ")}, min(ts) as lo, max(ts) as hi from ${stage} group by ${groups.join(", ")}) s
       where exists (select 1 from ${target.table} t where t.org_id = $1 and ${match} and t.ts between s.lo and s.hi)
     ) as overlaps`,
    [orgId],
  );
  return rows[0]!.overlaps;
}
