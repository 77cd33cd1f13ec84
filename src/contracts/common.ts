import { z } from "zod";
import { type InputRange, rangeReason } from "../domain/data-quality/input-range";
import { plainIssueMessage } from "./plain-messages";

/** Error envelope of every non-2xx API answer (ARCHITECTURE.md, Errors). */
export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(z.object({ field: z.string(), reason: z.string() })).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;

// Hours 00–23 (JavaScript would read '24:00' as the next midnight; ISO 8601-1:2019 dropped it), minutes and
// seconds 00–59.
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ]([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Earliest and latest instants the API takes (the first one included, the second excluded). Fleet records
 * before 1900 cannot exist (ships' `yearBuilt` has the same bounds), and years like 0000 or 9999 are typing
 * errors that PostgreSQL refuses or that pin 'latest' figures for ever.
 */
export const EARLIEST_INSTANT = new Date("1900-01-01T00:00:00Z");
export const LATEST_INSTANT = new Date("2101-01-01T00:00:00Z");
const BOUNDS_MESSAGE = "must be between 1900-01-01 and 2100-12-31";

/**
 * A record is refused when dated more than this after the time of receipt (a clock a few hours ahead or
 * a local time sent as UTC passes; a record from next year does not pin 'current' values and System Status).
 */
export const FUTURE_TOLERANCE_MS = 24 * 3_600_000;

/**
 * An instant as ISO 8601: a date ('2026-03-01', midnight UTC) or a date-time, UTC unless an offset is
 * given ('2026-03-01T12:00', '2026-03-01T12:00:00+02:00'), within EARLIEST_INSTANT–LATEST_INSTANT.
 * Parsed to a Date.
 */
export const isoInstant = z
  .string()
  .trim()
  .max(40, "must be an ISO 8601 date or date-time")
  .regex(ISO_DATE_TIME, "must be an ISO 8601 date or date-time")
  .transform((value, ctx) => {
    const m = ISO_DATE_TIME.exec(value)!;
    const day = `${m[1]}-${m[2]}-${m[3]}`;
    const midnight = new Date(`${day}T00:00:00Z`);
    const dayValid = !Number.isNaN(midnight.getTime()) && midnight.toISOString().slice(0, 10) === day;
    const date = new Date(
      m[4] === undefined ? `${day}T00:00:00Z` : `${value.replace(" ", "T")}${m[7] ? "" : "Z"}`,
    );
    if (!dayValid || Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: "custom", message: "is not a real calendar date and time" });
      return z.NEVER;
    }
    if (date < EARLIEST_INSTANT || date >= LATEST_INSTANT) {
      ctx.addIssue({ code: "custom", message: BOUNDS_MESSAGE });
      return z.NEVER;
    }
    return date;
  });

/** The time a record was taken: an `isoInstant` no later than FUTURE_TOLERANCE_MS after now. */
export const recordInstant = isoInstant.refine(
  (date) => date.getTime() <= Date.now() + FUTURE_TOLERANCE_MS,
  "must not be in the future",
);

/** A calendar day 'YYYY-MM-DD' (a real one: not 2025-02-30) within the instant bounds, kept as the string. */
export const calendarDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date YYYY-MM-DD")
  .pipe(isoInstant)
  .transform((date) => date.toISOString().slice(0, 10));

/** Largest id PostgreSQL's `integer` holds (2³¹−1): a larger id can match nothing and must not reach SQL. */
export const DB_ID_MAX = 2_147_483_647;

/** A numeric id in a JSON body; `typeError` replaces zod's message for a missing or non-number value. */
export const idNumber = (typeError?: string) =>
  z
    .number(typeError ? { error: typeError } : undefined)
    .int("must be a whole number")
    .positive("must be greater than 0")
    .max(DB_ID_MAX, `must be at most ${DB_ID_MAX}`);

/** A numeric id in a JSON body. */
export const idField = idNumber();

/** A numeric id in a path or query (text, coerced). */
export const idParam = z.coerce
  .number()
  .int("must be a whole number")
  .positive("must be greater than 0")
  .max(DB_ID_MAX, `must be at most ${DB_ID_MAX}`);

/** `:id` path parameter of a ship, voyage or record. */
export const idParams = z.object({ id: idParam }).strict();

/** A finite number, or null; the forms send null for empty fields (spec §5). */
export const optionalNumber = (schema: z.ZodNumber = z.number()) => schema.nullable().optional();

/**
 * A number field whose type errors read as plain words ("is required", "must be a number") instead of
 * zod's "expected number, received undefined", so the 400 and the form name the field and the reason;
 * the words are the global ones (plain-messages.ts), here bound to the schema so they hold even where
 * the global map is not installed.
 */
export const numberField = () => z.number({ error: plainIssueMessage });

/** A number field limited to a domain `InputRange`, refused with the range's own reason. */
export function rangedNumber(range: InputRange) {
  const reason = rangeReason(range);
  let schema = numberField();
  schema = range.minExclusive ? schema.gt(range.min, reason) : schema.min(range.min, reason);
  schema = schema.max(range.max, reason);
  return range.integer ? schema.int("must be a whole number") : schema;
}

/**
 * Characters a one-line name must not hold (issue 30 finding 9): C0 and C1 controls (tab, CR and LF among
 * them) and the Unicode line and paragraph separators, which break the line of a CSV export, an e-mail header
 * or a log; and the bidirectional controls (U+200E/U+200F marks, U+061C, U+202A–U+202E embeddings and
 * overrides, U+2066–U+2069 isolates), which make a name show as another ('Trojan Source', CVE-2021-42574).
 * Right-to-left scripts need none of them; zero-width joiners (emoji, Persian) are kept.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this rule refuses
const LINE_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;
const BIDI_CONTROL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

const codePoint = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;

/**
 * A text typed on one line (a ship's or a person's name, a port, a voyage number): trimmed, and refused with
 * the character named when it holds a control character or a bidirectional control. Add min/max as needed.
 */
export const singleLineText = () =>
  z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const line = LINE_CONTROL.exec(value);
      if (line) {
        ctx.addIssue({
          code: "custom",
          message: `must be one line without control characters (holds ${codePoint(line[0])})`,
        });
        return;
      }
      const bidi = BIDI_CONTROL.exec(value);
      if (bidi) {
        ctx.addIssue({
          code: "custom",
          message: `must not hold bidirectional control characters (holds ${codePoint(bidi[0])})`,
        });
      }
    });
