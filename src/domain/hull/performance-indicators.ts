import { DomainInputError } from "../errors.js";
import { requireFinite, requirePositive } from "../performance/guards.js";
import { DAY_MS } from "../time/units.js";

/**
 * Default period lengths [days] for the four ISO 19030-2 indicators. All [MEM]: the standard's period
 * lengths were not retrieved (reference-data.md §8, §14 item 6); 12-month reference periods and a
 * ~3-month evaluation period follow the reference's description. Pass your own to override.
 */
export const INDICATOR_PERIOD_DEFAULTS = {
  /** Dry-docking performance: the period after each out-docking that is compared [MEM]. */
  dryDockingPeriodDays: 365,
  /** In-service performance: reference period after out-docking and evaluation period before the next docking [MEM]. */
  inServiceReferenceDays: 365,
  inServiceEvaluationDays: 365,
  /** Maintenance trigger: reference period after out-docking [MEM] and current evaluation period (~3 months) [MEM]. */
  maintenanceTriggerReferenceDays: 365,
  maintenanceTriggerEvaluationDays: 90,
  /** Maintenance effect: period before and after the event [MEM]. */
  maintenanceEffectPeriodDays: 90,
} as const;

/** A speed-loss observation (positive % = loss, see `speedLossPercent`). */
export type LossPoint = { timestampMs: number; speedLossPercent: number };

/** Mean speed loss in a half-open period [startMs, endMs). */
export type PeriodMean = {
  startMs: number;
  endMs: number;
  count: number;
  meanSpeedLossPercent: number | null;
};

/**
 * One indicator = mean(evaluation) − mean(reference). `speedLossChangePercent` > 0 means the ship got
 * worse (more speed loss); `performanceValueChangePercent` is the same change in ISO sign (its negative).
 * Both are null when a period holds no data.
 */
export type IndicatorResult = {
  reference: PeriodMean;
  evaluation: PeriodMean;
  speedLossChangePercent: number | null;
  performanceValueChangePercent: number | null;
};

/** Mean speed loss [%] of the points in [startMs, endMs). */
export function periodMean(points: readonly LossPoint[], startMs: number, endMs: number): PeriodMean {
  if (!(endMs > startMs)) throw new DomainInputError("period", "must end after it starts");
  let sum = 0;
  let count = 0;
  for (const p of points) {
    if (p.timestampMs >= startMs && p.timestampMs < endMs) {
      sum += requireFinite("speedLossPercent", p.speedLossPercent);
      count++;
    }
  }
  return { startMs, endMs, count, meanSpeedLossPercent: count ? sum / count : null };
}

function indicator(reference: PeriodMean, evaluation: PeriodMean): IndicatorResult {
  const a = reference.meanSpeedLossPercent;
  const b = evaluation.meanSpeedLossPercent;
  const change = a === null || b === null ? null : b - a;
  return {
    reference,
    evaluation,
    speedLossChangePercent: change,
    performanceValueChangePercent: change === null ? null : -change,
  };
}

/**
 * Dry-docking performance: mean speed loss over the first period after the latest out-docking versus
 * the same period after the previous out-docking (negative change = the docking left the hull better).
 * Source: ISO 19030-2 indicator definitions [MEM] (reference-data.md §8).
 */
export function dryDockingPerformance(
  points: readonly LossPoint[],
  at: { previousOutDockingMs: number; latestOutDockingMs: number; periodDays?: number },
): IndicatorResult {
  const d =
    requirePositive("periodDays", at.periodDays ?? INDICATOR_PERIOD_DEFAULTS.dryDockingPeriodDays) * DAY_MS;
  return indicator(
    periodMean(points, at.previousOutDockingMs, at.previousOutDockingMs + d),
    periodMean(points, at.latestOutDockingMs, at.latestOutDockingMs + d),
  );
}

/**
 * In-service performance: change from the first period after out-docking (reference) to the last period
 * before the end of the docking interval (evaluation). Source: ISO 19030-2 [MEM] (reference-data.md §8).
 */
export function inServicePerformance(
  points: readonly LossPoint[],
  at: { outDockingMs: number; intervalEndMs: number; referenceDays?: number; evaluationDays?: number },
): IndicatorResult {
  const r =
    requirePositive("referenceDays", at.referenceDays ?? INDICATOR_PERIOD_DEFAULTS.inServiceReferenceDays) *
    DAY_MS;
  const e =
    requirePositive(
      "evaluationDays",
      at.evaluationDays ?? INDICATOR_PERIOD_DEFAULTS.inServiceEvaluationDays,
    ) * DAY_MS;
  return indicator(
    periodMean(points, at.outDockingMs, at.outDockingMs + r),
    periodMean(points, at.intervalEndMs - e, at.intervalEndMs),
  );
}

/**
 * Maintenance trigger: change from the start of the docking interval (reference period after
 * out-docking) to the current evaluation period ending at `nowMs` (passed in: the domain reads no clock).
 * Compare the result with the fleet's trigger threshold (spec §9 hullFouling alert, 5 %). Source:
 * ISO 19030-2 [MEM] (reference-data.md §8).
 */
export function maintenanceTrigger(
  points: readonly LossPoint[],
  at: { outDockingMs: number; nowMs: number; referenceDays?: number; evaluationDays?: number },
): IndicatorResult {
  const r =
    requirePositive(
      "referenceDays",
      at.referenceDays ?? INDICATOR_PERIOD_DEFAULTS.maintenanceTriggerReferenceDays,
    ) * DAY_MS;
  const e =
    requirePositive(
      "evaluationDays",
      at.evaluationDays ?? INDICATOR_PERIOD_DEFAULTS.maintenanceTriggerEvaluationDays,
    ) * DAY_MS;
  return indicator(
    periodMean(points, at.outDockingMs, at.outDockingMs + r),
    periodMean(points, at.nowMs - e, at.nowMs),
  );
}

/**
 * Maintenance effect: mean speed loss in the period after a maintenance event (hull cleaning, propeller
 * polishing) versus the period before it; a negative change means the maintenance helped.
 * Source: ISO 19030-2 [MEM] (reference-data.md §8).
 */
export function maintenanceEffect(
  points: readonly LossPoint[],
  at: { eventMs: number; periodDays?: number },
): IndicatorResult {
  const p =
    requirePositive("periodDays", at.periodDays ?? INDICATOR_PERIOD_DEFAULTS.maintenanceEffectPeriodDays) *
    DAY_MS;
  return indicator(
    periodMean(points, at.eventMs - p, at.eventMs),
    periodMean(points, at.eventMs, at.eventMs + p),
  );
}
