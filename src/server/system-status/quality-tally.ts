/**
 * A record's tally of value checks (domain SampleTally) packed into one integer for `data_quality_daily`: four
 * bits per count (a fuel record has five checked fields, at most 15 fit), so a day of records is one int array.
 */
import type { SampleTally } from "../../domain/data-quality/data-quality-score";

const KEYS = ["checked", "implausible", "stuck", "outlier", "flagged"] as const;
const BITS = 4;
const MASK = (1 << BITS) - 1;

export function packTally(t: SampleTally): number {
  let packed = 0;
  KEYS.forEach((k, i) => {
    if (t[k] > MASK) throw new RangeError(`a record's ${k} count ${t[k]} does not fit ${BITS} bits`);
    packed |= t[k] << (BITS * i);
  });
  return packed;
}

/** Adds a packed tally to `sum` (in place). */
export function addPackedTally(sum: SampleTally, packed: number): void {
  // a plain loop: this runs once per record of the window (72k for 50 ships of hourly data)
  for (let i = 0; i < KEYS.length; i++) sum[KEYS[i]!] += (packed >> (BITS * i)) & MASK;
}
