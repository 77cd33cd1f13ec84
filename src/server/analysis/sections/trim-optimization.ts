/**
 * engine-trim-optimization: fuel against trim per draught × speed bin (domain analyseTrim), the optimum for
 * the current condition and the expected saving (domain recommendTrim). Samples are the range's buckets
 * (hourly, or daily for long ranges) with a mean trim and draught from the trim records, joined with the
 * fuel rate and speed through water of the fuel records of the same bucket, at sea.
 */
import type { SectionResponse } from "../../../contracts/analysis";
import { powerAtReferenceDisplacement } from "../../../domain/hull/speed-power-curve";
import { fitSpeedFuelCurve } from "../../../domain/performance/speed-fuel-fit";
import {
  analyseTrim,
  recommendTrim,
  type TrimSample,
  trimPenaltyPercent,
} from "../../../domain/performance/trim-analysis";
import type { AnalysisContext } from "../context";
import { presentRange } from "../context";
import { fuelBuckets, seriesMeans } from "../queries";
import { speedFuelAt } from "./fuel-consumption";

const CURVE_POINTS = 11;

export async function trimSamples(ctx: AnalysisContext): Promise<(TrimSample & { t: number })[]> {
  const { db, orgId, ship, range } = ctx;
  const [b, trim] = await Promise.all([
    fuelBuckets(db, orgId, ship.id, range),
    seriesMeans(db, orgId, ship.id, range, ["trim", "draught", "displacement"] as const),
  ]);
  const trimAt = new Map(
    trim.t.map((t, i) => [
      t,
      {
        trimM: trim.trim[i] ?? null,
        draughtM: trim.draught[i] ?? null,
        displacementT: trim.displacement[i] ?? null,
      },
    ]),
  );
  const displacements = trim.displacement.filter((d): d is number => d !== null && d > 0);
  const reference =
    ship.referenceDisplacementT ??
    (displacements.length > 0 ? displacements.reduce((a, d) => a + d, 0) / displacements.length : null);
  const samples: (TrimSample & { t: number })[] = [];
  b.t.forEach((t, i) => {
    const p = speedFuelAt(b, i);
    const tr = trimAt.get(t);
    if (!p || !tr || tr.trimM === null || tr.draughtM === null || !(tr.draughtM > 0)) return;
    // Within a draught bin the displacement still varies; bring the fuel to one displacement (admiralty
    // law, domain powerAtReferenceDisplacement) so that the trim effect is not hidden by the loading.
    const fuel =
      reference !== null && tr.displacementT !== null && tr.displacementT > 0
        ? powerAtReferenceDisplacement(p.fuelRate, tr.displacementT, reference)
        : p.fuelRate;
    samples.push({
      t,
      trimM: tr.trimM,
      meanDraughtM: tr.draughtM,
      speedKn: p.stw,
      fuelTonnesPerDay: fuel,
    });
  });
  return samples;
}

function fittedExponent(samples: TrimSample[]): number | null {
  if (new Set(samples.map((s) => s.speedKn)).size < 2) return null;
  const n = fitSpeedFuelCurve(
    samples.map((s) => ({ speedKn: s.speedKn, fuelTonnesPerDay: s.fuelTonnesPerDay })),
  ).n;
  return Number.isFinite(n) && n > 0 ? n : null;
}

export async function trimOptimization(
  ctx: AnalysisContext,
): Promise<SectionResponse<"engine-trim-optimization">> {
  const samples = await trimSamples(ctx);
  // The fuel of each sample is brought to its bin's centre speed with FC ∝ Vⁿ: n fitted on these samples
  // (domain fitSpeedFuelCurve) when they span speeds, else the domain's default (cube law).
  const speedExponent = fittedExponent(samples);
  const bins = analyseTrim(samples, speedExponent === null ? {} : { speedExponent });
  const last = samples[samples.length - 1];
  const current = last
    ? {
        meanDraughtM: last.meanDraughtM,
        speedKn: last.speedKn,
        trimM: last.trimM,
        at: new Date(last.t * 1000).toISOString(),
      }
    : null;
  const rec = last
    ? recommendTrim(
        bins,
        {
          meanDraughtM: last.meanDraughtM,
          speedKn: last.speedKn,
          currentTrimM: last.trimM,
        },
        speedExponent === null ? {} : { speedExponent },
      )
    : null;
  return {
    section: "engine-trim-optimization",
    status: "ready",
    shipId: ctx.ship.id,
    range: presentRange(ctx.range),
    bins: bins.map((b) => {
      const { min, max } = b.observedTrimRangeM;
      const trims = Array.from(
        { length: CURVE_POINTS },
        (_, i) => min + ((max - min) * i) / (CURVE_POINTS - 1),
      );
      return {
        draughtFromM: b.draughtFromM,
        draughtToM: b.draughtToM,
        speedFromKn: b.speedFromKn,
        speedToKn: b.speedToKn,
        sampleCount: b.sampleCount,
        model: b.model.kind,
        optimumTrimM: b.optimumTrimM,
        fuelAtOptimumTonnesPerDay: b.fuelAtOptimumTonnesPerDay,
        curve: { trimM: trims, penaltyPercent: trims.map((t) => trimPenaltyPercent(b, t)) },
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
    summary: { sampleCount: samples.length, binCount: bins.length },
  };
}
