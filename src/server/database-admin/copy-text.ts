/**
 * Reads one row of PostgreSQL's COPY text format (the rows of a backup archive, docs/backup-format.md) into
 * typed values, so that a restore can check them against the API's contracts before PostgreSQL sees them.
 * Strict on purpose: it accepts what `COPY … TO STDOUT` writes (tab-separated fields, `\N` for null, the
 * escapes \b \f \n \r \t \v \\, floats in shortest exact digits, ISO timestamps with an offset, array literals),
 * and refuses what PostgreSQL would read in another way than JavaScript (octal and hex escapes, 'Infinity',
 * 'NaN', 'epoch', BC dates, `0x` numbers). Anything refused here is named as the column and a reason.
 */

/** The PostgreSQL types of the organisation tables' columns (org-tables.ts). */
export type ColumnKind =
  | "integer"
  | "bigint"
  | "double precision"
  | "text"
  | "boolean"
  | "jsonb"
  | "timestamp with time zone"
  | "date"
  | "integer[]"
  | "text[]";

export type CopyValue = null | number | string | boolean | unknown[] | Record<string, unknown> | Date;

/** A field that cannot be read, with the reason. */
export class CopyFieldError extends Error {}

const ESCAPES: Record<string, string> = { b: "\b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v", "\\": "\\" };

/** The fields of one line, unescaped; null for `\N`. */
export function splitCopyLine(line: string): (string | null)[] {
  return line.split("\t").map((field) => {
    if (field === "\\N") return null;
    if (!field.includes("\\")) return field;
    return field.replace(/\\(.?)/g, (_m, c: string) => {
      const plain = ESCAPES[c];
      if (plain === undefined)
        throw new CopyFieldError(`holds the escape \\${c}, which a backup never writes`);
      return plain;
    });
  });
}

const INTEGER = /^-?\d{1,19}$/;
const FLOAT = /^-?(\d+(\.\d*)?|\.\d+)(e[-+]?\d+)?$/i;
// 2024-05-01 12:00:00(.123456)?+00(:00(:00)?)? as COPY writes timestamptz (DateStyle ISO)
const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?([+-])(\d{2})(?::(\d{2})(?::(\d{2}))?)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Earliest and latest instants a restore takes (the API's bounds, contracts/common.ts). */
const EARLIEST = Date.UTC(1900, 0, 1);
const LATEST = Date.UTC(2101, 0, 1);

function integer(text: string, max: number): number {
  if (!INTEGER.test(text)) throw new CopyFieldError(`"${clip(text)}" is not a whole number`);
  const n = Number(text);
  if (!Number.isSafeInteger(n) || Math.abs(n) > max)
    throw new CopyFieldError(`${clip(text)} is out of range`);
  return n;
}

function float(text: string): number {
  if (!FLOAT.test(text)) throw new CopyFieldError(`"${clip(text)}" is not a finite number`);
  const n = Number(text);
  if (!Number.isFinite(n)) throw new CopyFieldError(`${clip(text)} is not a finite number`);
  return n;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Midnight UTC of a real calendar day, ms (not 2025-02-30). */
function realDay(y: string, m: string, d: string): number {
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  const leap = month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (month < 1 || month > 12 || day < 1 || day > DAYS_IN_MONTH[month - 1]! + (leap ? 1 : 0))
    throw new CopyFieldError(`${y}-${m}-${d} is not a real calendar date`);
  return Date.UTC(year, month - 1, day);
}

function inBounds(t: number, text: string): void {
  if (t < EARLIEST || t >= LATEST)
    throw new CopyFieldError(`${clip(text)} is not between 1900-01-01 and 2100-12-31`);
}

function timestamp(text: string): Date {
  const m = TIMESTAMP.exec(text);
  if (!m) throw new CopyFieldError(`"${clip(text)}" is not a timestamp as a backup writes it`);
  const [, y, mo, d, h, mi, s, frac, sign, oh, om, os] = m as unknown as string[];
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59)
    throw new CopyFieldError(`${clip(text)} is not a real time of day`);
  const offset = (Number(oh) * 3600 + Number(om ?? 0) * 60 + Number(os ?? 0)) * (sign === "-" ? -1 : 1);
  const t =
    realDay(y!, mo!, d!) +
    (Number(h) * 3600 + Number(mi) * 60 + Number(s) - offset) * 1000 +
    Math.floor(Number(frac ?? 0) * 1000);
  inBounds(t, text);
  return new Date(t);
}

function date(text: string): string {
  const m = DATE.exec(text);
  if (!m) throw new CopyFieldError(`"${clip(text)}" is not a date YYYY-MM-DD`);
  inBounds(realDay(m[1]!, m[2]!, m[3]!), text);
  return text;
}

function json(text: string): CopyValue {
  try {
    return JSON.parse(text) as CopyValue;
  } catch {
    throw new CopyFieldError("is not JSON");
  }
}

/**
 * The elements of a one-dimensional array literal (`{}`, `{1,2}`, `{"a b",NULL}`): double-quoted elements with
 * backslash escapes, or bare ones; `NULL` bare is null.
 */
export function arrayElements(text: string): (string | null)[] {
  if (!text.startsWith("{") || !text.endsWith("}"))
    throw new CopyFieldError(`"${clip(text)}" is not an array literal`);
  const body = text.slice(1, -1);
  const out: (string | null)[] = [];
  if (body === "") return out;
  let i = 0;
  for (;;) {
    if (body[i] === '"') {
      let value = "";
      i++;
      for (; i < body.length && body[i] !== '"'; i++) value += body[i] === "\\" ? (body[++i] ?? "") : body[i];
      if (body[i] !== '"') throw new CopyFieldError("has an array element without its closing quote");
      out.push(value);
      i++;
    } else {
      const end = body.indexOf(",", i);
      const bare = body.slice(i, end < 0 ? body.length : end);
      if (/["{}\\]/.test(bare) || bare.trim() !== bare || bare === "")
        throw new CopyFieldError(`has an array element "${clip(bare)}" a backup never writes`);
      out.push(bare === "NULL" ? null : bare);
      i += bare.length;
    }
    if (i === body.length) return out;
    if (body[i] !== ",") throw new CopyFieldError("is not a one-dimensional array literal");
    i++;
  }
}

const INT4_MAX = 2_147_483_647;

/** The value of one field of type `kind` (null stays null). */
export function copyValue(kind: ColumnKind, text: string | null): CopyValue {
  if (text === null) return null;
  switch (kind) {
    case "integer":
      return integer(text, INT4_MAX);
    case "bigint":
      return integer(text, Number.MAX_SAFE_INTEGER);
    case "double precision":
      return float(text);
    case "boolean":
      if (text !== "t" && text !== "f") throw new CopyFieldError(`"${clip(text)}" is not t or f`);
      return text === "t";
    case "jsonb":
      return json(text);
    case "timestamp with time zone":
      return timestamp(text);
    case "date":
      return date(text);
    case "integer[]":
      return arrayElements(text).map((e) => {
        if (e === null) throw new CopyFieldError("has a null element");
        return integer(e, INT4_MAX);
      });
    case "text[]":
      return arrayElements(text).map((e) => {
        if (e === null) throw new CopyFieldError("has a null element");
        return e;
      });
    default:
      return text;
  }
}

/** A value quoted in a message, cut to 60 characters. */
export const clip = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}…` : text);
