/**
 * Where a noon-report sheet's header is: found, not assumed. Sheets open with a title ('MV Nordic Star —
 * Noon Reports 2025'), blank lines, group rows over merged cells ('Consumption (MT)' over 'M/E' over 'HFO'
 * and 'MGO') and a row of units under the names ('(MT)', 'nm', 'kn'). The header row is the row, among the
 * first HEADER_SEARCH_ROWS, whose columns (with up to two group labels above them, carried across their merged
 * cells) are recognised most often; a row under it holding only units is its units row.
 */
import { type MatchedColumn, matchHeaders } from "./headers.js";

export const HEADER_SEARCH_ROWS = 30;

const UNIT = new RegExp(
  `^[([]?\\s*(${[
    "t|mt|mts|m\\.t\\.|tonnes?|tons?|metric tons?|kg|m3|t/day|mt/day|mt/d",
    "nm|nmi|n\\.?\\s?miles?|miles|kn|kt|kts|knots?|m/s|km/h",
    "h|hrs?|hours|min|hh:mm|hh:mm:ss|\\[h\\]:mm",
    "°|deg|degrees?|°t|°c|c|deg c|degc|bft|bf|beaufort|douglas|m|cm|ft",
    "kw|mw|%|% mcr|rpm|g/kwh|bar",
    "utc|gmt|z|lt|smt|local|utc±|utc\\+/-|\\+/-",
    "dd|dd mm|ddmm|dd/mm/yyyy|dd/mm/yy|mm/dd/yyyy|dd\\.mm\\.yyyy|yyyy-mm-dd|yyyy-mm-dd hh:mm|dd-mmm-yy|dd-mmm-yyyy",
  ].join("|")})\\s*[)\\]]?$`,
  "i",
);

const cellText = (c: unknown) => (c === null || c === undefined ? "" : String(c).replace(/\s+/g, " ").trim());

/** Whether a row holds units only (at least one, no numbers, nothing else). */
export function isUnitsRow(cells: readonly unknown[]): boolean {
  const texts = cells.map(cellText).filter((t) => t !== "");
  return texts.length > 0 && texts.every((t) => UNIT.test(t));
}

/** Whether a header names fuel consumed, a stock or bunkers (a group label above it is part of its name). */
const isFuelLike = (field: string | null | undefined) =>
  !!field && (field.startsWith("fuel.") || field.startsWith("rob") || field.startsWith("bunkered"));

/**
 * Column headers over up to three rows, the group labels of the rows above (`groups`, top first) carried
 * across their empty (merged) cells: 'Consumption (MT)' over 'M/E' over 'VLSFO' gives 'Consumption (MT) M/E
 * VLSFO'. A column with no name of its own takes the nearest label above it (a cell merged down). The most
 * combined name wins when it is recognised and either is fuel, a stock or bunkers, or the column's own name
 * is not recognised alone ('Position' over 'Lat' stays 'Lat'; 'Distance' over 'Observed' is one name).
 */
export function composeHeaders(
  groups: readonly (readonly unknown[] | undefined)[],
  names: readonly unknown[],
): string[] {
  const rows = groups.filter((g): g is readonly unknown[] => g !== undefined);
  const width = Math.max(names.length, ...rows.map((g) => g.length));
  const carried = rows.map(() => "");
  const out: string[] = [];
  for (let i = 0; i < width; i++) {
    rows.forEach((g, r) => {
      const label = cellText(g[i]);
      if (label !== "") carried[r] = label;
    });
    let own = cellText(names[i]);
    let depth = rows.length;
    if (own === "") {
      // merged down from the nearest row above that has a label in this very column
      for (let r = rows.length - 1; r >= 0 && own === ""; r--) {
        own = cellText(rows[r]![i]);
        depth = r;
      }
      if (own === "") {
        out.push("");
        continue;
      }
    }
    const above = carried.slice(0, depth).filter((c) => c !== "" && c !== own);
    const alone = matchHeaders([own])[0]!.field;
    let chosen = own;
    for (let k = 0; k < above.length; k++) {
      const combined = [...above.slice(k), own].join(" ");
      const field = matchHeaders([combined])[0]!.field;
      if (field && (!alone || isFuelLike(field))) {
        chosen = combined;
        break;
      }
    }
    out.push(chosen);
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

/** Group rows above a header row: up to two, stopping at a units row or a blank row. */
function groupRowsAbove(rows: readonly (readonly unknown[])[], k: number): (readonly unknown[])[][] {
  const out: (readonly unknown[])[][] = [[]];
  const above: (readonly unknown[])[] = [];
  for (let r = k - 1; r >= Math.max(0, k - 2); r--) {
    const row = rows[r];
    if (!row || isUnitsRow(row) || row.every((c) => cellText(c) === "")) break;
    above.unshift(row);
    out.push([...above]);
  }
  return out;
}

/** A header a sheet's first rows could have: its row, the group rows above it combined into its names. */
export type HeaderCandidate = {
  headerIndex: number;
  unitsIndex: number | null;
  headers: string[];
  units: string[];
};

/** Every header the first HEADER_SEARCH_ROWS rows could hold: each row with none, one or two group rows above. */
export function headerCandidates(
  rows: readonly (readonly unknown[])[],
  headerIndex?: number,
): HeaderCandidate[] {
  const indexes =
    headerIndex !== undefined ? [headerIndex] : [...Array(Math.min(HEADER_SEARCH_ROWS, rows.length)).keys()];
  const out: HeaderCandidate[] = [];
  for (const k of indexes) {
    const row = rows[k];
    if (!row || isUnitsRow(row)) continue;
    const unitsIndex = rows[k + 1] && isUnitsRow(rows[k + 1]!) ? k + 1 : null;
    const units = unitsIndex === null ? [] : rows[unitsIndex]!.map(cellText);
    for (const groups of groupRowsAbove(rows, k))
      out.push({ headerIndex: k, unitsIndex, headers: composeHeaders(groups, row), units });
  }
  return out;
}

/**
 * The header of a sheet (its first rows): the candidate with the most recognised columns, or the best by
 * `score` (the headers of a mapping the request gives, a signature the organisation saved); row `headerIndex`
 * when the caller says where it is. Null when no candidate scores 2 (or, with a `score`, 1).
 */
export function locateHeader(
  rows: readonly (readonly unknown[])[],
  headerIndex?: number,
  score?: (headers: readonly string[]) => number,
): LocatedHeader | null {
  let best: LocatedHeader | null = null;
  let bestScore = score ? 0 : 1;
  for (const c of headerCandidates(rows, headerIndex)) {
    const columns = matchHeaders(c.headers, c.units);
    const points = score ? score(c.headers) : columns.filter((col) => col.field !== null).length;
    if (points > bestScore || (headerIndex !== undefined && best === null)) {
      best = { ...c, columns };
      bestScore = points;
    }
  }
  return best;
}
