/**
 * Cells of a noon-report sheet as ships fill them in: numbers typed with their unit ('12.5 kn'), thousands
 * separators ('1,234.5'), placeholders for 'nothing to report' ('N/A', '-', 'nil'), positions in degrees and
 * minutes, compass points and UTC offsets (dates, times and durations: clock-cells.ts). Every parser answers
 * a value, null (nothing reported) or an error sentence naming what it expected; none of them guesses.
 */
import { Duration, TimeOfDay } from "../spreadsheets/cell-kinds.js";

/** A parsed cell: its value, null when the cell reports nothing, or the reason it could not be read. */
export type Parsed<T> = { ok: true; value: T | null } | { ok: false; reason: string };

const ok = <T>(value: T | null): Parsed<T> => ({ ok: true, value });
const fail = <T>(reason: string): Parsed<T> => ({ ok: false, reason });

/** Texts that mean 'nothing to report' in a number cell. */
const PLACEHOLDERS = new Set([
  "",
  "-",
  "--",
  "---",
  "—",
  "–",
  "n/a",
  "na",
  "n.a.",
  "nil",
  "none",
  "null",
  "/",
  ".",
]);

/** Whether a text cell says 'nothing reported'. */
export function isPlaceholder(text: string): boolean {
  return PLACEHOLDERS.has(text.trim().toLowerCase());
}

const THOUSANDS = /^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/;
const NUMBER_WITH_UNIT = /^([+-]?(?:\d+\.?\d*|\.\d+))\s*([a-z°%/.\s]*)$/i;

/** Thousands with dots and a decimal comma, as a European CSV writes them: '1.234,5'. */
const THOUSANDS_DOTS = /^[+-]?\d{1,3}(\.\d{3})+(,\d+)?$/;
/** A comma that can only be a decimal comma: one or two digits after it, or four and more ('12,5', '0,1234'). */
const PLAIN_DECIMAL_COMMA = /^[+-]?\d+,(\d{1,2}|\d{4,})(?!\d)/;

/** How a file writes its numbers: with a decimal comma (a ';' CSV, LibreOffice in a European locale). */
export type NumberOptions = { decimalComma?: boolean };

/**
 * A number cell: numbers as they are; text with a comma thousands separator ('1,234.5'), with a decimal comma
 * where the file writes them so ('12,5', '1.234,5'; a comma with one, two or four and more digits after it is
 * read as a decimal comma in any file), with a unit after the number ('12.5 kn', '24 hrs', '310nm'), or a
 * placeholder ('N/A', '-': null). The unit written in the cell is returned so that a caller can check it
 * against the column's. A date, a time of day or a duration is not a number.
 */
export function parseNumberCell(
  cell: unknown,
  options: NumberOptions = {},
): Parsed<number> & { unit?: string } {
  if (cell === null || cell === undefined) return ok(null);
  if (typeof cell === "number") return Number.isFinite(cell) ? ok(cell) : fail("is not a number");
  if (cell instanceof Date) return fail("is a date, not a number");
  if (cell instanceof TimeOfDay) return fail(`is a time of day (${cell}), not a number`);
  if (cell instanceof Duration) return fail(`is a duration (${cell}), not a number`);
  if (typeof cell !== "string") return fail("is not a number");
  const text = cell.trim();
  if (isPlaceholder(text)) return ok(null);
  let plain = text;
  if (options.decimalComma) {
    plain = THOUSANDS_DOTS.test(text) ? text.replaceAll(".", "").replace(",", ".") : text.replace(",", ".");
  } else if (THOUSANDS.test(text)) plain = text.replaceAll(",", "");
  else if (PLAIN_DECIMAL_COMMA.test(text)) plain = text.replace(",", ".");
  const m = NUMBER_WITH_UNIT.exec(plain);
  if (!m) return fail("is not a number");
  const unit = m[2]!.trim().replace(/\.$/, "");
  return unit === "" ? ok(Number(m[1])) : { ok: true, value: Number(m[1]), unit: unit.toLowerCase() };
}

