/**
 * The KPI cards of the dashboard (issue 6 item 3; README 'KPI definitions'), computed with the domain
 * module from sums over the resolved range.
 */
import type { Kpis, LoadBand } from "../../contracts/analysis/kpis";
import { CAPACITY_BASIS, requireCiiShipType } from "../../domain/cii/capacity-basis";
import { assessCii } from "../../domain/cii/cii-assessment";
import { hasReductionFactor } from "../../domain/cii/reduction-factors";
import { sfocAtActualLcv } from "../../domain/engine/sfoc-iso-correction";
import { shopTestSfocAt } from "../../domain/engine/shop-test-curve";
import { isFuelType } from "../../domain/fuels/fuel-types";
import { sfocFromFuelMassAndEnergy } from "../../domain/performance/sfoc-from-fuel";
import type { AnalysisContext, ShipRow } from "./context";
import { differencePercent } from "./context";
import { exactFuelTotals, fuelByType, fuelTotals, type Totals } from "./queries";

/** Baseline SFOC when the ship has no shop-test curve, g/kWh (spec §9). */
export const SPEC_BASELINE_SFOC = 185;
/** Load band limits, % (issue 6): below 40 'Low Load', 40–85 'Optimal Range', above 85 'High Load'. */
export const LOAD_BAND_LIMITS = { low: 40, high: 85 } as const;
const YEAR_MS = 365 * 86_400_000;

export function loadBand(loadPercent: number): LoadBand {
  if (loadPercent < LOAD_BAND_LIMITS.low) return "Low Load";
  if (loadPercent > LOAD_BAND_LIMITS.high) return "High Load";
  return "Optimal Range";
}

/** SFOC = Σ fuel mass / Σ energy (g/kWh), over records with both fuel and power; null without energy. */
export function sfocOf(t: Pick<Totals, "fuel_t_with_energy" | "energy_kwh">): number | null {
  return t.energy_kwh > 0 ? sfocFromFuelMassAndEnergy(t.fuel_t_with_energy * 1000, t.energy_kwh) : null;
}

/** Time-weighted mean load, %; null without load data. */
export const meanLoadOf = (t: Pick<Totals, "load_pct_hours" | "load_hours">) =>
  t.load_hours > 0 ? t.load_pct_hours / t.load_hours : null;

/** Fuel consumption rate = Σ fuel / time at sea, t/day; null without time at sea. */
export const fuelRateOf = (t: Pick<Totals, "fuel_t" | "hours_at_sea">) =>
  t.hours_at_sea > 0 ? (24 * t.fuel_t) / t.hours_at_sea : null;

/** The ship's shop-test curve in the domain's shape, or null with fewer than 2 points. */
export function shopTestCurve(ship: ShipRow) {
  const pts = ship.shopTestSfoc ?? [];
  return pts.length >= 2 ? pts.map((p) => ({ loadPercent: p.loadPercent, sfocGPerKwh: p.sfoc })) : null;
}

/** Shop-test SFOC at `loadPercent`, or null when the ship has no curve or the load is outside it. */
export function shopTestAt(ship: ShipRow, loadPercent: number | null): number | null {
  const curve = shopTestCurve(ship);
  if (!curve || loadPercent === null) return null;
  const loads = curve.map((p) => p.loadPercent);
  if (loadPercent < Math.min(...loads) || loadPercent > Math.max(...loads)) return null;
  return shopTestSfocAt(curve, loadPercent);
}

/**
 * Baseline SFOC at a load: the main engine's shop-test SFOC when the main engine alone is shown and the
 * ship has a curve covering the load; otherwise the specification's 185 g/kWh.
 */
export function baselineSfoc(
  ship: ShipRow,
  engine: string,
  loadPercent: number | null,
  burntLcvKjPerKg: number | null = null,
): { value: number; source: "shop-test" | "specification"; loadPercent: number | null } {
  const shop = engine === "main" ? shopTestAt(ship, loadPercent) : null;
  if (shop === null) return { value: SPEC_BASELINE_SFOC, source: "specification", loadPercent: null };
  // A shop test is at the ISO reference LCV (42,700 kJ/kg); the measured SFOC is on the fuel burnt. Put the
  // baseline on that fuel's energy basis (ISO 3046-1 LCV correction, inverted) so that HFO's lower LCV is not
  // read as a 6 % engine deterioration.
  const value = burntLcvKjPerKg === null ? shop : sfocAtActualLcv(shop, burntLcvKjPerKg);
  return { value, source: "shop-test", loadPercent };
}

/** Mean LCV (kJ/kg) of the fuel burnt with recorded power, or null when a fuel type's LCV is unknown. */
export function meanLcvOf(t: Pick<Totals, "fuel_lcv" | "fuel_no_lcv" | "fuel_t_with_energy">): number | null {
  if (t.fuel_no_lcv > 0 || !(t.fuel_t_with_energy > 0)) return null;
  return t.fuel_lcv / t.fuel_t_with_energy;
}

