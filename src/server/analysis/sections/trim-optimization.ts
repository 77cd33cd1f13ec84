/**
 * engine-trim-optimization: fuel against trim per draught × speed bin (domain analyseTrim), the optimum for
 * the current condition and the expected saving (domain recommendTrim). Samples are the range's hours at
 * sea pooled per sailing condition (`trimConditions`), so a ten-year range costs about what a month does.
 */
import type { TrimOptimizationSectionResponse } from "../../../contracts/analysis/trim-optimization-section";
import { powerAtReferenceDisplacement } from "../../../domain/hull/speed-power-curve";
import { fitSpeedFuelCurve, speedFuelFitQuality } from "../../../domain/performance/speed-fuel-fit";
import {
  analyseTrim,
  binCovering,
  draughtBinOf,
  speedBinOf,
  type TrimSample,
  trimPenaltyPercent,
} from "../../../domain/performance/trim-analysis";
import {
  plausibleTrimPenalty,
  seededUniform,
  trimOptimumSupport,
  trimSavingWithInterval,
} from "../../../domain/performance/trim-evidence";
import { type TrimCondition, trimConditions, trimVoyageConditions } from "../../metrics/trim-conditions";
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

export async function trimOptimization(ctx: AnalysisContext): Promise<TrimOptimizationSectionResponse> {
  const { db, orgId, ship, range } = ctx;
  const [{ conditions, meanDisplacementT, current }, voyageConditions] = await Promise.all([
    trimConditions(db, orgId, ship.id, range),
    trimVoyageConditions(db, orgId, ship.id, range),
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
  const coveringBin = current ? binCovering(bins, current.meanDraughtM, current.speedKn) : undefined;
  // The recommendation: learned from the voyages of the current condition's bin, with an interval over them
  // (domain trimSavingWithInterval); shown only when that interval excludes a zero saving.
  const estimate =
    current && coveringBin
      ? trimSavingWithInterval(
          voyageSamples,
          { meanDraughtM: current.meanDraughtM, speedKn: current.speedKn, currentTrimM: current.trimM },
          seededUniform(BOOTSTRAP_SEED),
          options,
        )
      : null;
  const noRecommendationReason = !current
    ? "No trim record at sea in this range"
    : !coveringBin
      ? "No analysed draught and speed bin covers the current condition"
      : !estimate
        ? "No hours of the current draught and speed lie within a recorded voyage; the interval needs voyages"
        : estimate.reason;
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
      const curve = plausiblePoints(
        trims.map((t) => ({ trimM: t, penaltyPercent: trimPenaltyPercent(b, t) })),
      );
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
        curve: { trimM: curve.map((p) => p.trimM), penaltyPercent: curve.map((p) => p.penaltyPercent) },
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
      estimate?.recommended && estimate.interval
        ? {
            optimumTrimM: estimate.optimumTrimM,
            expectedSavingPercent: estimate.savingPercent,
            expectedSavingTonnesPerDay: estimate.savingTonnesPerDay,
            method: estimate.method,
            savingInterval: estimate.interval,
            voyageCount: estimate.voyageCount,
          }
        : null,
    noRecommendationReason,
    summary: {
      hoursAtSea: samples.reduce((sum, x) => sum + (x.weight ?? 0), 0),
      conditionCount: samples.length,
      binCount: bins.length,
      voyageCount: new Set(voyageSamples.map((s) => s.voyageId)).size,
    },
  };
}
