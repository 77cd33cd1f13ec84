/** Analysis Center section `hull-hull-analytics`: ISO 19030-2 indicators, fouling rate per interval, cleaning decision. */
import { z } from "zod";
import { num } from "./conventions";
import { estimate, hullDailySeries, hullEvent, hullMethod, hullReference } from "./hull-common";
import { sectionBase } from "./section-base";

export const HULL_INDICATOR_IDS = [
  "dry-docking-performance",
  "in-service-performance",
  "maintenance-trigger",
  "maintenance-effect",
] as const;

/** The cleaning recommendation's actions in words, on screen and in the PDF report. */
export const CLEANING_ACTION_LABELS = {
  "clean-now": "Clean the hull now",
  "plan-cleaning": "Plan a hull cleaning",
  "no-action": "No cleaning needed yet",
} as const;

const period = z.object({
  from: z.string(),
  to: z.string(),
  /** Accepted days in the period. */
  count: num,
  meanSpeedLossPercent: num.nullable(),
});

export const hullAnalyticsSection = z.object({
  ...sectionBase("hull-hull-analytics"),
  method: hullMethod,
  reference: hullReference.nullable(),
  /** The four ISO 19030-2 indicators with their periods; `unavailableReason` says why one has no value. */
  indicators: z.array(
    z.object({
      id: z.enum(HULL_INDICATOR_IDS),
      reference: period.nullable(),
      evaluation: period.nullable(),
      /** Evaluation − reference mean speed loss, % points (> 0 = worse); ISO PV change is its negative. */
      speedLossChangePercent: num.nullable(),
      unavailableReason: z.string().nullable(),
    }),
  ),
  /**
   * One per hull interval overlapping the range (contract of issue 14): between hull cleanings and
   * dry-dockings, 95 % bounds. A propeller polish inside one is a step in its level, not a new rate (the hull
   * grows on; domain pooledFoulingTrend). An interval with too little accepted data for a slope
   * (FOULING_TREND_METHOD) is left out.
   */
  intervals: z.array(
    z.object({
      from: z.string(),
      to: z.string(),
      /** Fouling rate: growth of excess power, % points per year. */
      addedPowerPercentPerYear: estimate,
      speedLossPercentPerYear: estimate,
      days: num,
      /** Share of the interval's main-engine records the filter rejected (0–1). */
      rejectedShare: num,
      /** Accepted days the slope rests on. */
      samples: num,
      /** The event that opens the interval (null for the first, open-started one). */
      startEvent: hullEvent.shape.type.nullable(),
      /** Days of the propeller polishes inside it (YYYY-MM-DD): steps in its level, one rate throughout. */
      propellerPolishes: z.array(z.string()),
      /**
       * 'measured': the added-power rate's 99 % interval lies within ±10 % of it (95 % within ±7.6 %; the
       * precision issue 14 asks); 'indicative': wider (short or noisy interval), not claimed to 10 %.
       */
      rateStatus: z.enum(["measured", "indicative"]),
      /** The added-power rate's 95 % half-width over the rate (0.1 = ±10 %; null for a zero rate). */
      rateRelativeHalfWidth: num.nullable(),
    }),
  ),
  /**
   * What each maintenance event changed (domain eventEffect): the trend before it at its last accepted day
   * minus the trend after it at its first, % points (> 0 = the event improved the hull), 95 % bounds; one per
   * event between two intervals that both have a trend, oldest first.
   */
  effects: z.array(
    z.object({
      /** The event's day (YYYY-MM-DD) and what was done on it (a cleaning and a polish may share a day). */
      date: z.string(),
      eventTypes: z.array(hullEvent.shape.type),
      /** The two days compared: the last accepted day before the event and the first after it. */
      lastDayBefore: z.string(),
      firstDayAfter: z.string(),
      addedPowerPercent: estimate,
      speedLossPercent: estimate,
    }),
  ),
  /** How the slopes and their intervals are computed. */
  intervalMethod: z.string(),
  /**
   * Computed by `recommend` (server/analysis/sections/hull-analytics.ts: the hull analysis, recent fuel, price
   * and cleaning cost → domain hull/fouling-now.ts `foulingNow` → hull/cleaning-decision.ts
   * `cleaningDecision`, whose extra fuel is `foulingExtraFuel`).
   */
  recommendation: z
    .object({
      action: z.enum(["clean-now", "plan-cleaning", "no-action"]),
      /** Extra fuel the fouling burns now against the clean hull, t/day at sea. */
      extraFuelTonnesPerDay: num,
      /** Its value at the organisation's fuel price, currency/day. */
      extraCostPerDay: num,
      currency: z.string(),
      /** The organisation's cleaning cost setting. */
      cleaningCost: num,
      /** Excess power now (95 % interval) the figures rest on, %. */
      excessPowerPercent: estimate,
      /** Days a cleaning today takes to repay its cost at today's extra cost per day (cost ÷ that, rounded up). */
      breakEvenDays: num,
      /** Date the saving of a cleaning today repays its cost (YYYY-MM-DD): the data's end + breakEvenDays. */
      breakEvenDate: z.string(),
      /** Economic cleaning date: last cleaning + √(2·cost / growth of daily cost); today when past. */
      recommendedDate: z.string(),
      /** CII effect of cleaning now vs at the next planned docking (null where the ship cannot be rated). */
      cii: z
        .object({
          year: num,
          attainedIfCleanNow: num,
          ratingIfCleanNow: z.string().nullable(),
          attainedIfCleanAtDocking: num,
          ratingIfCleanAtDocking: z.string().nullable(),
          /** The planned docking used (YYYY-MM-DD), or null: none planned, the year's end is used. */
          nextDocking: z.string().nullable(),
        })
        .nullable(),
      confidence: z.object({
        level: z.enum(["high", "medium", "low"]),
        /** Accepted days in the current interval. */
        daysOfData: num,
        /** Width of the 95 % interval of the excess power now, % points. */
        intervalWidthPercent: num,
        rejectedShare: num,
        /** The current hull interval's fouling rate: measured to ±10 % or indicative (sets the recommended date). */
        rateStatus: z.enum(["measured", "indicative"]),
        /** In words: what the level rests on. */
        note: z.string(),
      }),
    })
    .nullable(),
  /** Why there is no recommendation (null with one). */
  reason: z.string().nullable(),
  series: hullDailySeries,
  events: z.array(hullEvent),
});
export type HullAnalyticsSectionResponse = z.infer<typeof hullAnalyticsSection>;
