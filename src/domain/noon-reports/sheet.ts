/**
 * Where a noon-report sheet's header is: found, not assumed. Sheets open with a title ('MV Nordic Star —
 * Noon Reports 2025'), blank lines, a group row over merged cells ('M/E Cons' over 'HFO' and 'MGO') and a
 * row of units under the names ('(MT)', 'nm', 'kn'). The header row is the row, among the first
 * HEADER_SEARCH_ROWS, whose columns (with the group label above them, carried across its merged cells) are
 * recognised most often; a row under it holding only units is its units row.
 */
import { type MatchedColumn, matchHeaders } from "./headers.js";

export const HEADER_SEARCH_ROWS = 30;

const UNIT =
  /^[([]?\s*(t|mt|tonnes?|tons?|kg|nm|nmi|miles|kn|kt|kts|knots?|h|hrs?|hours|min|°|deg|degrees?|m|cm|bft|bf|beaufort|kw|mw|%|% mcr|°c|c|deg c|utc|lt|local|m\/s|km\/h|douglas|g\/kwh|m3|dd|dd mm|ddmm|hh:mm|yyyy-mm-dd)\s*[)\]]?$/i;

const cellText = (c: unknown) => (c === null || c === undefined ? "" : String(c).replace(/\s+/g, " ").trim());

/** Whether a row holds units only (at least one, no numbers, nothing else). */
export function isUnitsRow(cells: readonly unknown[]): boolean {
  const texts = cells.map(cellText).filter((t) => t !== "");
  return texts.length > 0 && texts.every((t) => UNIT.test(t));
}

/**
 * Column headers with the group label of the row above carried across empty (merged) cells: 'M/E Cons'
 * over 'HFO' gives 'M/E Cons HFO'; a column whose own name is recognised alone keeps it.
 */
export function composeHeaders(group: readonly unknown[] | undefined, names: readonly unknown[]): string[] {
  const width = Math.max(names.length, group?.length ?? 0);
  const out: string[] = [];
  let carried = "";
  for (let i = 0; i < width; i++) {
    const g = cellText(group?.[i]);
    if (g !== "") carried = g;
    const name = cellText(names[i]);
    if (!group || carried === "") {
      out.push(name);
      continue;
    }
    if (name === "") {
      out.push(g);
      continue;
    }
    const alone = matchHeaders([name])[0]!.field;
    const combined = matchHeaders([`${carried} ${name}`])[0]!.field;
    out.push(
      combined &&
        (!alone ||
          combined.startsWith("fuel") ||
          combined.startsWith("rob") ||
          combined.startsWith("bunkered"))
        ? `${carried} ${name}`
        : name,
    );
  }
  return out;
}

export type LocatedHeader = {
  /** 0-based index in the rows given of the header row, and of its units row (null when none). */
  headerIndex: number;
  unitsIndex: number | null;
  headers: string[];
  units: string[];
  columns: MatchedColumn[];
};

/**
 * The header of a sheet (its first rows): the best-recognised row, or row `headerIndex` when the caller
 * says where it is. Null when no row has two recognised columns.
 */
export function locateHeader(
  rows: readonly (readonly unknown[])[],
  headerIndex?: number,
): LocatedHeader | null {
  const candidates =
    headerIndex !== undefined ? [headerIndex] : [...Array(Math.min(HEADER_SEARCH_ROWS, rows.length)).keys()];
  let best: LocatedHeader | null = null;
  let bestScore = 1;
  for (const k of candidates) {
    const row = rows[k];
    if (!row || isUnitsRow(row)) continue;
    const above = k > 0 && rows[k - 1] && !isUnitsRow(rows[k - 1]!) ? rows[k - 1] : undefined;
    for (const group of above ? [undefined, above] : [undefined]) {
      const headers = composeHeaders(group, row);
      const unitsRow = rows[k + 1] && isUnitsRow(rows[k + 1]!) ? k + 1 : null;
      const units = unitsRow === null ? [] : rows[unitsRow]!.map(cellText);
      const columns = matchHeaders(headers, units);
      const score = columns.filter((c) => c.field !== null).length;
      if (score > bestScore || (headerIndex !== undefined && best === null)) {
        best = { headerIndex: k, unitsIndex: unitsRow, headers, units, columns };
        bestScore = score;
      }
    }
  }
  return best;
}
