/**
 * engine-trim-optimization: fuel against trim per draught × speed bin (domain analyseTrim), the optimum for
 * the current condition and the expected saving (domain recommendTrim). Samples are the range's hours at
 * sea pooled per sailing condition (`trimConditions`), so a ten-year range costs about what a month does.
 */
import type { TrimOptimizationSectionResponse } from "../../../contracts/analysis/trim-optimization-section";
import {
  expectedPowerKw,
  fitSpeedPowerCurve,
  powerAtReferenceDisplacement,
} from "../../../domain/hull/speed-power-curve";
import type { MaintenanceEvent } from "../../../domain/maintenance/maintenance-events";
import { fitSpeedFuelCurve, speedFuelFitQuality } from "../../../domain/performance/speed-fuel-fit";
import {
  analyseTrim,
  draughtBinOf,
  speedBinOf,
  TRIM_DEFAULTS,
  type TrimSample,
  trimPenaltyPercent,
} from "../../../domain/performance/trim-analysis";
import {
  plausibleTrimPenalty,
  seededUniform,
  trimCurve,
  trimOptimumSupport,
} from "../../../domain/performance/trim-evidence";
import {
  admiraltyReferenceLog,
  TRIM_PERFORMANCE,
  type TrimPerformanceSample,
  trimFromPerformance,
} from "../../../domain/performance/trim-performance";
import { maintenanceEventsForHull } from "../../metrics/maintenance-events";
import {
  type TrimCondition,
  trimConditions,
  trimVoyageConditions,
  type VoyageTrimCondition,
} from "../../metrics/trim-conditions";
import { trimCalmPeriods } from "../../metrics/trim-weather";
import type { AnalysisContext } from "../context";
import { presentRange } from "../context";

const CURVE_POINTS = 11;
/** Seed of the bootstrap over voyages: a fixed one, so that the same data give the same interval. */
const BOOTSTRAP_SEED = 20_251_124;

/** A bin's key by the domain's indices, to match voyage samples with the pooled bins. */
const binKey = (meanDraughtM: number, speedKn: number) =>
  `${draughtBinOf(meanDraughtM)}:${speedBinOf(speedKn)}`;

/** Keeps the points of a curve whose penalty is within what trim can physically cause (domain plausibleTrimPenalty). */
function plausiblePoints<T extends { penaltyPercent: number }>(points: T[]): T[] {
  return points.filter((p) => plausibleTrimPenalty(p.penaltyPercent));
}

/**
 * The conditions' fuel brought to one displacement (admiralty law, domain powerAtReferenceDisplacement):
 * within a draught bin the displacement still varies, and the loading must not hide the trim effect.
 * The reference is the ship's, else the range's mean.
 */
function atReferenceDisplacement<C extends TrimCondition>(
  conditions: C[],
  reference: number | null,
): (Omit<C, "displacementT"> & TrimSample)[] {
  return conditions.map(({ displacementT: d, ...s }) => ({
    ...s,
    fuelTonnesPerDay:
      reference !== null && d !== null && d > 0
        ? powerAtReferenceDisplacement(s.fuelTonnesPerDay, d, reference)
        : s.fuelTonnesPerDay,
  }));
}

/**
 * The speed exponent to normalise fuel with: fitted on the samples (domain fitSpeedFuelCurve, weighted by
 * hours) when the fit can be read as the ship's speed law (domain speedFuelFitQuality: speeds spanning 2 kn,
 * a tight exponent), else null for the domain's default, the cube law. Within a narrow span of speeds the
 * trim effect itself would bend a fitted exponent.
 */
function fittedExponent(samples: TrimSample[]): number | null {
  const speeds = samples.map((s) => s.speedKn);
  if (new Set(speeds).size < 3) return null;
  const fit = fitSpeedFuelCurve(samples);
  return speedFuelFitQuality(fit, speeds).reliable && fit.n > 0 ? fit.n : null;
}

/**
 * ln of the reference power at a speed and displacement: the ship's speed–power curve (fitted as a power law,
 * ISO 19030-2 step 7) when it has one, else the admiralty law with the speed exponent used for the bins.
 */
function referenceLog(
  ship: AnalysisContext["ship"],
  speedExponent: number,
): { log: (speedKn: number, displacementT: number) => number; basis: "speed-power-curve" | "admiralty" } {
  const pts = ship.speedPowerCurve?.filter((p) => p.speedKn > 0 && p.powerKw > 0) ?? [];
  if (pts.length >= 2 && ship.referenceDisplacementT && ship.referenceDisplacementT > 0) {
    const { curve } = fitSpeedPowerCurve(pts, ship.referenceDisplacementT);
    if (curve.kind === "power-law" && curve.a > 0)
      return { log: (v, d) => Math.log(expectedPowerKw(curve, v, d)), basis: "speed-power-curve" };
  }
  return { log: (v, d) => admiraltyReferenceLog(v, d, speedExponent), basis: "admiralty" };
}

