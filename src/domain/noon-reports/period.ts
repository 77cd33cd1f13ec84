/**
 * Quantities over a report's period: a noon report gives fuel consumed (t) since the previous report, with
 * the hours steamed; the records store a rate (t/day) and the hours it covers, and every figure sums
 * rate × hours / 24 (records/record-arithmetic.ts, `fuelTonnesOver`). So rate = t × 24 / hours over the
 * hours the consumer ran, and the tonnes come back exactly, never counted twice.
 *
 * Hours per consumer: the main engine's fuel over the steaming hours (it propels the ship only under way),
 * or the whole period when the report gives none or zero steaming hours but main-engine fuel; auxiliary
 * engines and boilers over the whole period (they run in port too). The period is the report's own figure
 * ('hours since last report'), else the time since the ship's previous report, else the steaming hours.
 *
 * Boilers: the records know two consumers (main, auxiliary); boiler fuel is added to the auxiliary record of
 * the report (it is fuel burnt on board outside propulsion, and counts in CO2, CII and EEOI as such) and is
 * kept apart in the noon report itself (noon_reports.fuel), decision 008.
 *
 * Several grades for one consumer: one record per consumer and report (the records' series key), with the
 * total fuel, the grade burnt most as its fuel type, and its CO2 summed grade by grade (t × Cf of each grade,
 * MEPC.364(79)), so that CO2, CII and EEOI are exact; the tonnes by grade are kept in the noon report.
 */
import { co2FromFuel, type FuelType } from "../fuels/fuel-types.js";
import type { NoonConsumer } from "./headers.js";

/** Fuel consumed over a period, t, per consumer and grade. */
export type FuelByConsumer = Partial<Record<NoonConsumer, Partial<Record<FuelType, number>>>>;

/** A fuel record as the records contract takes it (rates in t/day, CO2 in t/day). */
export type PeriodFuelRecord = {
  consumer: "main" | "auxiliary";
  fuelType: FuelType;
  fuelConsumptionRate: number;
  co2Emissions: number;
  periodHours: number;
};

/** Daily rate of a quantity over `hours`: t × 24 / h (inverse of `fuelTonnesOver`). */
export function ratePerDay(tonnes: number, hours: number): number {
  return (tonnes * 24) / hours;
}

/** Hours since the previous report of the same ship, or null for its first report. */
export function hoursSince(previousMs: number | null, ms: number): number | null {
  return previousMs === null ? null : (ms - previousMs) / 3_600_000;
}

/** The period a report covers, h: its own figure, else the time since the previous report, else steaming hours. */
export function reportPeriodHours(
  given: number | null,
  sincePrevious: number | null,
  steamingHours: number | null,
): number | null {
  if (given !== null && given > 0) return given;
  if (sincePrevious !== null && sincePrevious > 0) return sincePrevious;
  if (steamingHours !== null && steamingHours > 0) return steamingHours;
  return null;
}

/** The hours over which a consumer's fuel was burnt (see the module comment). */
export function consumerHours(
  consumer: "main" | "auxiliary",
  period: number | null,
  steamingHours: number | null,
): number | null {
  if (consumer === "main" && steamingHours !== null && steamingHours > 0) {
    return period !== null ? Math.min(steamingHours, period) : steamingHours;
  }
  return period;
}

function total(grades: Partial<Record<FuelType, number>> | undefined): number {
  return Object.values(grades ?? {}).reduce((s, t) => s + (t ?? 0), 0);
}

/**
 * The fuel records of one report: per record consumer that reports any fuel figure (0 t included: an engine
 * that did not run), its rate over its hours and its CO2. `defaultGrade` is the grade of fuel columns that
 * name none. Returns the reason instead when hours are unknown.
 */
export function periodFuelRecords(
  fuel: FuelByConsumer,
  period: number | null,
  steamingHours: number | null,
): PeriodFuelRecord[] | { reason: string } {
  const out: PeriodFuelRecord[] = [];
  const groups: ["main" | "auxiliary", Partial<Record<FuelType, number>>][] = [];
  if (fuel.main) groups.push(["main", fuel.main]);
  if (fuel.auxiliary || fuel.boiler) {
    const merged: Partial<Record<FuelType, number>> = { ...fuel.auxiliary };
    for (const [g, t] of Object.entries(fuel.boiler ?? {}))
      merged[g as FuelType] = (merged[g as FuelType] ?? 0) + (t ?? 0);
    groups.push(["auxiliary", merged]);
  }
  for (const [consumer, grades] of groups) {
    const hours = consumerHours(consumer, period, steamingHours);
    const tonnes = total(grades);
    if (hours === null || !(hours > 0)) {
      if (tonnes === 0) continue;
      return { reason: "fuel was reported but no hours: give steaming hours or the report period" };
    }
    const entries = Object.entries(grades) as [FuelType, number][];
    const main = entries.reduce((a, b) => (b[1] > a[1] ? b : a));
    const co2T = entries.reduce((s, [g, t]) => s + co2FromFuel(t, g), 0);
    out.push({
      consumer,
      fuelType: main[0],
      fuelConsumptionRate: ratePerDay(tonnes, hours),
      co2Emissions: ratePerDay(co2T, hours),
      periodHours: hours,
    });
  }
  return out;
}

/** Mean speed over a period from a distance, kn (distance ÷ time); null without both. */
export function speedOf(distanceNm: number | null, hours: number | null): number | null {
  return distanceNm !== null && hours !== null && hours > 0 ? distanceNm / hours : null;
}
