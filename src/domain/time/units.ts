/**
 * Lengths of time in milliseconds, the unit of `Date.getTime()` and of every `…Ms` value in Sextant. Written
 * once so that no file carries its own copy of 86,400,000 (issue 31): a day here is the UTC day of 24 hours,
 * with no leap seconds, as JavaScript's epoch milliseconds count it, so `Math.floor(ms / DAY_MS)` is the UTC
 * calendar day and `k * DAY_MS` steps k calendar days. A year is two things in Sextant, never mixed: the unit of a
 * rate per year (a trend's slope) is the Julian year below; a window of 'the 12 months before' is a whole number
 * of days, named by its rule (e.g. FUEL_RATE_REFERENCE_DAYS, 365).
 */

/** One hour, 3,600,000 ms. */
export const HOUR_MS = 3_600_000;

/** One UTC day of 24 hours, 86,400,000 ms. */
export const DAY_MS = 24 * HOUR_MS;

/**
 * The Julian year, 365.25 days: the unit of every rate per year (trend slopes in % per year). The mean length
 * of a calendar year over the leap cycle, so a slope per year does not depend on whether the data span a
 * 29 February; the year 'a' of ISO 80000-3 and the IAU (1976) astronomical constants.
 */
export const JULIAN_YEAR_DAYS = 365.25;

/** The Julian year in milliseconds (JULIAN_YEAR_DAYS × DAY_MS). */
export const JULIAN_YEAR_MS = JULIAN_YEAR_DAYS * DAY_MS;