/**
 * The voyages' conditions as performance values: ln(fuel rate / reference power at the condition's speed
 * and displacement), the ISO 19030-2 excess-power ratio in log form (the SFOC's level is absorbed by the
 * fit's per-interval levels). A condition without a displacement is read at `fallbackDisplacementT`.
 */
function performanceSamples(
  conditions: readonly VoyageTrimCondition[],
  ref: (speedKn: number, displacementT: number) => number,
  fallbackDisplacementT: number | null,
): TrimPerformanceSample[] {
  const out: TrimPerformanceSample[] = [];
  for (const c of conditions) {
    const disp = c.displacementT !== null && c.displacementT > 0 ? c.displacementT : fallbackDisplacementT;
    if (disp === null || !(c.fuelTonnesPerDay > 0) || !(c.speedKn > 0)) continue;
    out.push({
      voyageId: c.voyageId,
      trimM: c.trimM,
      meanDraughtM: c.meanDraughtM,
      speedKn: c.speedKn,
      performance: Math.log(c.fuelTonnesPerDay) - ref(c.speedKn, disp),
      timeMs: c.timeMs,
      weight: c.weight,
    });
  }
  return out;
}

/**
 * The instants (UTC midnight, ms, ascending, distinct) of the ship's done maintenance events before `before`: the
 * fouling trend is taken out per interval between them. Every kind counts, an engine overhaul too: the
 * performance value is fuel over reference power, which an overhaul changes as a cleaning does.
 */
function doneEventInstants(events: readonly MaintenanceEvent[], before: Date): number[] {
  const instants = events
    .filter((e) => e.status === "done")
    .map((e) => Date.parse(`${e.date}T00:00:00Z`))
    .filter((ms) => ms < before.getTime());
  return [...new Set(instants)].sort((a, b) => a - b);
}

