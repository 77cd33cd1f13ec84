/**
 * What the three hull sections share: the ship's maintenance events, its ISO 19030-2 reference (its own
 * curve, else one fitted on its first clean-hull period), the daily performance values of the stored days
 * (rollup `hull_daily`), the filter's account over the range and the trend per interval between events.
 * Only gathering and shaping: the arithmetic is the domain's (hull/hull-intervals, on the rules of
 * hull/performance-value and hull/fouling-trend), the reads the metrics layer's.
 */
import type {
  HullDailySeries,
  HullEvent,
  HullFilterAccount,
  HullMethod,
  HullReference,
} from "../../contracts/analysis/hull-common";
import {
  CLEAN_PERIOD_DAYS,
  dayMsOf,
  filterAccount,
  fittedReference,
  type HullInterval,
  type HullPoint,
  type HullSpan,
  intervalsOf,
  pointsOf,
  seriesOf,
} from "../../domain/hull/hull-intervals";
import {
  HULL_FILTER_TEXT,
  type PowerLawReference,
  powerLawOfCurve,
  referencePoints,
} from "../../domain/hull/performance-value";
import { enteredCurveSpan, type ReferenceSpan, speedsOverSpan } from "../../domain/hull/reference-span";
import {
  cleansHull,
  type MaintenanceEvent,
  segmentsHullAnalysis,
} from "../../domain/maintenance/maintenance-events";
import { DAY_MS } from "../../domain/time/units";
import { type HullDay, hullDays } from "../metrics/hull-days";
import { maintenanceEventsForHull } from "../metrics/maintenance-events";
import type { AnalysisContext } from "./context";

const iso = (ms: number) => new Date(ms).toISOString();

export type HullAnalysis = {
  events: MaintenanceEvent[];
  presentEvents: HullEvent[];
  ref: PowerLawReference | null;
  reference: HullReference | null;
  missingReference: string | null;
  method: HullMethod;
  days: HullDay[];
  /** Performance values of the accepted days read (from the start of the first interval the range overlaps). */
  points: HullPoint[];
  /** Intervals between segmenting events (segments of the hull intervals shown), oldest first, each with its own line. */
  intervals: HullInterval[];
  /** The same grouped into hull intervals (between hull cleanings and dry-dockings), oldest first. */
  hullIntervals: HullSpan[];
  filter: HullFilterAccount;
  series: HullDailySeries;
};

const ENTER_CURVE =
  "Enter the ship's speed–power reference curve (sea trial or model test: speed kn and delivered power kW " +
  "at a stated displacement) and its reference displacement in the ship's particulars";

export const HULL_METHOD_NAME =
  "ISO 19030-2 performance values on stored records: speed loss and excess power against the speed–power " +
  "reference (power law, admiralty displacement correction), the power taken less the record's stored weather " +
  "impact, daily means of the records that meet the reference conditions";

function methodOf(): HullMethod {
  return {
    name: HULL_METHOD_NAME,
    windCorrected: false,
    windNote:
      "No ISO 15016 wind correction: the ship's particulars hold no transverse projected (windage) area, which it " +
      "needs. Each record's power is taken less its stored weather impact (% of calm-water power added by wind " +
      "and waves) where it has one; records above Beaufort 5, Douglas 4 or a weather impact of 20 % are left out.",
    filters: HULL_FILTER_TEXT,
  };
}

function presentEvent(e: MaintenanceEvent): HullEvent {
  return { type: e.type, date: e.date, status: e.status, source: e.source };
}

/** The ship's own curve as a power law, or null when it has none (fewer than 2 points or no displacement). */
function shipReference(ctx: AnalysisContext): PowerLawReference | null {
  const { speedPowerCurve, referenceDisplacementT } = ctx.ship;
  if (!speedPowerCurve || speedPowerCurve.length < 2 || !referenceDisplacementT) return null;
  try {
    return powerLawOfCurve(speedPowerCurve, referenceDisplacementT);
  } catch {
    return null;
  }
}

