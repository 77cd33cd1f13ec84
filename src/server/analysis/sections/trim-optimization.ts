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
  recommendTrim,
  type TrimSample,
  trimPenaltyPercent,
} from "../../../domain/performance/trim-analysis";
import { type TrimCondition, trimConditions } from "../../metrics/trim-conditions";
import type { AnalysisContext } from "../context";
import { presentRange } from "../context";

const CURVE_POINTS = 11;

/**
 * The conditions' fuel brought to one displacement (admiralty law, domain powerAtReferenceDisplacement):
 * within a draught bin the displacement still varies, and the loading must not hide the trim effect.
 * The reference is the ship's, else the range's mean.
 */
function atReferenceDisplacement(conditions: TrimCondition[], reference: number | null): TrimSample[] {
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
  const { conditions, meanDisplacementT, current } = await trimConditions(db, orgId, ship.id, range);
  const samples = atReferenceDisplacement(conditions, ctx.ship.referenceDisplacementT ?? meanDisplacementT);
  // The fuel of each sample is brought to its bin's centre speed with FC ∝ Vⁿ (see fittedExponent).
  const speedExponent = fittedExponent(samples);
  const options = speedExponent === null ? {} : { speedExponent };
  const bins = analyseTrim(samples, options);
  const rec = current
    ? recommendTrim(
        bins,
        { meanDraughtM: current.meanDraughtM, speedKn: current.speedKn, currentTrimM: current.trimM },
        options,
      )
    : null;
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
      return {
        draughtFromM: b.draughtFromM,
        draughtToM: b.draughtToM,
        speedFromKn: b.speedFromKn,
        speedToKn: b.speedToKn,
        hoursAtSea: b.totalWeight,
        model: b.model.kind,
        optimumTrimM: b.optimumTrimM,
        fuelAtOptimumTonnesPerDay: b.fuelAtOptimumTonnesPerDay,
        curve: { trimM: trims, penaltyPercent: trims.map((t) => trimPenaltyPercent(b, t)) },
        observed: {
          trimM: b.observed.map((p) => p.trimM),
          penaltyPercent: b.observed.map(
            (p) => (100 * (p.fuelTonnesPerDay - b.fuelAtOptimumTonnesPerDay)) / b.fuelAtOptimumTonnesPerDay,
          ),
          hoursAtSea: b.observed.map((p) => p.weight),
        },
      };
    }),
    current,
    recommendation: rec
      ? {
          optimumTrimM: rec.optimumTrimM,
          expectedSavingPercent: rec.expectedSavingPercent,
          expectedSavingTonnesPerDay: rec.expectedSavingTonnesPerDay,
          method: rec.method,
        }
      : null,
    summary: {
      hoursAtSea: samples.reduce((sum, x) => sum + (x.weight ?? 0), 0),
      conditionCount: samples.length,
      binCount: bins.length,
    },
  };
}
