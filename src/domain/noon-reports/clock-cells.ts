/**
 * Dates, times and durations in noon-report cells, as reporting systems and spreadsheet programs write them:
 * date, time and date-time cells (a time of day is never a date: cell-kinds.ts), Excel serial numbers, and text
 * in the usual forms — ISO 8601 ('2025-01-01 12:00', '2025-01-01T12:00+08:00'), day-first or month-first
 * numbers ('01/02/2025', '01.02.2025', '1-2-25'), month names ('01-Jan-25', '1 Jan 2025', 'Jan 1, 2025'),
 * times ('12:00', '1200', '12:00 LT', '12:00 PM'), a zone after the time ('Z', 'UTC', 'GMT+8', '+05:30').
 * Whether '01/02/2025' is 1 February or 2 January is the column's to say, not the cell's: `decideDateOrder`
 * reads the whole column and states how it decided.
 */
import { Duration, TimeOfDay } from "../spreadsheets/cell-kinds.js";
import { DAY_MS, HOUR_MS } from "../time/units.js";
import { isPlaceholder, type Parsed } from "./cells.js";

const ok = <T>(value: T | null): Parsed<T> => ({ ok: true, value });
const fail = <T>(reason: string): Parsed<T> => ({ ok: false, reason });

export type ClockValue = { ms: number; kind: "date" | "time" | "datetime"; zoned: boolean };

/** Day-first ('01/02/2025' = 1 February, the order outside the United States) or month-first. */
export type DateOrder = "dmy" | "mdy";

export type ClockOptions = { dateOrder?: DateOrder };

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const MONTH_NAMES =
  "jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?";
const monthOf = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;

/** A time after a date: ' 12:00', 'T12:00:00.000', ' 12:00 PM', ' 1200'. */
const TIME_PART = String.raw`(?:[T\s]+(\d{1,2}):?(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(am|pm)?)?`;
const ISO_DATE = new RegExp(String.raw`^(\d{4})[-/](\d{1,2})[-/](\d{1,2})${TIME_PART}$`, "i");
const NUMERIC_DATE = new RegExp(String.raw`^(\d{1,2})[/.\-](\d{1,2})[/.\-](\d{4}|\d{2})${TIME_PART}$`, "i");
const DAY_MONTH_NAME = new RegExp(
  String.raw`^(\d{1,2})(?:st|nd|rd|th)?[\s\-/.]*(${MONTH_NAMES})\.?[\s\-/.,]*(\d{4}|\d{2})${TIME_PART}$`,
  "i",
);
const MONTH_NAME_DAY = new RegExp(
  String.raw`^(${MONTH_NAMES})\.?[\s\-/.]*(\d{1,2})(?:st|nd|rd|th)?,?[\s\-/.]+(\d{4}|\d{2})${TIME_PART}$`,
  "i",
);
const TIME_ONLY = /^(\d{1,2}):?(\d{2})(?::(\d{2}))?\s*(am|pm)?\s*(?:hrs?|h)?$/i;
/** A zone after a date-time or a time: 'Z', 'UTC', 'GMT', 'UTC+8', '+08:00', '+0530'; or 'LT' (local). */
const ZONE_SUFFIX =
  /(?:\s*(?:(z)|(utc|gmt)\s*(?:([+-])\s*(\d{1,2})(?::?(\d{2}))?)?|([+-])(\d{2}):?(\d{2})|(lt|smt)))$/i;

/** Years written with two digits are this century's (noon reports are electronic records, after 2000). */
const fullYear = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));

type Parts = { y: number; mo: number; d: number; h: number; mi: number; s: number; hasTime: boolean };

function timeOf(
  hh: string | undefined,
  mm: string | undefined,
  ss: string | undefined,
  ampm: string | undefined,
) {
  let h = Number(hh ?? 0);
  if (ampm) {
    if (h < 1 || h > 12) return null;
    h = (h % 12) + (ampm.toLowerCase() === "pm" ? 12 : 0);
  }
  return { h, mi: Number(mm ?? 0), s: Number(ss ?? 0), hasTime: hh !== undefined };
}

/** The date and time parts of a text, or null when it is no date this reader knows. */
function dateParts(text: string, order: DateOrder): Parts | null {
  let m = ISO_DATE.exec(text);
  if (m) {
    const t = timeOf(m[4], m[5], m[6], m[7]);
    return t && { y: Number(m[1]), mo: Number(m[2]), d: Number(m[3]), ...t };
  }
  m = NUMERIC_DATE.exec(text);
  if (m) {
    const [a, b] = [Number(m[1]), Number(m[2])];
    const t = timeOf(m[4], m[5], m[6], m[7]);
    const [d, mo] = order === "dmy" ? [a, b] : [b, a];
    return t && { y: fullYear(m[3]!), mo, d, ...t };
  }
  m = DAY_MONTH_NAME.exec(text);
  if (m) {
    const t = timeOf(m[4], m[5], m[6], m[7]);
    return t && { y: fullYear(m[3]!), mo: monthOf(m[2]!), d: Number(m[1]), ...t };
  }
  m = MONTH_NAME_DAY.exec(text);
  if (m) {
    const t = timeOf(m[4], m[5], m[6], m[7]);
    return t && { y: fullYear(m[3]!), mo: monthOf(m[1]!), d: Number(m[2]), ...t };
  }
  return null;
}

