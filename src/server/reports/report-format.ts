/**
 * How figures read in the documents (PDF and XLSX statements): one decimal for KPI figures as on the
 * dashboard's cards (spec §2), thousands separators, UTC instants, and 'no data' for a missing figure
 * (PRODUCT.md D1: never a fallback value).
 */
export const NO_DATA = "no data";

const formats = new Map<number, Intl.NumberFormat>();

/** '1,204.5' (en-US grouping, exactly `digits` decimals; a value rounding to zero reads '0.0', never '-0.0'). */
export function fmt(value: number | null | undefined, digits = 1): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NO_DATA;
  let f = formats.get(digits);
  if (!f) {
    f = new Intl.NumberFormat("en-US", {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      signDisplay: "negative",
    });
    formats.set(digits, f);
  }
  return f.format(value);
}

/** A figure with its unit, or 'no data'. */
export const withUnit = (value: number | null | undefined, unit: string, digits = 1) =>
  value === null || value === undefined || !Number.isFinite(value)
    ? NO_DATA
    : `${fmt(value, digits)} ${unit}`;

/** '+2.3 %' / '−1.4 %'. */
export function signedPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NO_DATA;
  const r = Math.round(value * 10) / 10;
  return `${r > 0 ? "+" : r < 0 ? "−" : ""}${fmt(Math.abs(r))} %`;
}

/** '2026-03-01 14:03 UTC'. */
export const utcInstant = (iso: string | Date) => {
  const d = typeof iso === "string" ? new Date(iso) : iso;
  return `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 16)} UTC`;
};

/** '2026-03-01'. */
export const utcDay = (iso: string | Date) =>
  (typeof iso === "string" ? new Date(iso) : iso).toISOString().slice(0, 10);

/** A file-name-safe form of a ship's name: 'Aurora Bulker' → 'Aurora-Bulker'. */
export const fileSlug = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/[^\w-]+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "") || "ship";

/** `attachment; filename="…"` with the name in ASCII (file names are built from slugs: no quoting issue). */
export const attachment = (fileName: string) => `attachment; filename="${fileName}"`;