/**
 * The 32 points of the mariner's compass, clockwise from north, 11.25° apart (the 16-point names at every
 * second point: N, NNE, NE…; 'NbE' = north by east). Source: Bowditch, American Practical Navigator
 * (NGA Pub. No. 9), Table of the points of the compass.
 */
export const COMPASS_POINTS_32 = [
  "N",
  "NbE",
  "NNE",
  "NEbN",
  "NE",
  "NEbE",
  "ENE",
  "EbN",
  "E",
  "EbS",
  "ESE",
  "SEbE",
  "SE",
  "SEbS",
  "SSE",
  "SbE",
  "S",
  "SbW",
  "SSW",
  "SWbS",
  "SW",
  "SWbW",
  "WSW",
  "WbS",
  "W",
  "WbN",
  "WNW",
  "NWbW",
  "NW",
  "NWbN",
  "NNW",
  "NbW",
] as const;

const COMPASS_DEGREES = new Map<string, number>(
  COMPASS_POINTS_32.map((p, i) => [p.toLowerCase(), i * 11.25]),
);
const WORDS: Record<string, string> = { north: "n", south: "s", east: "e", west: "w" };

/** Degrees of a compass point ('NNE' 22.5, 'NbE' 11.25, 'north' 0), or undefined when the text is no point. */
export function compassPointDegrees(text: string): number | undefined {
  let t = text.trim().toLowerCase();
  for (const [word, letter] of Object.entries(WORDS)) t = t.replaceAll(word, letter);
  t = t.replace(/\s*by\s*/g, "b").replace(/[\s\-/]/g, "");
  return COMPASS_DEGREES.get(t);
}

/**
 * A direction cell (wind from, heading) in whole degrees 0–359, as the records store it: a number of degrees,
 * or a compass point rounded to the degree (NbE 11.25 → 11). 'Var'/'variable' and placeholders are null.
 */
export function parseDirectionCell(cell: unknown): Parsed<number> {
  if (typeof cell === "string") {
    const text = cell.trim();
    if (/^(var|vrb|variable|calm)$/i.test(text)) return ok(null);
    const deg = compassPointDegrees(text);
    if (deg !== undefined) return ok(Math.round(deg) % 360);
  }
  const n = parseNumberCell(cell);
  if (!n.ok || n.value === null)
    return n.ok ? n : fail("is neither degrees nor a compass point (N, NNE, NbE…)");
  if (n.value < 0 || n.value > 360) return fail("must be degrees from 0 to 360 or a compass point");
  return ok(Math.round(n.value) % 360);
}

/**
 * A latitude or longitude: decimal degrees (negative south/west), or degrees and minutes (and seconds) with
 * a hemisphere letter before or after: '12°34.5'N', '12 34.5 N', 'S 12-34.5', '012°34'30"E'.
 * 1° = 60' = 3600" (sexagesimal division of the degree).
 */
