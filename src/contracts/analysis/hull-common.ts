/**
 * Pieces the three hull sections (hull-hull-resistance, hull-hull-condition, hull-hull-analytics) share:
 * maintenance events as the analysis sees them, a figure with its 95 % interval, the filter's account of
 * what it rejected and the reference curve the performance values are read against.
 */
import { z } from "zod";
import { HULL_FILTER_REASONS } from "../../domain/hull/performance-value";
import { MAINTENANCE_EVENT_TYPES } from "../../domain/maintenance/maintenance-events";
import { col, nullableCol, num } from "./conventions";

/** The maintenance event types of issue 14 (domain maintenance-events). */
export const HULL_EVENT_TYPES = MAINTENANCE_EVENT_TYPES;
export type HullEventType = (typeof HULL_EVENT_TYPES)[number];

/** A maintenance event the analysis segments at. */
export const hullEvent = z.object({
  type: z.enum(HULL_EVENT_TYPES),
  /** UTC calendar date (YYYY-MM-DD). */
  date: z.string(),
  status: z.enum(["done", "planned"]),
  /** 'stored': a stored maintenance event; 'hull-record': implied by the hull records' Last Cleaning Date. */
  source: z.enum(["stored", "hull-record"]),
});
export type HullEvent = z.infer<typeof hullEvent>;

/** A figure with its 95 % interval (low ≤ value ≤ high). */
export const estimate = z.object({ value: num, low: num, high: num });
export type Estimate = z.infer<typeof estimate>;

/** Why reference-condition filtering dropped records. */
export const HULL_REJECTION_REASONS = HULL_FILTER_REASONS;
export type HullRejectionReason = (typeof HULL_REJECTION_REASONS)[number];

/** What the reference-condition filter kept and dropped, by reason (shares of `records`, 0–1). */
export const hullFilterAccount = z.object({
  /** Main-engine records in the range. */
  records: num,
  accepted: num,
  /** 1 − accepted / records; null without records. */
  rejectedShare: num.nullable(),
  rejected: z.array(z.object({ reason: z.enum(HULL_REJECTION_REASONS), count: num, share: num })),
});
export type HullFilterAccount = z.infer<typeof hullFilterAccount>;

/**
 * The speed–power reference the performance values are read against: the ship's own (sea trial / model
 * test), or, when it has none, a power law fitted on its first clean-hull period (marked as such).
 */
export const hullReference = z.object({
  source: z.enum(["ship", "fitted-clean-period"]),
  /** t; null for a fitted curve of a ship with no reference displacement (then no points either). */
  referenceDisplacementT: num.nullable(),
  /**
   * The curve as points (kn, kW) at the reference displacement, only over `span` (domain
   * hull/reference-span.ts); empty when it has no span or no displacement.
   */
  points: z.array(z.object({ speedKn: num, powerKw: num })),
  /**
   * The speeds the curve may be drawn over: an entered curve's own points (min–max), a fitted one's
   * records (record-weighted 5th–95th percentile of the fitting period's daily mean speeds); null when
   * there is no span (a single speed).
   */
  span: z.object({ fromKn: num, toKn: num, basis: z.enum(["entered-points", "fitted-speeds"]) }).nullable(),
  /** For a fitted curve: the clean-hull period it was fitted on (ISO 8601), else null. */
  fittedFrom: z.string().nullable(),
  fittedTo: z.string().nullable(),
  /** What to enter for an ISO 19030 reference of the ship's own (null when the ship has one). */
  advice: z.string().nullable(),
});
export type HullReference = z.infer<typeof hullReference>;

/** Daily performance values: t (epoch s of the UTC day), means of the accepted records, and their count. */
export const hullDailySeries = z.object({
  t: col,
  /** % speed loss against the reference (positive = slower than the clean reference; ISO PV = −loss). */
  speedLossPercent: nullableCol,
  /** % power above what the reference needs at the measured speed and displacement. */
  excessPowerPercent: nullableCol,
  /** Accepted records of the day. */
  samples: col,
});
export type HullDailySeries = z.infer<typeof hullDailySeries>;

/** The method, named on screen. */
export const hullMethod = z.object({
  name: z.string(),
  windCorrected: z.boolean(),
  /** Why not wind-corrected (which particular is missing), null when corrected. */
  windNote: z.string().nullable(),
  /** The filters applied, in words. */
  filters: z.array(z.string()),
});
export type HullMethod = z.infer<typeof hullMethod>;
