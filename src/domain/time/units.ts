/**
 * Lengths of time in milliseconds, the unit of `Date.getTime()` and of every `…Ms` value in Sextant. Written
 * once so that no file carries its own copy of 86,400,000 (issue 31): a day here is the UTC day of 24 hours,
 * with no leap seconds, as JavaScript's epoch milliseconds count it, so `Math.floor(ms / DAY_MS)` is the UTC
 * calendar day and `k * DAY_MS` steps k calendar days. (A year is not a unit here: the rules that average one
 * say whether they take 365 or 365.25 days.)
 */

/** One hour, 3,600,000 ms. */
export const HOUR_MS = 3_600_000;

/** One UTC day of 24 hours, 86,400,000 ms. */
export const DAY_MS = 24 * HOUR_MS;
