import { DAY_MS } from "../time/units";
/**
 * What a spreadsheet cell holds, from its number format: a workbook stores dates, times of day and durations
 * all as one number (Excel's serial day: days since 1899-12-30, the time of day its fraction) and says which
 * it is only through the cell's format. '12:00' typed into LibreOffice or Excel is 0.5 on the format 'HH:MM'
 * — a time of day, not 1899-12-30 12:00; '25:00' is 1.0417 on '[HH]:MM' — 25 hours elapsed, not a date.
 *
 * Sources: ECMA-376 Part 1 §18.8.30 (built-in number formats) and §18.8.31 (format codes: 'm' after 'h' or
 * before 's' is minutes, otherwise month; '[h]', '[m]', '[s]' are elapsed time); OpenDocument 1.3 Part 3
 * §19.385 (office:time-value is an ISO 8601 duration).
 */

export type NumberFormatKind = "date" | "time" | "datetime" | "duration";

/** A time of day from a cell formatted as a time (hh:mm): milliseconds after midnight, 0 ≤ ms < 24 h. */
export class TimeOfDay {
  constructor(readonly ms: number) {}
  toString(): string {
    const s = Math.round(this.ms / 1000);
    const hh = String(Math.floor(s / 3600)).padStart(2, "0");
    const mm = String(Math.floor((s % 3600) / 60)).padStart(2, "0");
    return s % 60 === 0 ? `${hh}:${mm}` : `${hh}:${mm}:${String(s % 60).padStart(2, "0")}`;
  }
}

/** Elapsed time from a cell formatted as a duration ([h]:mm) or an ODS time value: hours, ≥ 0. */
export class Duration {
  constructor(readonly hours: number) {}
  toString(): string {
    const minutes = Math.round(this.hours * 60);
    return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`;
  }
}

/**
 * The kind of value a number format shows, or null for a plain number. Quoted text, escaped characters,
 * fill and padding characters, colours, locales and conditions are left out; only the first section counts.
 */
export function numberFormatKind(format: string | undefined): NumberFormatKind | null {
  if (!format) return null;
  let code = format
    .replace(/"[^"]*"/g, "")
    .replace(/\\./g, "")
    .replace(/[_*]./g, "");
  code = code.split(";")[0] ?? "";
  if (/^\s*general\s*$/i.test(code)) return null;
  if (/\[(h+|m+|s+)\]/i.test(code)) return "duration";
  code = code.replace(/\[[^\]]*\]/g, "").toLowerCase();
  const ampm = /am\/pm|a\/p/.test(code);
  code = code.replace(/am\/pm|a\/p/g, "");
  // 'm' right after an hour or right before a second is minutes (ECMA-376 §18.8.31); any other 'm' a month.
  const withoutMinutes = code.replace(/(h+[^a-z]*)m+/g, "$1").replace(/m+([^a-z]*s)/g, "$1");
  const hasDate = /[yd]/.test(withoutMinutes) || /m/.test(withoutMinutes);
  const hasTime = ampm || /[hs]/.test(withoutMinutes);
  if (hasDate && hasTime) return "datetime";
  if (hasDate) return "date";
  if (hasTime) return "time";
  return null;
}

/** The kinds of Excel's built-in number formats (ECMA-376 Part 1 §18.8.30), by format id. */
export function builtInFormatKind(id: number): NumberFormatKind | null {
  if (id >= 14 && id <= 17) return "date";
  if ((id >= 18 && id <= 21) || id === 45 || id === 47) return "time";
  if (id === 22) return "datetime";
  if (id === 46) return "duration";
  // East Asian built-ins (27–36, 50–58) are locale dates.
  if ((id >= 27 && id <= 36) || (id >= 50 && id <= 58)) return "date";
  return null;
}

/** Serial day 25569 is 1970-01-01 in Excel's 1900 date system. */
const UNIX_EPOCH_SERIAL = 25_569;

/** A serial day of Excel's 1900 date system as a UTC instant. */
export function excelSerialToDate(serial: number): Date {
  return new Date(Math.round((serial - UNIX_EPOCH_SERIAL) * DAY_MS));
}

/**
 * A workbook number as the value its format shows: a Date for a date or date-time, a TimeOfDay for a time of
 * day (a time format on a number with a whole day part is a date-time shown as its time: kept as the
 * date-time it is), a Duration for elapsed time, the number itself otherwise. `serial` is of the 1900 system.
 */
export function serialCellValue(
  serial: number,
  kind: NumberFormatKind | null,
): number | Date | TimeOfDay | Duration {
  switch (kind) {
    case "date":
    case "datetime":
      return excelSerialToDate(serial);
    case "time":
      return serial >= 0 && serial < 1
        ? new TimeOfDay(Math.round(serial * DAY_MS))
        : excelSerialToDate(serial);
    case "duration":
      return new Duration(serial * 24);
    default:
      return serial;
  }
}

/** An ISO 8601 duration as OpenDocument writes a time cell ('PT12H00M00S', 'PT25H30M'), in hours. */
export function isoDurationHours(text: string): number | undefined {
  const m =
    /^(-)?P(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(
      text.trim(),
    );
  if (!m || text.trim() === "P" || text.trim() === "PT") return undefined;
  const [d, h, mi, s] = [m[2], m[3], m[4], m[5]].map((x) => Number(x ?? 0)) as [
    number,
    number,
    number,
    number,
  ];
  const hours = d * 24 + h + mi / 60 + s / 3600;
  return m[1] ? -hours : hours;
}