/** Attained CII year to date for the calendar year of `end`, all consumers; null when not assessable. */
export async function ciiYearToDate(ctx: AnalysisContext, end: Date): Promise<Kpis["cii"]> {
  const { db, orgId, ship } = ctx;
  const year = new Date(end.getTime() - 1).getUTCFullYear();
  if (!hasReductionFactor(year)) return null;
  let shipType: ReturnType<typeof requireCiiShipType>;
  try {
    shipType = requireCiiShipType(ship.shipType);
  } catch {
    return null;
  }
  const capacity = CAPACITY_BASIS[shipType] === "DWT" ? ship.deadweight : ship.grossTonnage;
  if (!capacity || capacity <= 0) return null;
  const from = new Date(Date.UTC(year, 0, 1));
  const consumers = ["main", "auxiliary"] as const;
  const [totals, byType] = await Promise.all([
    exactFuelTotals(db, orgId, ship.id, from, end, consumers),
    ciiFuelByType(ctx, from, end),
  ]);
  if (!(totals.distance_nm > 0) || byType.length === 0) return null;
  if (!byType.every((f) => isFuelType(f.fuelType))) return null;
  const a = assessCii({
    shipType,
    capacity,
    fuels: byType.map((f) => ({ fuelType: f.fuelType as never, tonnes: f.fuelT })),
    distanceNm: totals.distance_nm,
    year,
  });
  return {
    rating: a.rating,
    attained: a.attainedCii,
    required: a.requiredCii,
    complianceStatus: a.complianceStatus,
    year,
  };
}

const DAY_MS = 86_400_000;

/** Fuel per type over [from, end), all consumers: whole days from the rollup, edges from raw records. */
async function ciiFuelByType(ctx: AnalysisContext, from: Date, end: Date) {
  const consumers = ["main", "auxiliary"] as const;
  const dayTo = new Date(Math.floor(end.getTime() / DAY_MS) * DAY_MS);
  const parts = await Promise.all([
    dayTo > from
      ? fuelByType(ctx.db, ctx.orgId, ctx.ship.id, { from, to: dayTo, resolution: "daily", consumers })
      : [],
    end > dayTo
      ? fuelByType(ctx.db, ctx.orgId, ctx.ship.id, { from: dayTo, to: end, resolution: "hourly", consumers })
      : [],
  ]);
  const sums = new Map<string, number>();
  for (const p of parts.flat()) sums.set(p.fuelType, (sums.get(p.fuelType) ?? 0) + p.fuelT);
  return [...sums.entries()].filter(([, t]) => t > 0).map(([fuelType, fuelT]) => ({ fuelType, fuelT }));
}

export async function computeKpis(ctx: AnalysisContext): Promise<Kpis> {
  return (await computeKpisWithTotals(ctx)).kpis;
}

/**
 * The KPI cards and the range's sums they came from (null for an empty range). `rangeTotals`: the range's
 * sums when the caller reads them anyway (the sidebar summary, from the buckets it prices).
 */
export async function computeKpisWithTotals(
  ctx: AnalysisContext,
  rangeTotals?: Promise<Totals>,
): Promise<{ kpis: Kpis; totals: Totals | null }> {
  const { db, orgId, ship, range } = ctx;
  const empty = range.from.getTime() >= range.to.getTime();
  if (empty) rangeTotals?.catch(() => undefined); // unused: its caller handles its failure
  const [totals, before, cii] = await Promise.all([
    empty ? null : (rangeTotals ?? fuelTotals(db, orgId, ship.id, range)),
    empty
      ? null
      : exactFuelTotals(
          db,
          orgId,
          ship.id,
          new Date(range.from.getTime() - YEAR_MS),
          range.from,
          range.consumers,
        ),
    ciiYearToDate(ctx, range.to),
  ]);
  const value = totals ? sfocOf(totals) : null;
  const load = totals ? meanLoadOf(totals) : null;
  const rate = totals ? fuelRateOf(totals) : null;
  const reference = before ? fuelRateOf(before) : null;
  const base = baselineSfoc(ship, range.engine, load, totals ? meanLcvOf(totals) : null);
  const kpis: Kpis = {
    sfoc:
      value === null
        ? null
        : {
            value,
            reference: base.value,
            differencePercent: differencePercent(value, base.value)!,
            referenceSource: base.source,
            referenceLoadPercent: base.loadPercent,
          },
    fuelConsumptionRate:
      rate === null
        ? null
        : { value: rate, reference, differencePercent: differencePercent(rate, reference) },
    engineLoadFactor: load === null ? null : { value: load, band: loadBand(load) },
    cii,
  };
  return { kpis, totals };
}
