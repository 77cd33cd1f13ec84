/** Analysis Center section `hull-hull-condition`: the hull's current state from data. */
import { z } from "zod";
import { num } from "./conventions";
import { estimate, hullDailySeries, hullEvent, hullMethod, hullReference } from "./hull-common";
import { sectionBase } from "./section-base";

export const hullConditionSection = z.object({
  ...sectionBase("hull-hull-condition"),
  method: hullMethod,
  reference: hullReference.nullable(),
  /**
   * Now: the trend of the current interval (since the last event) read at its last accepted day, with its
   * 95 % interval; null without enough accepted data in the current interval.
   */
  current: z
    .object({
      speedLossPercent: estimate,
      excessPowerPercent: estimate,
      /** ISO 8601: the day the figures are read at, and the interval's first day. */
      at: z.string(),
      intervalFrom: z.string(),
      /** Accepted records the figures rest on. */
      samples: num,
    })
    .nullable(),
  /** Days from each type's latest done event to the range end (one entry per type that has one). */
  daysSince: z.array(
    z.object({ type: hullEvent.shape.type, date: z.string(), days: num, source: hullEvent.shape.source }),
  ),
  /** The latest hull record in the range (or before it), null when the ship has none. */
  hullRecord: z
    .object({
      at: z.string(),
      roughnessIndex: num.nullable(),
      /** %; negative means degradation (spec §3). */
      hullEfficiency: num.nullable(),
      /** %. */
      propellerSlip: num.nullable(),
      /** Spec §4: < 120 Good, 120–< 180 Moderate, ≥ 180 Poor; null where roughness is not measured. */
      foulingState: z.enum(["Good", "Moderate", "Poor"]).nullable(),
    })
    .nullable(),
  /**
   * The fitted line of excess power and speed loss per interval between events, at its ends: `from` and `to`
   * are the first and last accepted days it was fitted on (not the interval's bounds), so that the step
   * between two lines at an event is that event's effect (hull-hull-analytics `effects`).
   */
  trend: z.array(
    z.object({
      from: z.string(),
      to: z.string(),
      excessPowerPercentAtStart: num,
      excessPowerPercentAtEnd: num,
      speedLossPercentAtStart: num,
      speedLossPercentAtEnd: num,
    }),
  ),
  series: hullDailySeries,
  events: z.array(hullEvent),
  emptyReason: z.string().nullable(),
});
export type HullConditionSectionResponse = z.infer<typeof hullConditionSection>;
