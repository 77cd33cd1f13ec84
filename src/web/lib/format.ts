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
    // 'negative': a value that rounds to zero reads '0', never '-0'
    format = new Intl.NumberFormat("en-US", {
      maximumFractionDigits: fractionDigits,
      signDisplay: "negative",
    });
    numberFormats.set(fractionDigits, format);
  }
  return format.format(value);
}

const fixedFormats = new Map<number, Intl.NumberFormat>();

/** A number with exactly `fractionDigits` decimals ('23.0'), for figures read side by side; '—' when missing. */
export function formatFixed(value: number | null | undefined, fractionDigits = 1): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return MISSING;
  let format = fixedFormats.get(fractionDigits);
  if (!format) {
    format = new Intl.NumberFormat("en-US", {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
      signDisplay: "negative",
    });
    fixedFormats.set(fractionDigits, format);
  }
  return format.format(value);
}

/** '82,000 t', '12.5 kn'; '—' (without unit) when the value is missing. */
export function formatQuantity(value: number | null | undefined, unit: string, fractionDigits = 0): string {
  const text = formatNumber(value, fractionDigits);
  return text === MISSING || unit === "" ? text : `${text} ${unit}`;
}

/**
 * Money in the organisation's currency, its ISO 4217 code after the figure: '12,345 USD'; '—' when missing.
 * Every money figure on screen is written by the three functions below, so one figure reads alike everywhere.
 */
export function formatMoney(value: number | null | undefined, currency: string, fractionDigits = 0): string {
  return formatQuantity(value, currency, fractionDigits);
}

/** Decimals of a cost per nautical mile wherever it is shown (cards, sidebar, chart legends). */
export const COST_PER_NM_DECIMALS = 2;

const costPerNmFormat = new Intl.NumberFormat("en-US", {
  minimumFractionDigits: COST_PER_NM_DECIMALS,
  maximumFractionDigits: COST_PER_NM_DECIMALS,
});

/** Cost per nautical mile, always two decimals (as the chart legends' `toFixed`): '38.10 USD/nm'; '—' when missing. */
export function formatCostPerNm(value: number | null | undefined, currency: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return MISSING;
  return `${costPerNmFormat.format(value)} ${currency}/nm`;
}

/** A fuel price: '600 USD/t'; '—' when missing. */
export function formatPricePerTonne(value: number | null | undefined, currency: string): string {
  return formatQuantity(value, `${currency}/t`, 0);
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

/** Sheet rows as a short list: '12, 13, 40 and 5 more'. */
export function rowsText(rows: readonly number[], shown = 12): string {
  const head = rows.slice(0, shown).join(", ");
  return rows.length > shown ? `${head} and ${rows.length - shown} more` : head;
}
