import { DomainInputError } from "../errors.js";

/** A half-open time period [start, end). */
export type Period = { start: Date; end: Date };

export type Completeness = {
  /** Samples expected at the cadence in the period: ceil((end − start) / cadence). */
  expected: number;
  /** Expected slots holding at least one sample (duplicates in a slot count once). */
  present: number;
  missing: number;
  /** present / expected, 0–1 (1 for an empty period). */
  ratio: number;
};

function assertPeriod(period: Period, cadenceMs: number): void {
  if (!(cadenceMs > 0) || !Number.isFinite(cadenceMs)) {
    throw new DomainInputError("cadenceMs", "cadence must be a positive number of milliseconds");
  }
  if (!(period.start.getTime() <= period.end.getTime())) {
    throw new DomainInputError("period.end", "the period must not end before it starts");
  }
}

/** Number of samples expected in [start, end) at one sample per `cadenceMs`: ceil(duration / cadence). */
export function expectedSampleCount(period: Period, cadenceMs: number): number {
  assertPeriod(period, cadenceMs);
  return Math.ceil((period.end.getTime() - period.start.getTime()) / cadenceMs);
}

/**
 * Completeness of a series against its expected cadence: the share of cadence slots
 * floor((t − start)/cadence) in [start, end) that hold a sample. Samples outside the period are ignored.
 * Sextant's data-quality rule (no standard); ISO 8000-8 calls this completeness.
 */
export function completeness(timestamps: readonly Date[], period: Period, cadenceMs: number): Completeness {
  const expected = expectedSampleCount(period, cadenceMs);
  const start = period.start.getTime();
  const end = period.end.getTime();
  const slots = new Set<number>();
  for (const t of timestamps) {
    const ms = t.getTime();
    if (ms >= start && ms < end) slots.add(Math.floor((ms - start) / cadenceMs));
  }
  const present = slots.size;
  return { expected, present, missing: expected - present, ratio: expected === 0 ? 1 : present / expected };
}