export function parsePositionCell(cell: unknown, axis: "lat" | "lon"): Parsed<number> {
  const limit = axis === "lat" ? 90 : 180;
  const range = (v: number) => (Math.abs(v) <= limit ? ok(v) : fail<number>(`must be within ±${limit}°`));
  if (typeof cell === "number") return range(cell);
  if (cell === null || cell === undefined) return ok(null);
  if (typeof cell !== "string") return fail("is not a position");
  const text = cell.trim();
  if (isPlaceholder(text)) return ok(null);
  const letters = text.toUpperCase().match(/[NSEW]/g) ?? [];
  if (letters.length > 1) return fail("has more than one hemisphere letter");
  const hemisphere = letters[0];
  if (hemisphere && (axis === "lat") !== (hemisphere === "N" || hemisphere === "S"))
    return fail(`has hemisphere ${hemisphere}, which is not a ${axis === "lat" ? "latitude" : "longitude"}`);
  const numbers = text.match(/\d+(?:\.\d+)?/g) ?? [];
  if (numbers.length === 0 || numbers.length > 3) return fail("is not a position (e.g. 12°34.5'N or 12.575)");
  const rest = text.replace(/[NSEWnsew°'"′″:\s\-+.,\d]/g, "");
  if (rest !== "") return fail("is not a position (e.g. 12°34.5'N or 12.575)");
  const [deg, min = 0, sec = 0] = numbers.map(Number) as [number, number?, number?];
  if (numbers.length > 1 && (min >= 60 || sec >= 60)) return fail("has minutes or seconds of 60 or more");
  const negative = hemisphere === "S" || hemisphere === "W" || (!hemisphere && /^-/.test(text));
  const value = deg + min / 60 + sec / 3600;
  return range(negative ? -value : value);
}

/**
 * A whole position in one cell: "12°34.5'N 045°12.3'E", 'N 12 34.5 E 045 12.3', '12.575, -45.205'. With
 * hemisphere letters either order is read; without them the latitude comes first and a comma, semicolon or
 * slash stands between the two decimal figures.
 * Each half is read by `parsePositionCell`.
 */
export function parsePositionPairCell(cell: unknown): Parsed<{ lat: number; lon: number }> {
  if (cell === null || cell === undefined) return ok(null);
  if (typeof cell !== "string") return fail("is not a position (e.g. 12°34.5'N 045°12.3'E)");
  const text = cell.trim();
  if (isPlaceholder(text)) return ok(null);
  const halves = splitPositionPair(text);
  if (!halves) return fail("is not a position (e.g. 12°34.5'N 045°12.3'E, or 12.575, -45.205)");
  // a longitude written first shows itself by its hemisphere letter
  const [latText, lonText] = /[EW]/i.test(halves[0]) ? [halves[1], halves[0]] : halves;
  const lat = parsePositionCell(latText, "lat");
  const lon = parsePositionCell(lonText, "lon");
  if (!lat.ok) return fail(`has a latitude that ${lat.reason}`);
  if (!lon.ok) return fail(`has a longitude that ${lon.reason}`);
  if (lat.value === null || lon.value === null) return fail("has only one of latitude and longitude");
  return ok({ lat: lat.value, lon: lon.value });
}

/** The latitude and longitude halves of a position text, or null when it cannot be cut in two. */
function splitPositionPair(text: string): [string, string] | null {
  const letters = [...text.toUpperCase().matchAll(/[NSEW]/g)];
  if (letters.length === 2) {
    const [first, second] = letters as [RegExpMatchArray, RegExpMatchArray];
    // hemisphere letters after their numbers ("12°34.5'N 045°E") cut after the first; before them, before the second
    const cut = /^[NSEW]/i.test(text) ? second.index! : first.index! + 1;
    return [text.slice(0, cut), text.slice(cut)];
  }
  if (letters.length > 0) return null;
  const separated = text.split(/[,;/]/);
  return separated.length === 2 ? [separated[0]!, separated[1]!] : null;
}

/**
 * A UTC offset in hours: '+8', '-3.5', '+05:30', '+0530', 'UTC+8', 'GMT-5', 'Z'. Within −12…+14 h (the
 * offsets in use, IANA time zone database).
 */
export function parseUtcOffsetCell(cell: unknown): Parsed<number> {
  if (typeof cell === "number") return offsetInRange(cell);
  if (cell === null || cell === undefined) return ok(null);
  if (typeof cell !== "string") return fail("is not a UTC offset");
  let text = cell
    .trim()
    .toUpperCase()
    .replace(/^(UTC|GMT|LT)\s*/, "");
  if (text === "" || text === "Z") return ok(0);
  if (isPlaceholder(text)) return ok(null);
  text = text.replace(/\s+/g, "").replace(/H(RS?)?$/, "");
  const hm = /^([+-])?(\d{1,2})(?::?(\d{2}))$/.exec(text);
  if (hm && text.length >= 4) {
    const sign = hm[1] === "-" ? -1 : 1;
    return offsetInRange(sign * (Number(hm[2]) + Number(hm[3]) / 60));
  }
  if (/^[+-]?\d+(\.\d+)?$/.test(text)) return offsetInRange(Number(text));
  return fail("is not a UTC offset (e.g. +8, -3.5, UTC+05:30)");
}

function offsetInRange(h: number): Parsed<number> {
  return h >= -12 && h <= 14 ? ok(h) : fail("must be between -12 and +14 hours");
}