function referenceOf(
  ctx: AnalysisContext,
  events: readonly MaintenanceEvent[],
  days: readonly HullDay[],
): Pick<HullAnalysis, "ref" | "reference" | "missingReference"> {
  // drawn only over the speeds the reference rests on (domain hull/reference-span.ts), not 0.6–1.0 × design speed
  const pointsOver = (ref: PowerLawReference, span: ReferenceSpan | null) =>
    span ? referencePoints(ref, speedsOverSpan(span)) : [];
  const own = shipReference(ctx);
  if (own) {
    const span = enteredCurveSpan(ctx.ship.speedPowerCurve ?? []);
    return {
      ref: own,
      reference: {
        source: "ship",
        referenceDisplacementT: own.referenceDisplacementT,
        points: pointsOver(own, span),
        span,
        fittedFrom: null,
        fittedTo: null,
        advice: null,
      },
      missingReference: null,
    };
  }
  const fitted = fittedReference(ctx.ship.referenceDisplacementT ?? null, events, days);
  if (!fitted)
    return {
      ref: null,
      reference: null,
      missingReference: `${ENTER_CURVE}. Without it a reference is fitted on the first ${CLEAN_PERIOD_DAYS} days after a recorded hull cleaning or dry-docking, and none has enough records yet.`,
    };
  const advice =
    `Fitted on this ship's records of ${iso(fitted.fromMs).slice(0, 10)} – ${iso(fitted.toMs).slice(0, 10)}, just after a ` +
    "hull cleaning or dry-docking: fouling is measured against the ship as it sailed then, not against a sea trial. " +
    `${ENTER_CURVE} for ISO 19030 values.`;
  return {
    ref: fitted.ref,
    reference: {
      source: "fitted-clean-period",
      referenceDisplacementT: ctx.ship.referenceDisplacementT ?? null,
      points: ctx.ship.referenceDisplacementT ? pointsOver(fitted.ref, fitted.span) : [],
      span: fitted.span,
      fittedFrom: iso(fitted.fromMs),
      fittedTo: iso(fitted.toMs),
      advice,
    },
    missingReference: advice,
  };
}

/**
 * The hull analysis of the context's range. `wholeHistory`: read every stored day (the ISO indicators compare
 * periods after earlier dockings); otherwise only the intervals the range overlaps.
 */
export async function loadHullAnalysis(
  ctx: AnalysisContext,
  { wholeHistory = false }: { wholeHistory?: boolean } = {},
): Promise<HullAnalysis> {
  const { db, orgId, ship, range } = ctx;
  const fromMs = Math.floor(range.from.getTime() / DAY_MS) * DAY_MS;
  const toMs = range.to.getTime();
  const events = await maintenanceEventsForHull(db, orgId, ship.id);
  // Only the days of the intervals the range overlaps: from the last event before the range (a ten-year
  // history read for 'Last 30 Days' would cost what a ten-year range does).
  // (a hull interval's: from its hull cleaning or dry-docking, so that its rate rests on all its segments)
  const before = events.filter(
    (e) => segmentsHullAnalysis(e) && cleansHull(e.type) && dayMsOf(e.date) < fromMs,
  );
  const since = !wholeHistory && before.length ? new Date(dayMsOf(before[before.length - 1]!.date)) : null;
  const ownCurve = shipReference(ctx) !== null;
  const [days, allDays] = await Promise.all([
    hullDays(db, orgId, ship.id, range.to, since),
    // a fitted reference reads the ship's first clean-hull period, wherever the range is
    ownCurve || since === null ? null : hullDays(db, orgId, ship.id, range.to),
  ]);
  const r = referenceOf(ctx, events, allDays ?? days);
  const points = pointsOf(r.ref, days);
  return {
    events,
    presentEvents: events.filter((e) => dayMsOf(e.date) < toMs + 366 * DAY_MS).map(presentEvent),
    ...r,
    method: methodOf(),
    days,
    points,
    ...intervalsOf(events, days, points, fromMs, toMs),
    filter: filterAccount(days, fromMs, toMs),
    series: seriesOf(
      { fromMs: range.from.getTime(), toMs, weekly: range.resolution === "weekly" },
      r.ref,
      days,
    ),
  };
}

/** Why a hull section has no values, or null when it has. */
export function hullEmptyReason(a: HullAnalysis): string | null {
  if (!a.ref) return a.missingReference;
  if (a.filter.records === 0)
    return "No main-engine records in this range: upload fuel records with speed through water and engine power.";
  if (a.filter.accepted === 0)
    return "No record in this range meets the reference conditions (see the rejections by reason): records need speed through water, engine power, displacement (trim records), sea temperature and wind speed (environmental records) at the same time.";
  return null;
}

export { iso as isoOf };
