/**
 * A fast path for the common row of a series upload, compiled once per sheet from the type's zod contract,
 * and a COPY line built from the cells' own text.
 *
 * The contract stays the only source of rules: each field's checks are read from the zod schema itself
 * (`def.checks`: the bounds of `.min/.max`, whether they are inclusive, `.int()`; the entries of an enum;
 * `optional`, `nullable`, `default` wrappers). A field whose schema has any other shape or check is handed to
 * its own zod schema. The fast path only ever *accepts*: a row it cannot accept with certainty is given to the
 * full contract parse (`contractParser`), so every rejection, and its message, is still zod's. What it accepts
 * it accepts with the value zod would output (fast-row.test.ts checks both on generated rows with fast-check).
 *
 * Why: a zod parse of a 14-field row costs several microseconds (a result object per field, a Date built
 * twice for the timestamp), and formatting each double back to text for COPY costs more; a 1,000,000-row
 * file spent most of its Node time there.
 */
import type { z } from "zod";
import {
  EARLIEST_INSTANT,
  FUTURE_TOLERANCE_MS,
  isoInstant,
  LATEST_INSTANT,
  recordInstant,
} from "../../contracts/common";
import type { Cell } from "./cell-values";

type CheckDef = { check: string; value?: unknown; inclusive?: boolean; format?: string };
type Def = {
  type: string;
  innerType?: z.ZodType;
  checks?: { _zod: { def: CheckDef } }[];
  entries?: Record<string, string | number>;
  defaultValue?: unknown;
};

const defOf = (schema: z.ZodType) => schema._zod.def as unknown as Def;

/** A number test equivalent to a zod number schema's checks, or undefined if a check is not understood. */
export function numberTest(schema: z.ZodType): ((n: number) => boolean) | undefined {
  const def = defOf(schema);
  if (def.type !== "number") return undefined;
  let min = Number.NEGATIVE_INFINITY;
  let minInclusive = true;
  let max = Number.POSITIVE_INFINITY;
  let maxInclusive = true;
  let int = false;
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === "greater_than" && typeof c.value === "number") {
      if (c.value > min || (c.value === min && !c.inclusive)) {
        min = c.value;
        minInclusive = c.inclusive === true;
      }
    } else if (c.check === "less_than" && typeof c.value === "number") {
      if (c.value < max || (c.value === max && !c.inclusive)) {
        max = c.value;
        maxInclusive = c.inclusive === true;
      }
    } else if (c.check === "number_format" && c.format === "safeint") {
      int = true;
    } else {
      return undefined;
    }
  }
  return (n) =>
    Number.isFinite(n) &&
    (minInclusive ? n >= min : n > min) &&
    (maxInclusive ? n <= max : n < max) &&
    (!int || Number.isSafeInteger(n));
}

/** How a field is read on the fast path. */
export type FastField =
  /** A number field: `test` is the contract's bounds; `absent` what an empty cell gives. */
  | { kind: "number"; test: (n: number) => boolean; absent: Absent; int: boolean }
  /** An enum: the allowed texts. */
  | { kind: "enum"; values: ReadonlySet<string>; absent: Absent }
  /** The contract's ISO 8601 instant (`recordInstant`: also no later than FUTURE_TOLERANCE_MS from now). */
  | { kind: "instant"; absent: Absent; notFuture: boolean }
  /** Anything else: the field's own zod schema, remembered per input text (contracts are pure). */
  | { kind: "zod"; schema: z.ZodType; memo: Map<string, unknown> };

/** What an empty cell gives: the field left out (optional), a default value, or a reason to ask zod. */
type Absent = { ok: false } | { ok: true; value: unknown };

const OMIT: Absent = { ok: true, value: undefined };
const NO: Absent = { ok: false };

/** Peels optional / nullable / default wrappers, noting what an absent input gives. */
function unwrap(schema: z.ZodType): { core: z.ZodType; absent: Absent } {
  let core = schema;
  let absent: Absent = NO;
  for (;;) {
    const def = defOf(core);
    if (def.type === "optional" && def.innerType) {
      if (!absent.ok) absent = OMIT;
      core = def.innerType;
    } else if (def.type === "nullable" && def.innerType) {
      core = def.innerType;
    } else if (def.type === "default" && def.innerType && !absent.ok) {
      const value = def.defaultValue;
      // Only a primitive default can be shared between rows.
      if (value !== null && typeof value === "object") return { core: schema, absent: NO };
      absent = { ok: true, value };
      core = def.innerType;
    } else {
      return { core, absent };
    }
  }
}