/** A text's zone suffix as minutes east of UTC (0 for Z/UTC/GMT), 'local' for LT, and the text without it. */
function splitZone(text: string): { rest: string; offsetMin: number | "local" | null } {
  const m = ZONE_SUFFIX.exec(text);
  // '12:00' ends in digits that a bare '+hh:mm' cannot take without its sign; a date alone takes no zone.
  if (!m || m.index === 0) return { rest: text, offsetMin: null };
  const rest = text.slice(0, m.index).trim();
  if (m[9]) return { rest, offsetMin: "local" };
  if (m[1]) return { rest, offsetMin: 0 };
  if (m[2]) {
    if (!m[3]) return { rest, offsetMin: 0 };
    const min = Number(m[4]) * 60 + Number(m[5] ?? 0);
    return { rest, offsetMin: m[3] === "-" ? -min : min };
  }
  // A bare offset follows a time ('12:00+08:00'), never a date ('01-01-2025' is no offset of −20:25).
  if (!/\d:\d\d(?::\d\d(?:\.\d+)?)?$/.test(rest)) return { rest: text, offsetMin: null };
  const min = Number(m[7]) * 60 + Number(m[8]);
  return { rest, offsetMin: m[6] === "-" ? -min : min };
}

/**
 * A date, time or date-and-time cell as wall-clock milliseconds (the clock's reading taken as if it were
 * UTC), with `kind` saying which part it holds. A zone written in the text is honoured: the answer is then UTC
 * (`zoned`). Numbers are Excel serial days (a time of day alone is a fraction of a day).
 */
export function parseClockCell(cell: unknown, options: ClockOptions = {}): Parsed<ClockValue> {
  if (cell === null || cell === undefined) return ok(null);
  if (cell instanceof TimeOfDay) return ok({ ms: cell.ms, kind: "time", zoned: false });
  if (cell instanceof Duration) {
    if (cell.hours >= 0 && cell.hours < 24)
      return ok({ ms: Math.round(cell.hours * HOUR_MS), kind: "time", zoned: false });
    return fail(`is a duration (${cell}), not a time of day`);
  }
  if (cell instanceof Date) {
    const ms = cell.getTime();
    if (Number.isNaN(ms)) return fail("is not a date");
    // Before 1900 a workbook holds no date: a time of day on Excel's day zero that a writer kept as a date.
    if (ms < Date.UTC(1900, 0, 1))
      return ok({ ms: ((ms % DAY_MS) + DAY_MS) % DAY_MS, kind: "time", zoned: false });
    return ok({ ms, kind: ms % DAY_MS === 0 ? "date" : "datetime", zoned: false });
  }
  if (typeof cell === "number") {
    // Excel serial days from 1899-12-30 (the 1900 leap-year bug makes day 60 the phantom 29 February).
    if (cell >= 0 && cell < 1) return ok({ ms: Math.round(cell * DAY_MS), kind: "time", zoned: false });
    if (cell >= 1 && cell < 2_958_466) {
      const ms = Math.round((cell - 25_569) * DAY_MS);
      return ok({ ms, kind: Number.isInteger(cell) ? "date" : "datetime", zoned: false });
    }
    return fail("is not a date or time");
  }
  if (typeof cell !== "string") return fail("is not a date or time");
  const text = cell.trim();
  if (isPlaceholder(text)) return ok(null);
  const { rest, offsetMin } = splitZone(text);
  const zoned = typeof offsetMin === "number";
  const time = TIME_ONLY.exec(rest);
  if (time) {
    const t = timeOf(time[1], time[2], time[3], time[4]);
    if (!t || t.h > 24 || t.mi > 59 || t.s > 59 || (t.h === 24 && (t.mi > 0 || t.s > 0)))
      return fail("is not a time of day");
    const wall = ((t.h * 60 + t.mi) * 60 + t.s) * 1000;
    return ok({ ms: zoned ? wall - offsetMin * 60_000 : wall, kind: "time", zoned });
  }
  const p = dateParts(rest, options.dateOrder ?? "dmy");
  if (!p) return fail("is not a date or time (e.g. 2025-03-01 12:00, 01/03/2025 12:00 or 01-Mar-25)");
  const wall = Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi, p.s);
  const check = new Date(wall);
  if (
    p.mo < 1 ||
    p.mo > 12 ||
    check.getUTCMonth() !== p.mo - 1 ||
    check.getUTCDate() !== p.d ||
    p.h > 23 ||
    p.mi > 59 ||
    p.s > 59
  )
    return fail("is not a valid date");
  const kind = p.hasTime ? "datetime" : "date";
  return ok({ ms: zoned ? wall - offsetMin * 60_000 : wall, kind, zoned });
}

