/**
 * The first half of a restore (restore.ts): the archive read line by line within its bounds (archive-lines.ts),
 * each row decoded (copy-text.ts) and checked against its table's contract and references
 * (restore-contracts.ts) before it is copied (COPY FROM STDIN) into its temporary staging table; then the
 * manifest's row counts and checksums verified. The first fault stops the read and is answered as a 400 naming
 * the line, table, row, column and reason (413 for an archive past its size bounds).
 */
import { createHash } from "node:crypto";
import { once } from "node:events";
import type { Writable } from "node:stream";
import { finished } from "node:stream/promises";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { z } from "zod";
import { badRequest } from "../http/errors";
import { type ArchiveLimits, readArchiveLines } from "./archive-lines";
import { BACKUP_FORMAT, BACKUP_VERSION, END_OF_TABLE } from "./backup";
import { CopyFieldError, clip, copyValue, splitCopyLine } from "./copy-text";
import { ident, ORG_TABLES, type OrgTable } from "./org-tables";
import { type RestoreRow, ROW_CONTRACTS, type RowContext, type RowIssue } from "./restore-contracts";

export const invalid = (reason: string) =>
  badRequest([{ field: "file", reason }], `The backup cannot be restored: ${reason}`);

export type Staged = { table: OrgTable; columns: string[]; rows: number; sha256: string };
export type StagedArchive = { tables: Staged[]; header: Header };

const header = z.object({
  format: z.literal(BACKUP_FORMAT, "not a Sextant backup"),
  version: z.literal(BACKUP_VERSION, `its format version is not ${BACKUP_VERSION}`),
  createdAt: z.iso.datetime({ offset: true, error: "its header has no createdAt date" }),
  organization: z.object({ id: z.number().int(), name: z.string().max(1000) }),
});
type Header = z.infer<typeof header>;

const tableLine = z.object({ table: z.string().max(200), columns: z.array(z.string().max(200)).max(500) });
const manifestLine = z.object({
  manifest: z.object({
    tables: z.record(z.string(), z.object({ rows: z.number().int().min(0), sha256: z.string() })),
  }),
});

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

function parseJson<T>(line: string, what: string, schema: z.ZodType<T>): T {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw invalid(`${what} is not JSON`);
  }
  const res = schema.safeParse(value);
  if (!res.success) throw invalid(`${what}: ${res.error.issues[0]!.message}`);
  return res.data;
}

/** The old ids of the archive's ships, and the ship of each of its voyages: what later rows may reference. */
class ArchiveIds {
  readonly ships = new Set<number>();
  readonly voyageShips = new Map<number, number>();
  note(table: string, row: RestoreRow): void {
    if (table === "ships") this.ships.add(row.id as number);
    else if (table === "voyages") this.voyageShips.set(row.id as number, row.ship_id as number);
  }
}

/** The table being copied: its staging stream, checksum and the reader of its rows. */
type Current = {
  staged: Staged;
  writer: CopyWriter;
  hash: ReturnType<typeof createHash>;
  kinds: OrgTable["columns"];
};

/** A table line's columns, checked: known, each once, with the table's identity and org_id among them. */
function tableColumns(table: OrgTable, columns: string[]): OrgTable["columns"] {
  const byName = new Map(table.columns.map((c) => [c.name, c]));
  const unknown = columns.filter((c) => !byName.has(c));
  if (unknown.length > 0) throw invalid(`${table.name} has unknown columns ${unknown.join(", ")}`);
  if (new Set(columns).size !== columns.length) throw invalid(`${table.name} names a column twice`);
  for (const needed of ["org_id", table.identity])
    if (needed && !columns.includes(needed)) throw invalid(`${table.name} has no column ${needed}`);
  return columns.map((c) => byName.get(c)!);
}

export type StageOptions = { limits: ArchiveLimits; refusedWebhook: RowContext["refusedWebhook"] };

