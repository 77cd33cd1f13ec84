import { DomainInputError } from "../errors.js";

/** A half-open time period [start, end). */
export type Period = { start: Date; end: Date };

export type Completeness = {
  /** Samples expected at the cadence in the period: ceil((end − start) / cadence), or the slots within the intervals given. */
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
 * `expectedWithin`: the intervals in which the series is expected at all (a main engine's voyages: it
 * reports nothing while stopped in port); only the slots that start inside one are expected, and only those
 * count as present. Sextant's data-quality rule (no standard); ISO 8000-8 calls this completeness.
 */
export function completeness(
  timestamps: readonly Date[],
  period: Period,
  cadenceMs: number,
  expectedWithin?: readonly Period[],
): Completeness {
  const all = expectedSampleCount(period, cadenceMs);
  const start = period.start.getTime();
  const end = period.end.getTime();
  const slotStart = (slot: number) => start + slot * cadenceMs;
  const isExpected = (slot: number) =>
    expectedWithin === undefined ||
    expectedWithin.some((w) => slotStart(slot) >= w.start.getTime() && slotStart(slot) < w.end.getTime());
  let expected = all;
  if (expectedWithin !== undefined) {
    expected = 0;
    for (let slot = 0; slot < all; slot++) if (isExpected(slot)) expected += 1;
  }
  const slots = new Set<number>();
  for (const t of timestamps) {
    const ms = t.getTime();
    if (ms < start || ms >= end) continue;
    const slot = Math.floor((ms - start) / cadenceMs);
    if (isExpected(slot)) slots.add(slot);
  }
  const present = slots.size;
  return { expected, present, missing: expected - present, ratio: expected === 0 ? 1 : present / expected };
}
