/** Display formatting: UTC times (spec §9: the clock is 24-hour UTC) and numbers with units ('—' when missing). */

export const MISSING = "—";

const pad = (n: number) => String(n).padStart(2, "0");

/** '14:03:07 UTC' for the header clock. */
export function formatUtcClock(date: Date): string {
  return `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} UTC`;
}

/** '2026-03-01' in UTC. */
export function formatUtcDate(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** '2026-03-01 14:03:07 UTC' for the footer. */
export function formatUtcDateTime(date: Date): string {
  return `${formatUtcDate(date)} ${formatUtcClock(date)}`;
}

/** An ISO instant from the API as '2026-03-01 14:03 UTC', or '—' when missing or unreadable. */
export function formatInstant(iso: string | null | undefined): string {
  if (!iso) return MISSING;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return MISSING;
  return `${formatUtcDate(date)} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}

const numberFormats = new Map<number, Intl.NumberFormat>();

/** A number with thousands separators and at most `fractionDigits` decimals, or '—' when missing. */
export function formatNumber(value: number | null | undefined, fractionDigits = 0): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return MISSING;
  let format = numberFormats.get(fractionDigits);
  if (!format) {
    format = new Intl.NumberFormat("en-US", { maximumFractionDigits: fractionDigits });
    numberFormats.set(fractionDigits, format);
  }
  return format.format(value);
}

/** '82,000 t', '12.5 kn'; '—' (without unit) when the value is missing. */
export function formatQuantity(value: number | null | undefined, unit: string, fractionDigits = 0): string {
  const text = formatNumber(value, fractionDigits);
  return text === MISSING || unit === "" ? text : `${text} ${unit}`;
}

/**
 * 'camelCase' and 'snake_case' keys as words: 'speedThroughWater' → 'Speed through water'.
 * For stored record fields that have no label of their own.
 */
export function humaniseKey(key: string): string {
  const words = key
    .replace(/_/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