/** Reads the archive into staging tables (see the module comment); returns what was staged and the header. */
export async function stage(
  client: pg.PoolClient,
  filePath: string,
  options: StageOptions,
): Promise<StagedArchive> {
  const known = new Map(ORG_TABLES.map((t) => [t.name, t]));
  const staged: Staged[] = [];
  const ids = new ArchiveIds();
  const ctx: RowContext = {
    has: (table, id) => (table === "ships" ? ids.ships.has(id) : ids.voyageShips.has(id)),
    shipOfVoyage: (id) => ids.voyageShips.get(id),
    refusedWebhook: options.refusedWebhook,
  };
  let head: Header | null = null;
  let manifest: z.infer<typeof manifestLine>["manifest"] | null = null;
  let current: Current | null = null;
  let lineNo = 0;

  /** One row of the current table: decoded, checked, then copied as it came (its checksum is of that text). */
  const row = async (c: Current, line: string) => {
    c.staged.rows++;
    const where = () => `line ${lineNo}, ${c.staged.table.name} row ${c.staged.rows}`;
    const issues: RowIssue[] = [];
    const values: RestoreRow = {};
    try {
      const fields = splitCopyLine(line);
      if (fields.length !== c.kinds.length)
        throw new CopyFieldError(
          `has ${fields.length} fields where the table names ${c.kinds.length} columns`,
        );
      c.kinds.forEach((col, i) => {
        try {
          values[col.name] = copyValue(col.kind, fields[i]!);
          if (col.notNull && values[col.name] === null)
            issues.push({ column: col.name, reason: "is required" });
          if (col.identity && (values[col.name] as number) <= 0)
            issues.push({ column: col.name, reason: "must be greater than 0" });
        } catch (err) {
          if (!(err instanceof CopyFieldError)) throw err;
          issues.push({ column: col.name, reason: err.message });
        }
      });
    } catch (err) {
      if (!(err instanceof CopyFieldError)) throw err;
      throw invalid(`${where()}: ${err.message}`);
    }
    if (issues.length === 0) {
      const contract = ROW_CONTRACTS[c.staged.table.name];
      const found = contract ? contract(values, ctx) : [];
      issues.push(...(found instanceof Promise ? await found : found));
    }
    if (issues.length > 0)
      throw invalid(`${where()}: ${issues.map((i) => `${i.column} ${i.reason}`).join("; ")}`);
    ids.note(c.staged.table.name, values);
    c.hash.update(`${line}\n`);
    await c.writer.line(line);
  };

  const startTable = async (line: string): Promise<Current | "manifest"> => {
    const entry = parseJson(line, `line ${lineNo}`, z.union([manifestLine, tableLine]));
    if ("manifest" in entry) {
      manifest = entry.manifest;
      return "manifest";
    }
    const table = known.get(entry.table);
    if (!table) throw invalid(`unknown table ${clip(entry.table)}`);
    if (staged.some((s) => s.table === table)) throw invalid(`${table.name} appears twice`);
    const kinds = tableColumns(table, entry.columns);
    const cols = entry.columns.map(ident).join(", ");
    await client.query(
      `create temp table ${ident(`s_${table.name}`)} on commit drop as select ${cols} from ${ident(table.name)} with no data`,
    );
    const stream = client.query(copyFrom(`copy ${ident(`s_${table.name}`)} (${cols}) from stdin`));
    return {
      staged: { table, columns: entry.columns, rows: 0, sha256: "" },
      writer: new CopyWriter(stream),
      hash: createHash("sha256"),
      kinds,
    };
  };

  await readArchiveLines(filePath, options.limits, async (lines) => {
    for await (const line of lines) {
      lineNo++;
      if (current) {
        if (line !== END_OF_TABLE) {
          await row(current, line);
          continue;
        }
        await current.writer.end();
        current.staged.sha256 = current.hash.digest("hex");
        staged.push(current.staged);
        current = null;
        continue;
      }
      if (!head) {
        head = parseJson(line, "the header", header);
        continue;
      }
      const next = await startTable(line);
      if (next === "manifest") break;
      current = next;
    }
  });
  if (!head) throw invalid("the archive is empty");
  const m = manifest as z.infer<typeof manifestLine>["manifest"] | null;
  if (!m || current) throw invalid("the archive is incomplete (no manifest at its end)");
  for (const s of staged) {
    const t = m.tables[s.table.name];
    if (!t || t.rows !== s.rows || t.sha256 !== s.sha256)
      throw invalid(`${s.table.name} does not match the manifest (altered or truncated)`);
  }
  const missing = Object.keys(m.tables).filter((name) => !staged.some((s) => s.table.name === name));
  if (missing.length > 0)
    throw invalid(`the manifest names ${missing.map(clip).join(", ")}, not in the archive`);
  return { tables: staged, header: head };
}
