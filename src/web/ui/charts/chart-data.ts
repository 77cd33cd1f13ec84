/**
 * Shaping API series into uPlot's columnar form (one x array, one y array per series, aligned by index).
 * Pure: no DOM, no uPlot import, so the rules are unit-tested.
 */
import { extentOf } from "../../../domain/performance/statistics";

/** A y column: numbers with null for a missing value. */
export type Column = ArrayLike<number | null>;

/** ISO instants to epoch seconds (uPlot's time unit); an unreadable instant becomes NaN and is dropped later. */
export function isoToSeconds(instants: ArrayLike<string>): Float64Array {
  const out = new Float64Array(instants.length);
  for (let i = 0; i < instants.length; i++) out[i] = Date.parse(instants[i]!) / 1000;
  return out;
}

/** Whether a column holds at least one finite number. */
export function hasValues(column: Column | null | undefined): boolean {
  if (!column) return false;
  for (let i = 0; i < column.length; i++) {
    const v = column[i];
    if (v !== null && v !== undefined && Number.isFinite(v)) return true;
  }
  return false;
}

/** Count of finite numbers in a column. */
export function countValues(column: Column | null | undefined): number {
  if (!column) return 0;
  let n = 0;
  for (let i = 0; i < column.length; i++) {
    const v = column[i];
    if (v !== null && v !== undefined && Number.isFinite(v)) n++;
  }
  return n;
}

/** Index of a column's last finite number, or null when it has none (the legend's value when not hovering). */
export function latestIndex(column: Column | null | undefined): number | null {
  if (!column) return null;
  for (let i = column.length - 1; i >= 0; i--) {
    const v = column[i];
    if (v !== null && v !== undefined && Number.isFinite(v)) return i;
  }
  return null;
}

/**
 * The text of a series' legend cell. Under the cursor (`idx` set): the series' own value at that row, '—' when
 * it has none. Off the chart (`idx` null): with `atRest` 'latest' (time series) the series' latest value, so the
 * legend reads without hovering; with 'blank' (scatter and category charts, where no row is the latest) nothing.
 */
export function legendValue(
  column: Column | null | undefined,
  idx: number | null | undefined,
  decimals: number,
  atRest: "latest" | "blank",
): string {
  if (idx === null || idx === undefined) {
    if (atRest === "blank") return "";
    const last = latestIndex(column);
    return last === null ? "—" : (column![last] as number).toFixed(decimals);
  }
  const v = column?.[idx];
  return v === null || v === undefined || !Number.isFinite(v) ? "—" : v.toFixed(decimals);
}

/** An x column with its y columns, as the API sends them. */
export type Table = { x: ArrayLike<number>; ys: readonly Column[] };

/**
 * Aligns several tables on one ascending x column (uPlot draws series over a shared, sorted x): rows
 * whose x is not finite are dropped; where a table has no value at an x its columns hold null. Tables
 * that already share one sorted x come out unchanged in order. Equal x values of the same table are kept
 * as separate rows (scatter clouds have many points at one speed).
 */
export function alignTables(tables: readonly Table[]): { x: Float64Array; ys: Array<Array<number | null>> } {
  type Row = { x: number; table: number; index: number };
  const rows: Row[] = [];
  tables.forEach((table, t) => {
    for (let i = 0; i < table.x.length; i++) {
      const x = table.x[i]!;
      if (Number.isFinite(x)) rows.push({ x, table: t, index: i });
    }
  });
  rows.sort((a, b) => a.x - b.x || a.table - b.table || a.index - b.index);
  const x = new Float64Array(rows.length);
  const width = tables.reduce((n, table) => n + table.ys.length, 0);
  const ys: Array<Array<number | null>> = Array.from({ length: width }, () =>
    new Array(rows.length).fill(null),
  );
  const offsets: number[] = [];
  tables.reduce((offset, table) => {
    offsets.push(offset);
    return offset + table.ys.length;
  }, 0);
  rows.forEach((row, r) => {
    x[r] = row.x;
    const table = tables[row.table]!;
    table.ys.forEach((column, c) => {
      const v = column[row.index];
      ys[offsets[row.table]! + c]![r] = v === undefined || v === null || !Number.isFinite(v) ? null : v;
    });
  });
  return { x, ys };
}

/** A column of one constant value as long as `length` (a target or baseline line across a chart). */
export function constantColumn(value: number, length: number): Float64Array {
  return new Float64Array(length).fill(value);
}

/** The [min, max] of the finite values of some columns, or null when there are none. */
export function extent(columns: readonly Column[]): [number, number] | null {
  return extentOf(valuesOf(columns));
}

function* valuesOf(columns: readonly Column[]): Generator<number | null | undefined> {
  for (const column of columns) for (let i = 0; i < column.length; i++) yield column[i];
}

/**
 * The value range of an axis that holds bars: a bar's length is its quantity, so the range always includes 0
 * (an axis from 27.3 makes 28 look twice 27.6), and it keeps negative values (a fuel saving, a negative
 * penalty) below 0 rather than cutting them off. `min` and `max` are the data's (null or non-finite when there
 * are none); 5 % of the span is added on the side(s) away from 0. All zero, or no value: [0, 1].
 */
export function barScaleRange(min: number | null, max: number | null): [number, number] {
  const lo = Math.min(0, min !== null && Number.isFinite(min) ? min : 0);
  const hi = Math.max(0, max !== null && Number.isFinite(max) ? max : 0);
  if (lo === hi) return [0, 1];
  const pad = (hi - lo) * 0.05;
  return [lo < 0 ? lo - pad : 0, hi > 0 ? hi + pad : 0];
}

/** An axis title with its unit: 'SFOC (g/kWh)'; the name alone when there is no unit. */
export function axisLabel(name: string, unit?: string | null): string {
  return unit ? `${name} (${unit})` : name;
}

/**
 * Cumulative columns for a stacked bar chart: the i-th output is the sum of columns 0..i (missing values
 * count as 0), or null where every column up to i is missing. Drawn from the last (tallest) to the first,
 * each bar hides the part of the taller one below it, which reads as a stack.
 */
export function stackColumns(columns: readonly Column[]): Array<Array<number | null>> {
  const length = columns.reduce((n, c) => Math.max(n, c.length), 0);
  const out: Array<Array<number | null>> = [];
  const running = new Array<number | null>(length).fill(null);
  for (const column of columns) {
    for (let i = 0; i < length; i++) {
      const v = column[i];
      if (v !== null && v !== undefined && Number.isFinite(v)) running[i] = (running[i] ?? 0) + v;
    }
    out.push([...running]);
  }
  return out;
}

/**
 * Which category names an axis can show without overlap: names `widthsPx` wide, centred `spacingPx` apart,
 * kept from the first on whenever a name clears the last one kept by `gapPx`. Indices, ascending.
 */
export function nonOverlappingLabels(widthsPx: readonly number[], spacingPx: number, gapPx = 6): number[] {
  const shown: number[] = [];
  widthsPx.forEach((w, i) => {
    const last = shown[shown.length - 1];
    if (last === undefined || (widthsPx[last]! + w) / 2 + gapPx <= (i - last) * spacingPx) shown.push(i);
  });
  return shown;
}
