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
