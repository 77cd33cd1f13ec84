/**
 * hull-hull-condition: the hull's state now from data — excess power and speed loss at the end of the
 * current interval (its trend line read at the last accepted day, 95 % interval), days since each event,
 * the latest hull record with its fouling state (spec §4) and the trend line per interval between events.
 */
import type { HullConditionSectionResponse } from "../../../contracts/analysis/hull-condition-section";
import { trendAt } from "../../../domain/hull/fouling-trend";
import { cleaningState } from "../../../domain/hull/roughness-bands";
import {
  daysSince,
  latestDoneEvent,
  MAINTENANCE_EVENT_TYPES,
} from "../../../domain/maintenance/maintenance-events";
import { latestHullRecord } from "../../metrics/latest-records";
import type { AnalysisContext } from "../context";
import { presentRange, rangeAsOf } from "../context";
import { hullEmptyReason, hullNow, isoOf, loadHullAnalysis } from "../hull-performance";

export async function hullCondition(ctx: AnalysisContext): Promise<HullConditionSectionResponse> {
  const { db, orgId, ship, range } = ctx;
  const [a, record] = await Promise.all([
    loadHullAnalysis(ctx),
    latestHullRecord(db, orgId, ship.id, range.to),
  ]);
  const asOf = rangeAsOf(range);
  const daysSinceEvents = MAINTENANCE_EVENT_TYPES.flatMap((type) => {
    const e = latestDoneEvent(a.events, asOf, (t) => t === type);
    return e ? [{ type, date: e.date, days: daysSince(e.date, asOf), source: e.source }] : [];
  });
  return {
    section: "hull-hull-condition",
    status: "ready",
    shipId: ship.id,
    range: presentRange(range),
    method: a.method,
    reference: a.reference,
    current: hullNow(a, range.to),
    daysSince: daysSinceEvents,
    hullRecord: record
      ? {
          at: record.ts.toISOString(),
          roughnessIndex: record.roughnessIndex,
          hullEfficiency: record.hullEfficiency,
          propellerSlip: record.propellerSlip,
          foulingState: record.roughnessIndex === null ? null : cleaningState(record.roughnessIndex),
        }
      : null,
    trend: a.intervals.flatMap((i) => {
      if (!i.excess || !i.loss) return [];
      // the line at the interval's bounds: the day after its event and the next event's day (or the range end)
      const end = i.toMs;
      return [
        {
          from: isoOf(i.fromMs),
          to: isoOf(end),
          excessPowerPercentAtStart: trendAt(i.excess, i.fromMs),
          excessPowerPercentAtEnd: trendAt(i.excess, end),
          speedLossPercentAtStart: trendAt(i.loss, i.fromMs),
          speedLossPercentAtEnd: trendAt(i.loss, end),
        },
      ];
    }),
    series: a.series,
    events: a.presentEvents,
    emptyReason: hullEmptyReason(a),
  };
}