/** UTC instant of a ship's local clock reading: UTC = local time − offset (offset = local − UTC, hours). */
export function localToUtcMs(localWallMs: number, utcOffsetHours: number): number {
  return localWallMs - Math.round(utcOffsetHours * HOUR_MS);
}

/** How a column's day/month order was decided, in a sentence's words. */
export type DateOrderDecision = {
  order: DateOrder;
  /** 'day' a first figure above 12 ('13/01/2025'); 'month' a second one; 'sequence' one day between reports; 'default'. */
  basis: "day" | "month" | "sequence" | "default";
  /** The text that decided it, when one did. */
  example: string | null;
};

/**
 * The day/month order of a column's numeric dates ('01/02/2025'): a first figure above 12 makes it day-first, a
 * second one month-first; when every figure is 12 or less, the order under which consecutive reports are
 * closest to a day apart (daily noon reports) wins; with neither, day-first (the usual order outside the
 * United States). Both kinds of figure above 12 in one column: no order reads it, `contradiction` names two.
 */
export function decideDateOrder(
  texts: readonly string[],
): DateOrderDecision | { contradiction: [string, string] } {
  let dayFirst: string | null = null;
  let monthFirst: string | null = null;
  const numeric: string[] = [];
  for (const raw of texts) {
    const text = splitZone(raw.trim()).rest;
    const m = NUMERIC_DATE.exec(text);
    if (!m) continue;
    numeric.push(text);
    if (Number(m[1]) > 12) dayFirst ??= raw;
    if (Number(m[2]) > 12) monthFirst ??= raw;
  }
  if (dayFirst && monthFirst) return { contradiction: [dayFirst, monthFirst] };
  if (dayFirst) return { order: "dmy", basis: "day", example: dayFirst };
  if (monthFirst) return { order: "mdy", basis: "month", example: monthFirst };
  if (numeric.length >= 2) {
    const spread = (order: DateOrder) => {
      const days = numeric.map((t) => {
        const p = dateParts(t, order);
        return p ? Date.UTC(p.y, p.mo - 1, p.d) / DAY_MS : Number.NaN;
      });
      let far = 0;
      for (let i = 1; i < days.length; i++) if (!(Math.abs(days[i]! - days[i - 1]!) <= 2)) far += 1;
      return far;
    };
    const [dmy, mdy] = [spread("dmy"), spread("mdy")];
    if (dmy !== mdy) return { order: dmy < mdy ? "dmy" : "mdy", basis: "sequence", example: null };
  }
  return { order: "dmy", basis: "default", example: null };
}

/**
 * Hours from a steaming-time or period cell: a number of hours ('23.5', '23,5' with a decimal comma,
 * '23.5 hrs'), hours and minutes ('23:30', '25:00', '23h30', '23 h 30 min'), a duration cell, or a time cell
 * (LibreOffice and Excel make '23:30' typed into a cell a time of day: 23.5 h elapsed).
 */
export function parseDurationCell(cell: unknown, options: { decimalComma?: boolean } = {}): Parsed<number> {
  if (cell === null || cell === undefined) return ok(null);
  if (cell instanceof Duration) return ok(cell.hours);
  if (cell instanceof TimeOfDay) return ok(cell.ms / HOUR_MS);
  if (cell instanceof Date) {
    // A time format on 24 h or more ('24:00' on 'HH:MM' is serial 1.0): elapsed time from Excel's day zero,
    // which no steaming-time cell can mean as a date.
    const sinceDayZero = cell.getTime() - Date.UTC(1899, 11, 30);
    if (sinceDayZero >= 0 && sinceDayZero < 3 * DAY_MS) return ok(sinceDayZero / HOUR_MS);
    return fail("is a date, not a number of hours");
  }
  if (typeof cell === "number") return Number.isFinite(cell) ? ok(cell) : fail("is not a number of hours");
  if (typeof cell !== "string") return fail("is not a number of hours");
  const text = cell.trim().toLowerCase();
  if (isPlaceholder(text)) return ok(null);
  const hm = /^(\d{1,3})\s*(?::|h|hrs?|hours?)\s*(\d{1,2})\s*(?:m|min|mins|minutes?)?$/.exec(text);
  if (hm) {
    const minutes = Number(hm[2]);
    return minutes < 60 ? ok(Number(hm[1]) + minutes / 60) : fail("has 60 minutes or more");
  }
  const plain = options.decimalComma || /^\d+,\d{1,2}(?!\d)/.test(text) ? text.replace(",", ".") : text;
  const n = /^(\d+(?:\.\d+)?|\.\d+)\s*(?:h|hrs?|hours?)?$/.exec(plain);
  return n ? ok(Number(n[1])) : fail("is not a number of hours (e.g. 23.5 or 23:30)");
}
