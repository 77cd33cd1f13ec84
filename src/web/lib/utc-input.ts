/**
 * Text inputs for UTC dates and date-times (spec §9: times are 24-hour UTC). The browser's native date and
 * datetime-local inputs draw their value in the browser's locale (in en-US 'mm/dd/yyyy, hh:mm AM'), which
 * under a '(UTC)' label reads as local 12-hour time. These inputs show and take 'YYYY-MM-DD HH:MM' whatever
 * the locale; the contracts' `isoInstant` reads that text as UTC (no offset given) and names a bad one.
 */
import { formatUtcDate } from "./format";

/** Typed by the user; shown as the placeholder and in the input's tooltip. */
export const UTC_DATE_TIME_FORMAT = "YYYY-MM-DD HH:MM";
export const UTC_DATE_FORMAT = "YYYY-MM-DD";

/** Props of a UTC date-time text input ('T' between date and time is accepted too, as ISO 8601 writes it). */
export const utcDateTimeInputProps = {
  type: "text",
  inputMode: "numeric",
  placeholder: UTC_DATE_TIME_FORMAT,
  pattern: "\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}(:\\d{2})?",
  title: `UTC, 24-hour clock: ${UTC_DATE_TIME_FORMAT}`,
  autoComplete: "off",
  spellCheck: false,
} as const;

/** Props of a UTC calendar-day text input. */
export const utcDateInputProps = {
  type: "text",
  inputMode: "numeric",
  placeholder: UTC_DATE_FORMAT,
  pattern: "\\d{4}-\\d{2}-\\d{2}",
  title: `UTC day: ${UTC_DATE_FORMAT}`,
  autoComplete: "off",
  spellCheck: false,
} as const;

const pad = (n: number) => String(n).padStart(2, "0");

/** 'YYYY-MM-DD HH:MM' of an instant in UTC: the initial text of a UTC date-time input. */
export function utcInputValue(date: Date): string {
  return `${formatUtcDate(date)} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}
