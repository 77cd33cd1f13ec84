/**
 * The compliance year: the calendar year every scheme reports on (IMO DCS, MARPOL Annex VI reg. 27 and
 * Appendix IX; EU MRV, Regulation (EU) 2015/757 Art. 3(h) 'reporting period'; CII, MARPOL Annex VI reg. 28;
 * EU ETS; FuelEU Maritime, Regulation (EU) 2023/1805 Art. 3(27)), its instants up to a cut-off, and the first
 * year of each rule that starts in one (the CII's in cii/reduction-factors.ts, EU ETS's in eu-ets.ts).
 */
import { DAY_MS } from "../time/units.js";

/** First year FuelEU Maritime applies: 1 January 2025 (Regulation (EU) 2023/1805 Art. 4(2) and Art. 30). */
export const FUELEU_FIRST_YEAR = 2025;

/**
 * First year of IMO DCS data reported per consumer (main engines, auxiliary engines, boilers, others):
 * MEPC.385(81), amending MARPOL Annex VI Appendix IX, for the data of 2025 on (entry into force 1 August 2024).
 */
export const MEPC_385_FIRST_YEAR = 2025;

/** Whether FuelEU Maritime applies to a calendar year (FUELEU_FIRST_YEAR on). */
export function isFuelEuYear(year: number): boolean {
  return year >= FUELEU_FIRST_YEAR;
}

/** 1 January 00:00 UTC of a calendar year, ms. */
export function yearStartMs(year: number): number {
  return Date.UTC(year, 0, 1);
}

/**
 * The instants of a compliance year up to a cut-off, ms: 1 January, the next 1 January, the end of the data
 * (the cut-off capped at the year's end; before 1 January for a year not started) and the UTC day that end
 * falls in (the daily rollups cover the whole days before it).
 */
export function complianceYearWindow(year: number, cutoffMs: number) {
  const fromMs = yearStartMs(year);
  const yearEndMs = yearStartMs(year + 1);
  const endMs = Math.min(cutoffMs, yearEndMs);
  return { fromMs, yearEndMs, endMs, dayEndMs: Math.floor(endMs / DAY_MS) * DAY_MS };
}
