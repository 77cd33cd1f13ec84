/**
 * The noon-report corpus's sheets before a program writes them: a grid of cells (text, numbers, and date,
 * date-time, time-of-day and duration cells with their number format) with merged ranges, and the helpers the
 * layouts share to lay reports out under headers of one to three rows.
 */
import type { NoonReport } from "../../src/simulator/noon-reports";

const HOUR = 3_600_000;

/**
 * A typed cell: `date`/`datetime` hold a wall-clock instant as epoch ms whose UTC fields are the clock's
 * (local date and time where the sheet is in local time); `time`/`duration` hold hours. `format` is the
 * cell's number format in the spreadsheet code ('dd/mm/yyyy', 'hh:mm', '[hh]:mm').
 */
export type TypedCell = { kind: "date" | "datetime" | "time" | "duration"; value: number; format: string };
export type Cell = string | number | null | TypedCell;

/** A merged range: first row and column (0-based) and how many rows and columns it spans. */
export type Merge = { row: number; col: number; rows: number; cols: number };
export type Sheet = { name: string; rows: Cell[][]; merges: Merge[] };
export type Workbook = Sheet[];

/** A column of a report table: its heading (top group first, one to three levels), unit row text, value. */
export type Column = { head: readonly string[]; unit?: string; value: (r: NoonReport, n: number) => Cell };

export const date = (value: number, format: string): TypedCell => ({ kind: "date", value, format });
export const datetime = (value: number, format: string): TypedCell => ({ kind: "datetime", value, format });
export const time = (hours: number, format: string): TypedCell => ({ kind: "time", value: hours, format });
export const duration = (hours: number, format: string): TypedCell => ({
  kind: "duration",
  value: hours,
  format,
});

/** The report instant on the ship's clock (epoch ms whose UTC fields read as the local time). */
export const localMs = (r: NoonReport) => r.ms + r.utcOffset * HOUR;
/** The local date at midnight, same convention. */
export const localDay = (r: NoonReport) => Math.floor(localMs(r) / 86_400_000) * 86_400_000;
/** Hours of the local time of day. */
export const localHours = (r: NoonReport) => (localMs(r) - localDay(r)) / HOUR;

export const round = (x: number, d: number) => Math.round(x * 10 ** d) / 10 ** d;

const MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(" ");
const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/**
 * Text of a wall-clock instant: YYYY, YY, MMM (Jan), MM, M, DD, D, hh, mm ('DD.MM.YYYY', 'MMM D, YYYY').
 */
export function textDate(ms: number, pattern: string): string {
  const d = new Date(ms);
  const parts: Record<string, string> = {
    YYYY: String(d.getUTCFullYear()),
    YY: pad(d.getUTCFullYear() % 100),
    MMM: MONTHS[d.getUTCMonth()]!,
    MM: pad(d.getUTCMonth() + 1),
    M: String(d.getUTCMonth() + 1),
    DD: pad(d.getUTCDate()),
    D: String(d.getUTCDate()),
    hh: pad(d.getUTCHours()),
    mm: pad(d.getUTCMinutes()),
  };
  return pattern.replace(/YYYY|YY|MMM|MM|M|DD|D|hh|mm/g, (t) => parts[t]!);
}

/** Hours as 'hh:mm' text ('23:30', '25:00'), as deck officers write steaming time. */
export function hhmm(hours: number): string {
  const minutes = Math.round(hours * 60);
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** A UTC offset written one way: 'UTC+8', 'GMT-3', '+08:00', '+8', 8. */
export function offsetText(h: number, style: "UTC" | "GMT" | "hh:mm" | "sign"): string {
  const sign = h < 0 ? "-" : "+";
  const a = Math.abs(h);
  if (style === "hh:mm") return `${sign}${pad(a)}:00`;
  if (style === "sign") return `${sign}${a}`;
  return `${style}${sign}${a}`;
}

export type TableOptions = {
  /** Rows above the table (title, vessel particulars, blank lines). */
  preamble?: Cell[][];
  /** A row of units under the header, from each column's `unit`. */
  unitsRow?: boolean;
  /** A blank row between months, as clerks leave them. */
  blankBetweenMonths?: boolean;
};

/**
 * Reports under their headings: one header row per heading level. A column's labels fill from the top, its
 * last label merged down to the last header row; group labels (all but a column's last) are merged across
 * neighbouring columns with the same groups above. Then the units row when asked, then a row per report.
 */
export function table(
  name: string,
  columns: Column[],
  reports: NoonReport[],
  opts: TableOptions = {},
): Sheet {
  const rows: Cell[][] = [...(opts.preamble ?? [])];
  const merges: Merge[] = [];
  const width = Math.max(...columns.map((c) => c.head.length));
  const top = rows.length;
  for (let level = 0; level < width; level++) rows.push(columns.map((c) => c.head[level] ?? null));
  for (const [i, c] of columns.entries()) {
    if (c.head.length < width)
      merges.push({ row: top + c.head.length - 1, col: i, rows: width - c.head.length + 1, cols: 1 });
  }
  const group = (j: number, level: number) => {
    const head = columns[j]!.head;
    return level < head.length - 1 ? head.slice(0, level + 1).join("\u0000") : null;
  };
  for (let level = 0; level < width - 1; level++) {
    for (let i = 0; i < columns.length; ) {
      const k = group(i, level);
      let j = i;
      while (k !== null && j + 1 < columns.length && group(j + 1, level) === k) j++;
      if (j > i) {
        merges.push({ row: top + level, col: i, rows: 1, cols: j - i + 1 });
        for (let x = i + 1; x <= j; x++) rows[top + level]![x] = null;
      }
      i = j + 1;
    }
  }
  if (opts.unitsRow) rows.push(columns.map((c) => c.unit ?? null));
  let month = -1;
  for (const [n, r] of reports.entries()) {
    const m = new Date(localMs(r)).getUTCMonth();
    if (opts.blankBetweenMonths && month !== -1 && m !== month) rows.push([]);
    month = m;
    rows.push(columns.map((c) => c.value(r, n)));
  }
  return { name, rows, merges };
}
