/** fuel-fuel-consumption: fuel against speed through water with FC = k·Vⁿ, and fuel per day by fuel type. */
import type { FuelConsumptionSectionResponse } from "../../../contracts/analysis/fuel-consumption-section";
import { powerAtReferenceDisplacement } from "../../../domain/hull/speed-power-curve";
import {
  fitSpeedFuelCurve,
  predictDailyFuel,
  speedFuelFitQuality,
} from "../../../domain/performance/speed-fuel-fit";
import {
  atSeaSourceOf,
  distanceSourceOf,
  fuelPerDayOfSums,
  fuelRateOfSums,
  sailingPointOfSums,
} from "../../../domain/records/fuel-sums";
import { dailyFuelByType } from "../../metrics/daily-fuel-by-type";
import { bucketSums, type FuelBuckets, fuelBuckets } from "../../metrics/fuel-buckets";
import { seriesMeans } from "../../metrics/series-means";
import type { AnalysisContext } from "../context";
import { presentRange } from "../context";

const CURVE_POINTS = 40;

/**
 * Scatter points (mean STW kn, fuel rate t/day) of the buckets spent at sea, in bucket order. When the
 * buckets have a recorded displacement, each fuel rate is brought to the reference displacement with the
 * admiralty law (domain powerAtReferenceDisplacement, fuel ∝ power): laden and ballast legs otherwise mix
 * two curves and distort the exponent. Reference displacement: the ship's baseline figure, else the mean of
 * the points.
 */
function speedFuelPoints(
  b: FuelBuckets,
  displacementAt: Map<number, number | null> = new Map(),
  referenceDisplacementT: number | null = null,
) {
  const raw = b.t.flatMap((t, i) => {
    const p = sailingPointOfSums(bucketSums(b, i));
    return p ? [{ ...p, displacement: displacementAt.get(t) ?? null }] : [];
  });
  const withDisp = raw.filter((p) => p.displacement !== null && p.displacement > 0);
  const normalise = raw.length > 0 && withDisp.length === raw.length;
  const reference = normalise
    ? (referenceDisplacementT ?? withDisp.reduce((a, p) => a + p.displacement!, 0) / withDisp.length)
    : null;
  return {
    stw: raw.map((p) => p.stw),
    fuelRate: raw.map((p) =>
      reference === null ? p.fuelRate : powerAtReferenceDisplacement(p.fuelRate, p.displacement!, reference),
    ),
    referenceDisplacementT: reference,
  };
}

export async function fuelConsumption(ctx: AnalysisContext): Promise<FuelConsumptionSectionResponse> {
  const { db, orgId, ship, range } = ctx;
  // The speed–fuel law is the propulsion's: with 'All Engines' the scatter and the fit use the main engine's
  // fuel only (auxiliary fuel hardly depends on speed and would flatten the exponent); the totals use both.
  const propulsion: AnalysisContext["range"] =
    range.engine === "all" ? { ...range, consumers: ["main"] } : range;
  const [b, fitBuckets, disp, daily] = await Promise.all([
    fuelBuckets(db, orgId, ship.id, range),
    propulsion === range ? null : fuelBuckets(db, orgId, ship.id, propulsion),
    seriesMeans(db, orgId, ship.id, range, ["displacement"] as const),
    dailyFuelByType(db, orgId, ship.id, range),
  ]);
  const { referenceDisplacementT, ...scatter } = speedFuelPoints(
    fitBuckets ?? b,
    new Map(disp.t.map((t, i) => [t, disp.displacement[i] ?? null])),
    ship.referenceDisplacementT,
  );
  const fitted =
    scatter.stw.length >= 2 && new Set(scatter.stw).size >= 2
      ? fitSpeedFuelCurve(scatter.stw.map((v, i) => ({ speedKn: v, fuelTonnesPerDay: scatter.fuelRate[i]! })))
      : null;
  const fitQuality = fitted ? speedFuelFitQuality(fitted, scatter.stw) : null;
  // the curve exists only where the fit reads as the ship's speed law: the screen and the PDF draw what is here
  const curve = { stw: [] as number[], fuelRate: [] as number[] };
  if (fitted && fitQuality?.reliable) {
    const lo = Math.min(...scatter.stw);
    const hi = Math.max(...scatter.stw);
    for (let i = 0; i < CURVE_POINTS; i++) {
      const v = lo + ((hi - lo) * i) / (CURVE_POINTS - 1);
      curve.stw.push(v);
      curve.fuelRate.push(predictDailyFuel(fitted, v));
    }
  }
  const byType = daily.byType;
  const bucketHours = range.resolution === "weekly" ? 7 * 24 : 24;
  const fuelTypes = [...new Set(byType.flatMap((r) => Object.keys(r)))].sort();
  let totalFuel = 0;
  let sea = 0;
  let seaOverGround = 0;
  let distance = 0;
  let derived = 0;
  b.t.forEach((_, i) => {
    totalFuel += b.fuelT[i]!;
    sea += b.hoursAtSea[i]!;
    seaOverGround += b.hoursAtSeaOverGround[i]!;
    distance += b.distanceNm[i]!;
    derived += b.distanceDerivedNm[i]!;
  });
  const hasData = b.t.length > 0;
  const finite = (x: number) => (Number.isFinite(x) ? x : null);
  return {
    section: "fuel-fuel-consumption",
    status: "ready",
    shipId: ship.id,
    range: presentRange(range),
    scatter,
    referenceDisplacementT,
    scatterConsumers: [...propulsion.consumers],
    fitQuality,
    fit: fitted
      ? {
          k: fitted.k,
          n: fitted.n,
          nCi95HalfWidth: finite(fitted.nCi95HalfWidth),
          r2: finite(fitted.r2),
          count: fitted.count,
        }
      : null,
    curve,
    daily: {
      t: daily.t,
      fuelTypes,
      // a rate: each bucket's fuel over the hours its records cover (domain fuelPerDayOfSums)
      fuelTPerDay: fuelTypes.map((f) =>
        byType.map((r, i) => fuelPerDayOfSums({ fuelT: r[f] ?? 0, hours: daily.hours[i]! }).fuelTPerDay),
      ),
      hours: daily.hours,
      partial: daily.hours.map((h) => fuelPerDayOfSums({ fuelT: 0, hours: h }, bucketHours).partial),
      bucketHours,
    },
    summary: {
      totalFuelT: hasData ? totalFuel : null,
      fuelRate: hasData ? fuelRateOfSums({ fuelT: totalFuel, hoursAtSea: sea }) : null,
      hoursAtSea: hasData ? sea : null,
      atSeaSource: atSeaSourceOf(sea, seaOverGround),
      distanceNm: hasData ? distance : null,
      distanceSource: distanceSourceOf(distance, derived),
    },
  };
}
