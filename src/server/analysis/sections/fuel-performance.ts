/** fuel-fuel-performance: SFOC over time, raw and at reference conditions, against the target and baseline. */
import type { FuelPerformanceSectionResponse } from "../../../contracts/analysis/fuel-performance-section";
import { ISO3046_REFERENCE, sfocToIsoConditions } from "../../../domain/engine/sfoc-iso-correction";
import type { AnalysisContext } from "../context";
import { differencePercent, presentRange } from "../context";
import { baselineSfoc, meanLoadOf, SPEC_BASELINE_SFOC, sfocOf } from "../kpis";
import { fuelBuckets, seriesMeans, type Totals } from "../queries";

/** SFOC chart target, g/kWh (spec §9). */
export const SFOC_TARGET = 180;

type Ambient = { air: number | null; sea: number | null };

/**
 * SFOC at reference conditions (domain `sfocToIsoConditions`): the fuel-weighted LCV of the fuels burnt
 * referred to 42,700 kJ/kg and, when air and sea temperatures were stored, the ambient correction with the
 * air temperature as turbocharger inlet, the sea temperature as charge-air coolant temperature (sea-water
 * cooled) and the reference pressure (no barometer in the records). Null when a fuel's LCV is unknown.
 */
export function isoSfoc(
  t: Pick<Totals, "fuel_t_with_energy" | "energy_kwh" | "fuel_lcv" | "fuel_no_lcv">,
  ambient: Ambient,
): { sfoc: number | null; ambient: boolean } {
  const sfoc = sfocOf(t);
  if (sfoc === null || !(sfoc > 0) || t.fuel_no_lcv > 0 || !(t.fuel_t_with_energy > 0))
    return { sfoc: null, ambient: false };
  const lcv = t.fuel_lcv / t.fuel_t_with_energy;
  const useAmbient =
    ambient.air !== null &&
    ambient.sea !== null &&
    ambient.air >= -40 &&
    ambient.air <= 60 &&
    ambient.sea >= 0 &&
    ambient.sea <= 60;
  const r = sfocToIsoConditions({
    measuredSfocGPerKwh: sfoc,
    actualLcvKjPerKg: lcv,
    ambient: useAmbient
      ? {
          airInletTempC: ambient.air!,
          barometricPressureMbar: ISO3046_REFERENCE.barometricPressureMbar,
          chargeAirCoolantTempC: ambient.sea!,
        }
      : undefined,
  });
  return { sfoc: r.isoSfocGPerKwh, ambient: useAmbient };
}

export const bucketTotals = (b: Awaited<ReturnType<typeof fuelBuckets>>, i: number) =>
  ({
    fuel_t_with_energy: b.fuel_t_with_energy[i]!,
    energy_kwh: b.energy_kwh[i]!,
    load_pct_hours: b.load_pct_hours[i]!,
    load_hours: b.load_hours[i]!,
    fuel_lcv: b.fuel_lcv[i] ?? 0,
    fuel_no_lcv: b.fuel_no_lcv[i]!,
  }) as const;

export async function fuelPerformance(ctx: AnalysisContext): Promise<FuelPerformanceSectionResponse> {
  const { db, orgId, ship, range } = ctx;
  const [b, env] = await Promise.all([
    fuelBuckets(db, orgId, ship.id, range),
    seriesMeans(db, orgId, ship.id, range, ["air_temp", "sea_temp"] as const),
  ]);
  const envAt = new Map(
    env.t.map((t, i) => [t, { air: env.air_temp[i] ?? null, sea: env.sea_temp[i] ?? null }]),
  );
  const sums = {
    fuel_t_with_energy: 0,
    energy_kwh: 0,
    load_pct_hours: 0,
    load_hours: 0,
    fuel_lcv: 0,
    fuel_no_lcv: 0,
  };
  let isoFuelSum = 0;
  let isoEnergy = 0;
  let ambientCorrected = false;
  const series = {
    t: [] as number[],
    sfoc: [] as (number | null)[],
    sfocIso: [] as (number | null)[],
    baseline: [] as (number | null)[],
    loadPercent: [] as (number | null)[],
  };
  b.t.forEach((t, i) => {
    const bt = bucketTotals(b, i);
    for (const k of Object.keys(sums) as (keyof typeof sums)[]) sums[k] += bt[k];
    const sfoc = sfocOf(bt);
    if (sfoc === null) return;
    const load = meanLoadOf(bt);
    const iso = isoSfoc(bt, envAt.get(t) ?? { air: null, sea: null });
    if (iso.sfoc !== null) {
      isoFuelSum += iso.sfoc * bt.energy_kwh;
      isoEnergy += bt.energy_kwh;
    }
    ambientCorrected ||= iso.ambient;
    series.t.push(t);
    series.sfoc.push(sfoc);
    series.sfocIso.push(iso.sfoc);
    series.baseline.push(baselineSfoc(ship, range.engine, load).value);
    series.loadPercent.push(load);
  });
  const meanSfoc = sfocOf(sums);
  const base = baselineSfoc(ship, range.engine, meanLoadOf(sums));
  const baselineValue = meanSfoc === null ? null : base.value;
  return {
    section: "fuel-fuel-performance",
    status: "ready",
    shipId: ship.id,
    range: presentRange(range),
    series,
    targetSfoc: SFOC_TARGET,
    baselineSource: base.source,
    specificationBaselineSfoc: SPEC_BASELINE_SFOC,
    ambientCorrected,
    summary: {
      meanSfoc,
      // energy-weighted mean of the buckets' normalised SFOC (each bucket has its own conditions)
      meanSfocIso: isoEnergy > 0 ? isoFuelSum / isoEnergy : null,
      baselineSfoc: baselineValue,
      vsTargetPercent: differencePercent(meanSfoc, SFOC_TARGET),
      vsBaselinePercent: differencePercent(meanSfoc, baselineValue),
    },
  };
}
