/**
 * hull-hull-condition: the hull's state now from data — excess power and speed loss at the end of the
 * current interval (its trend line read at the last accepted day, 95 % interval), days since each event,
 * the latest hull record with its fouling state (spec §4) and the trend line per interval between events,
 * over the days it was fitted on.
 */
import type { HullConditionSectionResponse } from "../../../contracts/analysis/hull-condition-section";
import { trendAt } from "../../../domain/hull/fouling-trend";
import { hullNow } from "../../../domain/hull/hull-intervals";
import { cleaningState } from "../../../domain/hull/roughness-bands";
import {
  daysSince,
  latestDoneEvent,
  MAINTENANCE_EVENT_TYPES,
} from "../../../domain/maintenance/maintenance-events";
import { latestHullRecord } from "../../metrics/latest-records";
import type { AnalysisContext } from "../context";
import { presentRange, rangeAsOf } from "../context";
import { hullEmptyReason, isoOf, loadHullAnalysis } from "../hull-performance";

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
      // each line over the days it was fitted on (its first to its last accepted day), not carried over the
      // days in port or dock around it: its steps at the events are the events' effects (domain eventEffect)
      const { startMs, endMs } = i.excess;
      return [
        {
          from: isoOf(startMs),
          to: isoOf(endMs),
          excessPowerPercentAtStart: trendAt(i.excess, startMs),
          excessPowerPercentAtEnd: trendAt(i.excess, endMs),
          speedLossPercentAtStart: trendAt(i.loss, startMs),
          speedLossPercentAtEnd: trendAt(i.loss, endMs),
        },
      ];
    }),
    series: a.series,
    events: a.presentEvents,
    emptyReason: hullEmptyReason(a),
  };
}
