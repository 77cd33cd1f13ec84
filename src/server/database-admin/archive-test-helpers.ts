/**
 * Crafted backup archives for the restore tests: an archive's lines edited as an attacker would (a cell changed,
 * a row added), with the manifest's checksums recomputed so that only the row contracts stand in the way.
 */
import { createHash } from "node:crypto";
import zlib from "node:zlib";

/** The archive's lines, and the span of `table`'s rows in them (its table line's index, and the `\.`'s). */
function section(lines: string[], table: string) {
  const at = lines.findIndex((l) => l.startsWith(`{"table":"${table}"`));
  if (at < 0) throw new Error(`no table ${table} in the archive`);
  const columns: string[] = JSON.parse(lines[at]!).columns;
  let end = at + 1;
  while (lines[end] !== "\\.") end++;
  return { at, end, columns };
}

/** Recomputes `table`'s row count and checksum in the manifest (the last non-empty line). */
function reseal(lines: string[], table: string): void {
  const { at, end } = section(lines, table);
  const hash = createHash("sha256");
  for (let i = at + 1; i < end; i++) hash.update(`${lines[i]}\n`);
  const last = lines.findLastIndex((l) => l.startsWith('{"manifest"'));
  const manifest = JSON.parse(lines[last]!);
  manifest.manifest.tables[table] = { rows: end - at - 1, sha256: hash.digest("hex") };
  lines[last] = JSON.stringify(manifest);
}

export type Cells = Record<string, string>;

/**
 * `archive` with the rows of `table` edited: `edit` gets each row's cells by column (COPY text: `\N` is null)
 * and its index, changes them in place, and may return extra rows to add after it.
 */
export function craft(
  archive: Buffer,
  table: string,
  edit: (cells: Cells, index: number) => Cells[] | undefined,
): Buffer {
  const lines = zlib.gunzipSync(archive).toString("utf8").split("\n");
  const { at, end, columns } = section(lines, table);
  const rows: string[] = [];
  for (let i = at + 1; i < end; i++) {
    const values = lines[i]!.split("\t");
    const cells = Object.fromEntries(columns.map((c, j) => [c, values[j]!]));
    const extra = edit(cells, i - at - 1) ?? [];
    for (const r of [cells, ...extra]) rows.push(columns.map((c) => r[c] ?? "\\N").join("\t"));
  }
  lines.splice(at + 1, end - at - 1, ...rows);
  reseal(lines, table);
  return zlib.gzipSync(lines.join("\n"));
}

/** `archive` with its line `index` (0 the header) replaced by `line`. */
export function replaceLine(archive: Buffer, index: number, line: string): Buffer {
  const lines = zlib.gunzipSync(archive).toString("utf8").split("\n");
  lines[index] = line;
  return zlib.gzipSync(lines.join("\n"));
}

/** The gzip of `chunks` written one after the other through a streaming compressor (back-pressure honoured). */
async function gzipStream(chunks: Iterable<Buffer>): Promise<Buffer> {
  const gzip = zlib.createGzip();
  const out: Buffer[] = [];
  gzip.on("data", (d: Buffer) => out.push(d));
  const ended = new Promise((resolve, reject) => gzip.on("end", resolve).on("error", reject));
  for (const chunk of chunks) if (!gzip.write(chunk)) await new Promise((r) => gzip.once("drain", r));
  gzip.end();
  await ended;
  return Buffer.concat(out);
}

function* repeated(piece: Buffer, bytes: number, head?: Buffer): Generator<Buffer> {
  if (head) yield head;
  const block = Buffer.concat(Array.from({ length: Math.ceil(1048576 / piece.length) }, () => piece));
  for (let done = 0; done < bytes; done += block.length) yield block;
}

/** A gzip file of `bytes` bytes of one line without a newline (issue 30 item 1: 700 MiB in 0.7 MB). */
export const longLineGzip = (bytes: number) => gzipStream(repeated(Buffer.from("a".repeat(1024)), bytes));

/**
 * A gzip bomb of lines: a valid header and table line, then `bytes` of one valid fuel price row repeated (each
 * row passes its contract; only their number and the archive's ratio give them away).
 */
export function gzipBomb(bytes: number): Promise<Buffer> {
  const header = {
    format: "sextant-backup",
    version: 1,
    createdAt: "2025-01-01T00:00:00.000Z",
    organization: { id: 1, name: "Bomb" },
    tables: [],
    excluded: {},
  };
  const table = {
    table: "fuel_prices",
    columns: ["id", "org_id", "fuel_type", "price_per_tonne", "valid_from", "created_at"],
  };
  const head = Buffer.from(`${JSON.stringify(header)}\n${JSON.stringify(table)}\n`);
  return gzipStream(
    repeated(Buffer.from("1\t1\tHFO\t600\t2024-01-01\t2024-01-01 00:00:00+00\n"), bytes, head),
  );
}