export function compileField(schema: z.ZodType): FastField {
  const { core, absent } = unwrap(schema);
  const def = defOf(core);
  const test = numberTest(core);
  if (test) {
    const int = (def.checks ?? []).some((c) => c._zod.def.check === "number_format");
    return { kind: "number", test, absent, int };
  }
  if (def.type === "enum" && def.entries && Object.values(def.entries).every((v) => typeof v === "string")) {
    return { kind: "enum", values: new Set(Object.values(def.entries) as string[]), absent };
  }
  if (core === isoInstant || core === recordInstant) {
    return { kind: "instant", absent, notFuture: core === recordInstant };
  }
  return { kind: "zod", schema, memo: new Map() };
}

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
/** Decimal text that PostgreSQL's float8 input reads to the same double as JS `Number` (no exponent). */
const PLAIN_DECIMAL = /^-?\d{1,20}(?:\.\d{1,20})?$/;

/**
 * A numeric cell read as `toNumber` reads it (cell-values.ts): the number, and its text when that text can
 * go to COPY as it is. Returns false when the cell is not a number (zod then says why).
 */
export type NumberCell = { value: number | undefined; text: string | undefined };

export function readNumberCell(
  cell: Cell,
  decimalComma: boolean,
  out: NumberCell,
  /** The text a workbook wrote for a number cell (`SheetRow.texts`), the number being `Number(written)`. */
  written?: string,
): boolean {
  out.text = undefined;
  if (typeof cell === "number") {
    out.value = cell;
    if (written !== undefined && cell !== 0 && PLAIN_DECIMAL.test(written)) out.text = written;
    return true;
  }
  if (cell === null || cell === undefined) {
    out.value = undefined;
    return true;
  }
  if (typeof cell !== "string") return false;
  let text = cell.trim();
  if (text === "") {
    out.value = undefined;
    return true;
  }
  if (decimalComma && text.includes(",") && !text.includes(".")) text = text.replace(",", ".");
  if (!NUMBER.test(text)) return false;
  out.value = Number(text);
  // Zero goes as "0": "-0" would store a negative zero where String(-0) writes "0".
  if (out.value !== 0 && PLAIN_DECIMAL.test(text)) out.text = text;
  return true;
}

/** Days in each month of a common year. */
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
/**
 * 'YYYY-MM-DD', optionally with 'T' or ' ' and 'HH:MM', 'HH:MM:SS' or 'HH:MM:SS.sss', and then optionally 'Z':
 * a UTC instant in the forms files and spreadsheets write (an .xlsx date cell reads as '….000Z').
 */
const SIMPLE_INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{3}))?)?(Z?))?$/;

/** An instant read on the fast path: epoch ms and a text PostgreSQL reads as the same instant. */
export type InstantCell = { ms: number; text: string };

/**
 * The instant of a simple ISO 8601 text in UTC as `isoInstant` reads it, or false when the text has another
 * form (an offset, other fractions of a second, an hour of 24, a day the calendar lacks…) and zod decides.
 */
const EARLIEST_MS = EARLIEST_INSTANT.getTime();
const LATEST_MS = LATEST_INSTANT.getTime();

/** Whether a fast-path instant is later than `recordInstant` allows (the full path then reports it). */
export const tooFarAhead = (ms: number) => ms > Date.now() + FUTURE_TOLERANCE_MS;

export function readSimpleInstant(text: string, out: InstantCell): boolean {
  const m = SIMPLE_INSTANT.exec(text);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const hour = m[4] === undefined ? 0 : Number(m[4]);
  const minute = m[5] === undefined ? 0 : Number(m[5]);
  const second = m[6] === undefined ? 0 : Number(m[6]);
  const milli = m[7] === undefined ? 0 : Number(m[7]);
  if (year < 1000 || month < 1 || month > 12 || day < 1) return false;
  if (day > (month === 2 && isLeap(year) ? 29 : MONTH_DAYS[month - 1]!)) return false;
  if (hour > 23 || minute > 59 || second > 59) return false;
  out.ms = Date.UTC(year, month - 1, day, hour, minute, second, milli);
  // Outside isoInstant's bounds: the full path rejects it with the contract's reason.
  if (out.ms < EARLIEST_MS || out.ms >= LATEST_MS) return false;
  // ISO year-month-day order reads the same under any DateStyle; '+00' makes it UTC whatever the TimeZone.
  out.text = `${m[1]}-${m[2]}-${m[3]} ${m[4] ?? "00"}:${m[5] ?? "00"}:${m[6] ?? "00"}${m[7] === undefined ? "" : `.${m[7]}`}+00`;
  return true;
}

/**
 * A date cell of a workbook (a Date) read as `isoInstant` reads its ISO text (`toText`), without the text
 * round trip: false when it is no valid instant within the contract's bounds (zod then says why).
 */
export function readDateCell(cell: Date, out: InstantCell): boolean {
  const ms = cell.getTime();
  if (!(ms >= EARLIEST_MS && ms < LATEST_MS)) return false;
  out.ms = ms;
  // Between 1900 and 2100 toISOString is always 'YYYY-MM-DDTHH:MM:SS.sssZ', which PostgreSQL reads as UTC.
  out.text = cell.toISOString();
  return true;
}

/** A primitive output can be remembered and shared between rows; an object (a Date) cannot. */
export const isPrimitive = (v: unknown) => v === null || (typeof v !== "object" && typeof v !== "function");
