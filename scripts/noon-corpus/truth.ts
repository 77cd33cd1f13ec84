/**
 * A layout's truth, from the simulator's reports alone (never from the product's reader): the reports whose
 * instant is in 2025, their fuel per grade and per consumer (t, unrounded sums of the hourly records over
 * each report's period), distance over ground (nm), steaming hours, CO2 = Σ t × Cf of the grade's MEPC.364(79) class, and the
 * attained CII (AER, g CO2 / dwt·nm) rated against the 2025 required CII and the dd-vector boundaries.
 */
import { ciiRating, ddVectorFor, ratingBoundaries, requiredCii } from "../../src/domain/cii";
import { FUEL_PROPERTIES } from "../../src/domain/fuels/fuel-types";
import type { NoonReport } from "../../src/simulator/noon-reports";
import type { Naming } from "./naming";

export const YEAR = 2025;
const r3 = (x: number) => Math.round(x * 1000) / 1000;

export function layoutTruth(reports: NoonReport[], naming: Naming, deadweight: number) {
  const inYear = reports.filter((r) => new Date(r.ms).getUTCFullYear() === YEAR);
  const byGrade = new Map<string, number>();
  const byConsumer = new Map<string, number>();
  let distance = 0;
  let steaming = 0;
  for (const r of inYear) {
    distance += r.distanceOverGroundNm;
    steaming += r.steamingHours;
    for (const consumer of ["main", "auxiliary"] as const) {
      for (const [grade, t] of Object.entries(r.fuel[consumer])) {
        byGrade.set(grade, (byGrade.get(grade) ?? 0) + t);
        const key = `${consumer}|${grade}`;
        byConsumer.set(key, (byConsumer.get(key) ?? 0) + t);
      }
    }
  }
  const classOf = (grade: string) => {
    const c = naming.classOf[grade];
    if (!c) throw new Error(`no class for the grade '${grade}'`);
    return c;
  };
  const co2 = [...byGrade].reduce((a, [g, t]) => a + t * FUEL_PROPERTIES[classOf(g)].cf, 0);
  const attained = (co2 * 1e6) / (deadweight * distance);
  const required = requiredCii("bulk_carrier", deadweight, YEAR);
  const boundaries = ratingBoundaries(required, ddVectorFor("bulk_carrier", deadweight).expD);
  return {
    reports: inYear.length,
    firstReport: new Date(inYear[0]!.ms).toISOString(),
    lastReport: new Date(inYear.at(-1)!.ms).toISOString(),
    fuelByGrade: [...byGrade].map(([grade, t]) => ({ grade, fuelClass: classOf(grade), tonnes: r3(t) })),
    fuelByConsumer: [...byConsumer].map(([key, t]) => {
      const [consumer, grade] = key.split("|");
      return { consumer: consumer!, grade: grade!, tonnes: r3(t) };
    }),
    distanceOverGroundNm: r3(distance),
    steamingHours: r3(steaming),
    co2Tonnes: r3(co2),
    attainedCii: r3(attained),
    requiredCii: r3(required),
    boundaries: Object.fromEntries(Object.entries(boundaries).map(([k, v]) => [k, r3(v)])),
    rating: ciiRating(attained, boundaries),
  };
}
