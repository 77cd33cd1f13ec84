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
 * Boilers are a consumer of their own (records of consumer 'boiler', MEPC.385(81) asks IMO DCS fuel per main
 * engines, auxiliary engines and boilers), over the period like the auxiliaries.
 *
 * Several grades for one consumer (decision 008, "Grades"): one record per consumer and grade, at the
 * report's instant (the records' key holds the grade as reported: HSFO and VLSFO are two records). A consumer burns one grade at a time, so each
 * grade's record covers the share of the consumer's hours its tonnes are of the consumer's tonnes, at the
 * consumer's rate: rate = T × 24 / h on every grade's record, hours h × tₖ / T, so rate × hours / 24 = tₖ
 * exactly, and every sum over hours (energy, speed × hours, hours at sea) adds up to the consumer's, never
 * counted twice. Each record's CO2 is its grade's (tₖ × Cfₖ, MEPC.364(79)), its cost its grade's price.
 */
import { fuelGradeOf } from "../fuels/fuel-names.js";
import { co2FromFuel, type FuelType } from "../fuels/fuel-types.js";
import { NOON_CONSUMERS, type NoonConsumer } from "./fuel-headers.js";

/** Fuel consumed over a period, t, per consumer and grade as reported ('VLSFO', 'LSMGO'). */
export type FuelByConsumer = Partial<Record<NoonConsumer, Record<string, number>>>;

/** The MEPC.364(79) class of a grade as the reader keeps it (always a known grade: headers.ts). */
export const classOfGrade = (grade: string): FuelType => fuelGradeOf(grade)?.fuelType ?? "HFO";

/** A fuel record as the records contract takes it (rates in t/day, CO2 in t/day). */
export type PeriodFuelRecord = {
  consumer: NoonConsumer;
  /** The grade as reported ('VLSFO'); its class gives the CO2 factor. */
  grade: string;
  fuelType: FuelType;
  /** The consumer's rate over its hours (all grades), t/day. */
  fuelConsumptionRate: number;
  /** This grade's CO2 rate over the record's hours: rate × Cf of the grade, t/day. */
  co2Emissions: number;
  /** Hours the record covers: the grade's share of `consumerHours`. */
  periodHours: number;
  /** Hours the consumer ran over the report (main engine: steaming hours; others: the period). */
  consumerHours: number;
};

/** Daily rate of a quantity over `hours`: t × 24 / h (inverse of `fuelTonnesOver`). */
export function ratePerDay(tonnes: number, hours: number): number {
  return (tonnes * 24) / hours;
}

/** Hours since the previous report of the same ship, or null for its first report. */
export function hoursSince(previousMs: number | null, ms: number): number | null {
  return previousMs === null ? null : (ms - previousMs) / 3_600_000;
}

/**
 * The usual interval between a ship's reports, h: the median of the intervals between consecutive report
 * times (null with fewer than two). A sheet's first report has no previous one; when it gives no period its
 * fuel is spread over this interval — its tonnes are kept exactly whatever the hours (rate × hours / 24), only
 * its daily rate depends on them.
 */
export function usualIntervalHours(timesMs: readonly number[]): number | null {
  const gaps: number[] = [];
  for (let i = 1; i < timesMs.length; i++) {
    const h = (timesMs[i]! - timesMs[i - 1]!) / 3_600_000;
    if (h > 0) gaps.push(h);
  }
  if (gaps.length < 2) return null;
  gaps.sort((a, b) => a - b);
  const mid = gaps.length >> 1;
  return gaps.length % 2 === 1 ? gaps[mid]! : (gaps[mid - 1]! + gaps[mid]!) / 2;
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
  consumer: NoonConsumer,
  period: number | null,
  steamingHours: number | null,
): number | null {
  if (consumer === "main" && steamingHours !== null && steamingHours > 0) {
    return period !== null ? Math.min(steamingHours, period) : steamingHours;
  }
  return period;
}

function total(grades: Record<string, number> | undefined): number {
  return Object.values(grades ?? {}).reduce((s, t) => s + (t ?? 0), 0);
}

/**
 * The fuel records of one report: per consumer that reports any fuel figure (0 t included: an engine that
 * did not run) and per grade it burnt, the consumer's rate over its hours, the grade's share of those hours
 * and the grade's CO2 (see the module comment). Returns the reason instead when hours are unknown.
 */
export function periodFuelRecords(
  fuel: FuelByConsumer,
  period: number | null,
  steamingHours: number | null,
): PeriodFuelRecord[] | { reason: string } {
  const out: PeriodFuelRecord[] = [];
  for (const consumer of NOON_CONSUMERS) {
    const grades = fuel[consumer];
    if (!grades) continue;
    const hours = consumerHours(consumer, period, steamingHours);
    const tonnes = total(grades);
    if (hours === null || !(hours > 0)) {
      if (tonnes === 0) continue;
      return { reason: "fuel was reported but no hours: give steaming hours or the report period" };
    }
    out.push(...gradeRecords(consumer, grades, tonnes, hours));
  }
  return out;
}

function gradeRecords(
  consumer: NoonConsumer,
  grades: Record<string, number>,
  tonnes: number,
  hours: number,
): PeriodFuelRecord[] {
  const entries = Object.entries(grades);
  const rate = ratePerDay(tonnes, hours);
  // Nothing burnt, or a negative figure (the 'negative-values' check marks it): no shares to take; one record
  // of the consumer's total as the grade named most, its CO2 still summed grade by grade.
  if (!(tonnes > 0) || entries.some(([, t]) => t < 0)) {
    const most = entries.reduce((a, b) => (b[1] > a[1] ? b : a));
    const co2T = entries.reduce((s, [g, t]) => s + co2FromFuel(t, classOfGrade(g)), 0);
    const one = {
      grade: most[0],
      fuelType: classOfGrade(most[0]),
      co2Emissions: ratePerDay(co2T, hours),
      periodHours: hours,
    };
    return [{ consumer, fuelConsumptionRate: rate, consumerHours: hours, ...one }];
  }
  // A grade of 0 t is no record: an all-zero column beside the grade burnt never hides it.
  return entries
    .filter(([, t]) => t > 0)
    .map(([grade, t]) => ({
      consumer,
      grade,
      fuelType: classOfGrade(grade),
      fuelConsumptionRate: rate,
      co2Emissions: co2FromFuel(rate, classOfGrade(grade)),
      periodHours: (hours * t) / tonnes,
      consumerHours: hours,
    }));
}

/** Mean speed over a period from a distance, kn (distance ÷ time); null without both. */
export function speedOf(distanceNm: number | null, hours: number | null): number | null {
  return distanceNm !== null && hours !== null && hours > 0 ? distanceNm / hours : null;
}