export async function trimOptimization(ctx: AnalysisContext): Promise<TrimOptimizationSectionResponse> {
  const { db, orgId, ship, range } = ctx;
  const [{ conditions, meanDisplacementT, current }, [calm, voyageConditions], maintenance] =
    await Promise.all([
      trimConditions(db, orgId, ship.id, range),
      trimCalmPeriods(db, orgId, ship.id, range, { lengthM: ship.lengthM, beamM: ship.beamM }).then(
        async (calm) => [calm, await trimVoyageConditions(db, orgId, ship.id, range, calm)] as const,
      ),
      maintenanceEventsForHull(db, orgId, ship.id).then((events) => doneEventInstants(events, range.to)),
    ]);
  const reference = ctx.ship.referenceDisplacementT ?? meanDisplacementT;
  const samples = atReferenceDisplacement(conditions, reference);
  const voyageSamples = atReferenceDisplacement(voyageConditions, reference);
  // The fuel of each sample is brought to its bin's centre speed with FC ∝ Vⁿ (see fittedExponent).
  const speedExponent = fittedExponent(samples);
  const options = speedExponent === null ? {} : { speedExponent };
  const bins = analyseTrim(samples, options);
  const voyagesOfBin = new Map<string, Set<number>>();
  for (const s of voyageSamples) {
    const key = binKey(s.meanDraughtM, s.speedKn);
    voyagesOfBin.set(key, (voyagesOfBin.get(key) ?? new Set()).add(s.voyageId));
  }
  // The recommendation: learned from the performance values of the voyages sailed near the current
  // condition, fouling trend per maintenance interval taken out, with an interval over voyages (domain
  // trimFromPerformance); shown only when that interval excludes a zero saving.
  const ref = referenceLog(ctx.ship, speedExponent ?? TRIM_DEFAULTS.speedExponent);
  const perf = performanceSamples(
    voyageConditions.flatMap((c) =>
      c.calmFuelTonnesPerDay === null ? [] : [{ ...c, fuelTonnesPerDay: c.calmFuelTonnesPerDay }],
    ),
    ref.log,
    reference,
  );
  const estimate = current
    ? trimFromPerformance(
        perf,
        { meanDraughtM: current.meanDraughtM, speedKn: current.speedKn, currentTrimM: current.trimM },
        maintenance,
        seededUniform(BOOTSTRAP_SEED),
      )
    : null;
  const noRecommendationReason = !current
    ? "No trim record at sea in this range"
    : !estimate
      ? "No hours near the current draught and speed lie within a recorded voyage; the interval needs voyages"
      : estimate.reason !== null && calm && estimate.reason.startsWith("only")
        ? `${estimate.reason}; periods outside the ISO 19030-2 reference wind are left out`
        : estimate.reason;
  // t/day: the saving's share of the fuel the neighbourhood's voyages burnt, each brought to the current speed
  const savingTonnesPerDay = (() => {
    if (!estimate || !current) return 0;
    let w = 0;
    let f = 0;
    for (const c of voyageConditions) {
      if (
        Math.abs(c.speedKn - current.speedKn) > TRIM_PERFORMANCE.speedHalfWidthKn ||
        Math.abs(c.meanDraughtM - current.meanDraughtM) > TRIM_PERFORMANCE.draughtHalfWidthM
      )
        continue;
      const d = c.displacementT ?? reference ?? 1;
      w += c.weight;
      f += c.weight * c.fuelTonnesPerDay * Math.exp(ref.log(current.speedKn, d) - ref.log(c.speedKn, d));
    }
    return w > 0 ? ((estimate.savingPercent / 100) * f) / w : 0;
  })();
  return {
    section: "engine-trim-optimization",
    status: "ready",
    shipId: ctx.ship.id,
    range: presentRange(ctx.range),
    bins: bins.map((b) => {
      const { min, max } = b.observedTrimRangeM;
      // a parabola sampled over the trims sailed; the observed table at its own points (its corners)
      const trims =
        b.model.kind === "quadratic"
          ? Array.from({ length: CURVE_POINTS }, (_, i) => min + ((max - min) * i) / (CURVE_POINTS - 1))
          : b.model.points.map((p) => p.trimM);
      const observed = b.observed.map((p) => ({
        trimM: p.trimM,
        penaltyPercent:
          (100 * (p.fuelTonnesPerDay - b.fuelAtOptimumTonnesPerDay)) / b.fuelAtOptimumTonnesPerDay,
        hoursAtSea: p.weight,
      }));
      const plausible = plausiblePoints(observed);
      const voyageCount =
        voyagesOfBin.get(binKey((b.draughtFromM + b.draughtToM) / 2, b.referenceSpeedKn))?.size ?? 0;
      const support = trimOptimumSupport(b, voyageCount);
      // the one drawing rule (domain trimCurve): no curve for a bin whose optimum is not supported
      const curve = trimCurve(
        support,
        trims.map((t) => ({ trimM: t, penaltyPercent: trimPenaltyPercent(b, t) })),
      );
      return {
        draughtFromM: b.draughtFromM,
        draughtToM: b.draughtToM,
        speedFromKn: b.speedFromKn,
        speedToKn: b.speedToKn,
        hoursAtSea: b.totalWeight,
        voyageCount,
        model: b.model.kind,
        optimumTrimM: b.optimumTrimM,
        optimumSupported: support.supported,
        unsupportedReason: support.reason,
        fuelAtOptimumTonnesPerDay: b.fuelAtOptimumTonnesPerDay,
        curve: {
          trimM: curve.points.map((p) => p.trimM),
          penaltyPercent: curve.points.map((p) => p.penaltyPercent),
        },
        noCurveReason: curve.reason,
        observed: {
          trimM: plausible.map((p) => p.trimM),
          penaltyPercent: plausible.map((p) => p.penaltyPercent),
          hoursAtSea: plausible.map((p) => p.hoursAtSea),
        },
        implausibleHours: observed
          .filter((p) => !plausible.includes(p))
          .reduce((a, p) => a + p.hoursAtSea, 0),
      };
    }),
    current,
    recommendation:
      estimate?.recommended && estimate.savingInterval && estimate.optimumInterval
        ? {
            optimumTrimM: estimate.optimumTrimM,
            expectedSavingPercent: estimate.savingPercent,
            expectedSavingTonnesPerDay: savingTonnesPerDay,
            method: "quadratic" as const,
            savingInterval: estimate.savingInterval,
            voyageCount: estimate.voyageCount,
            optimumInterval: estimate.optimumInterval,
          }
        : null,
    performanceBasis: {
      reference: ref.basis,
      maintenanceEvents: maintenance.length,
      voyageCount: estimate?.voyageCount ?? 0,
      hoursAtSea: estimate?.hoursAtSea ?? 0,
      weatherCorrection: calm ? ("iso15016" as const) : ("none" as const),
      fittedOptimumTrimM: estimate && estimate.curvaturePerM2 > 0 ? estimate.optimumTrimM : null,
    },
    noRecommendationReason,
    summary: {
      hoursAtSea: samples.reduce((sum, x) => sum + (x.weight ?? 0), 0),
      conditionCount: samples.length,
      binCount: bins.length,
      voyageCount: new Set(voyageSamples.map((s) => s.voyageId)).size,
    },
  };
}
