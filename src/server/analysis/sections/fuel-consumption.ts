/** fuel-fuel-consumption: fuel against speed through water with FC = k·Vⁿ, and daily fuel by fuel type. */
import { sql } from "drizzle-orm";
import type { FuelConsumptionSectionResponse } from "../../../contracts/analysis/fuel-consumption-section";
import { powerAtReferenceDisplacement } from "../../../domain/hull/speed-power-curve";
import {
  fitSpeedFuelCurve,
  predictDailyFuel,
  speedFuelFitQuality,
} from "../../../domain/performance/speed-fuel-fit";
import type { AnalysisContext } from "../context";
import { presentRange } from "../context";
import { fuelRateOf } from "../kpis";
import { columnar, fuelBuckets, fuelRows, seriesMeans } from "../queries";

/** A bucket is a scatter point when at least this share of its time was at sea (port time would skew the rate). */
export const AT_SEA_SHARE_FOR_FIT = 0.9;
/** Buckets below this mean speed through water are left out of the fit, kn. */
export const MIN_FIT_SPEED_KN = 3;
const CURVE_POINTS = 40;

/** Mean STW (kn) and fuel rate (t/day) of bucket `i` when it was spent at sea, else null. */
export function speedFuelAt(b: Awaited<ReturnType<typeof fuelBuckets>>, i: number) {
  const hours = b.hours[i]!;
  const sea = b.hours_at_sea[i]!;
  if (!(hours > 0) || sea < AT_SEA_SHARE_FOR_FIT * hours || !(b.stw_hours[i]! > 0)) return null;
  const stw = b.stw_kn_hours[i]! / b.stw_hours[i]!;
  const fuelRate = fuelRateOf({ fuel_t: b.fuel_t[i]!, hours_at_sea: sea });
  if (stw < MIN_FIT_SPEED_KN || fuelRate === null || !(fuelRate > 0)) return null;
  return { stw, fuelRate };
}

/**
 * Scatter points (mean STW kn, fuel rate t/day) of the buckets spent at sea, in bucket order. When the
 * buckets have a recorded displacement, each fuel rate is brought to the reference displacement with the
 * admiralty law (domain powerAtReferenceDisplacement, fuel ∝ power): laden and ballast legs otherwise mix
 * two curves and distort the exponent. Reference displacement: the ship's baseline figure, else the mean of
 * the points.
 */
export function speedFuelPoints(
  b: Awaited<ReturnType<typeof fuelBuckets>>,
  displacementAt: Map<number, number | null> = new Map(),
  referenceDisplacementT: number | null = null,
) {
  const raw = b.t.flatMap((t, i) => {
    const p = speedFuelAt(b, i);
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
  const dailyRows =
    range.resolution !== "hourly"
      ? fuelRows(orgId, ship.id, range)
      : // short ranges: the raw records grouped by UTC day (partial days at the ends)
        sql`(select date_trunc('day', t at time zone 'UTC') at time zone 'UTC' as t, fuel_type, fuel_t from ${fuelRows(orgId, ship.id, range)} h)`;
  // The speed–fuel law is the propulsion's: with 'All Engines' the scatter and the fit use the main engine's
  // fuel only (auxiliary fuel hardly depends on speed and would flatten the exponent); the totals use both.
  const propulsion: AnalysisContext["range"] =
    range.engine === "all" ? { ...range, consumers: ["main"] } : range;
  const [b, fitBuckets, disp, daily] = await Promise.all([
    fuelBuckets(db, orgId, ship.id, range),
    propulsion === range ? null : fuelBuckets(db, orgId, ship.id, propulsion),
    seriesMeans(db, orgId, ship.id, range, ["displacement"] as const),
    columnar(
      db,
      sql`(select t, json_object_agg(fuel_type, fuel_t) as by_type from (select t, fuel_type, sum(fuel_t) as fuel_t from ${dailyRows} d group by 1, 2) x group by t)`,
      ["by_type"] as const,
    ),
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
  const curve = { stw: [] as number[], fuelRate: [] as number[] };
  if (fitted) {
    const lo = Math.min(...scatter.stw);
    const hi = Math.max(...scatter.stw);
    for (let i = 0; i < CURVE_POINTS; i++) {
      const v = lo + ((hi - lo) * i) / (CURVE_POINTS - 1);
      curve.stw.push(v);
      curve.fuelRate.push(predictDailyFuel(fitted, v));
    }
  }
  const byType = daily.by_type as unknown as Record<string, number>[];
  const fuelTypes = [...new Set(byType.flatMap((r) => Object.keys(r)))].sort();
  let totalFuel = 0;
  let sea = 0;
  let distance = 0;
  b.t.forEach((_, i) => {
    totalFuel += b.fuel_t[i]!;
    sea += b.hours_at_sea[i]!;
    distance += b.distance_nm[i]!;
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
    fitQuality: fitted ? speedFuelFitQuality(fitted, scatter.stw) : null,
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
      fuelT: fuelTypes.map((f) => byType.map((r) => r[f] ?? 0)),
    },
    summary: {
      totalFuelT: hasData ? totalFuel : null,
      fuelRate: hasData ? fuelRateOf({ fuel_t: totalFuel, hours_at_sea: sea }) : null,
      hoursAtSea: hasData ? sea : null,
      distanceNm: hasData ? distance : null,
    },
  };
}
