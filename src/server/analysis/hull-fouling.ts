/**
 * The ship's fouling fuel now (domain foulingNow): gathers the main engine's fuel of the last
 * RECENT_FUEL_DAYS days beside the hull analysis and hands both to the domain.
 */
import { type FoulingNow, foulingNow, RECENT_FUEL_DAYS } from "../../domain/hull/fouling-now";
import { DAY_MS } from "../../domain/time/units";
import { exactFuelByType } from "../metrics/fuel-by-type";
import { exactFuelTotals } from "../metrics/fuel-totals";
import type { AnalysisContext } from "./context";
import type { HullAnalysis } from "./hull-performance";

/** The ship's fouling fuel now, or why the data cannot tell it. */
export async function shipFouling(
  ctx: AnalysisContext,
  a: HullAnalysis,
): Promise<FoulingNow | { reason: string }> {
  const { db, orgId, ship, range } = ctx;
  const recent = { from: new Date(range.to.getTime() - RECENT_FUEL_DAYS * DAY_MS), to: range.to };
  const [main, byType] = await Promise.all([
    exactFuelTotals(db, orgId, ship.id, { ...recent, consumers: ["main"] }),
    exactFuelByType(db, orgId, ship.id, { ...recent, consumers: ["main"] }),
  ]);
  return foulingNow({
    missingReference: a.ref ? null : (a.missingReference ?? "No speed–power reference."),
    intervals: a.intervals,
    hullIntervals: a.hullIntervals,
    events: a.events,
    toMs: range.to.getTime(),
    recentMain: { fuelT: main.fuelT, hoursAtSea: main.hoursAtSea, byType },
  });
}
