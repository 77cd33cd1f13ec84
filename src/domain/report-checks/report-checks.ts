/**
 * Report checks: rules a single stored record must pass for the figures built on it to be trusted (issue 11).
 * Each check is a pure predicate over one record, with a severity and a message; the server evaluates the
 * same rules in SQL over a ship's records (server/metrics/report-checks-sql.ts, tested equal to
 * `fuelRecordChecks` on a table of cases) and lists, per check, how many records fail and the first ones.
 * A new check is an id here, a predicate in `fuelRecordChecks` and its SQL condition.
 */
import { SFOC_AGREEMENT_LIMIT_PERCENT, sfocsDisagree } from "../engine/sfoc-cross-check.js";
import { ENGINE_KIND_OF_CONSUMER, isSfocPhysical, sfocPhysicalRange } from "../engine/sfoc-physical-range.js";
import { FUEL_PROPERTIES, isFuelType } from "../fuels/fuel-types.js";
import { sfocFromDailyFuel } from "../performance/sfoc-from-fuel.js";

export const REPORT_CHECK_IDS = [
  "sfoc-out-of-physical-range",
  "sfoc-reported-vs-derived",
  "distance-derived",
] as const;
export type ReportCheckId = (typeof REPORT_CHECK_IDS)[number];

/** 'error': the record's figure cannot be right; 'warning': it may be wrong; 'info': a figure was filled in. */
export const REPORT_CHECK_SEVERITIES = ["error", "warning", "info"] as const;
export type ReportCheckSeverity = (typeof REPORT_CHECK_SEVERITIES)[number];

/** Severity and the sentence shown with each check (the count of records is shown beside it). */
export const REPORT_CHECKS: Record<ReportCheckId, { severity: ReportCheckSeverity; message: string }> = {
  "sfoc-out-of-physical-range": {
    severity: "error",
    message:
      "Reported or derived SFOC (fuel rate ÷ power) outside the range an engine of this kind can reach " +
      "(brake thermal efficiency 35–55 % two-stroke main engine, 30–50 % four-stroke auxiliaries, on the fuel's LCV)",
  },
  "sfoc-reported-vs-derived": {
    severity: "warning",
    message: `Reported SFOC and SFOC derived from fuel rate ÷ power disagree by more than ${SFOC_AGREEMENT_LIMIT_PERCENT} %`,
  },
  "distance-derived": {
    severity: "info",
    message: "No distance reported: distance derived from speed over ground × hours covered",
  },
};

/** Records listed per check (the first in time); the count covers them all. */
export const REPORT_CHECK_FIRST_RECORDS = 20;

/** The fields of a stored fuel record the checks read (contract units: g/kWh, t/day, kW, nm, kn). */
export type FuelRecordForChecks = {
  consumer: "main" | "auxiliary" | "boiler";
  fuelType: string;
  sfoc: number | null;
  fuelConsumptionRate: number | null;
  enginePower: number | null;
  distanceNm: number | null;
  speedOverGround: number | null;
};

/** SFOC of one record from its fuel rate and power (`sfocFromDailyFuel`), g/kWh; null without a positive power or a rate. */
export function derivedSfocOfRecord(
  r: Pick<FuelRecordForChecks, "fuelConsumptionRate" | "enginePower">,
): number | null {
  if (r.fuelConsumptionRate === null || r.enginePower === null || !(r.enginePower > 0)) return null;
  return sfocFromDailyFuel(r.fuelConsumptionRate, r.enginePower);
}

/** The physical SFOC range of a record's engine on its fuel (`sfocPhysicalRange`; an unknown fuel: the ISO reference LCV). */
export function sfocRangeOfRecord(r: { consumer: "main" | "auxiliary"; fuelType: string }): {
  min: number;
  max: number;
} {
  const lcv = isFuelType(r.fuelType) ? FUEL_PROPERTIES[r.fuelType].lcvKjPerKg : null;
  return sfocPhysicalRange([ENGINE_KIND_OF_CONSUMER[r.consumer]], lcv);
}

/** The checks one fuel record fails, in REPORT_CHECK_IDS order. */
export function fuelRecordChecks(r: FuelRecordForChecks): ReportCheckId[] {
  const out: ReportCheckId[] = [];
  // a boiler is no engine: no power, no SFOC, no distance of its own
  if (r.consumer === "boiler") return out;
  const derived = derivedSfocOfRecord(r);
  const range = sfocRangeOfRecord({ consumer: r.consumer, fuelType: r.fuelType });
  if (
    (r.sfoc !== null && !isSfocPhysical(r.sfoc, range)) ||
    (derived !== null && !isSfocPhysical(derived, range))
  )
    out.push("sfoc-out-of-physical-range");
  if (sfocsDisagree(r.sfoc, derived)) out.push("sfoc-reported-vs-derived");
  if (r.distanceNm === null && r.speedOverGround !== null) out.push("distance-derived");
  return out;
}
