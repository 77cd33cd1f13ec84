/**
 * Report checks of a noon-report sheet (issue 13): rules across one ship's reports in time order, run on
 * every noon upload and stored with it, each listing the sheet rows that fail it. The SFOC rules are the
 * stored-record checks of report-checks.ts (one place per rule), applied to the fuel records a report
 * becomes. A failing row is kept and marked (noon_reports.checks), decision 008.
 */
import { fuelClassOf } from "../fuels/fuel-names.js";
import type { FuelType } from "../fuels/fuel-types.js";
import { beaufortDisagrees } from "../noon-reports/wind.js";
import { type FuelRecordForChecks, fuelRecordChecks } from "./report-checks.js";

export const NOON_CHECK_IDS = [
  "distance-vs-speed",
  "rob-continuity",
  "sfoc-out-of-physical-range",
  "sfoc-reported-vs-derived",
  "beaufort-vs-wind-speed",
  "time-gap",
  "time-overlap",
  "negative-values",
  "duplicate-report",
] as const;
export type NoonCheckId = (typeof NOON_CHECK_IDS)[number];

/** Distance may differ from speed × hours by this much before it is flagged: max(nm, share of the distance). */
export const DISTANCE_TOLERANCE = { nm: 3, share: 0.05 } as const;
/** ROB may differ from previous ROB + bunkered − consumed by max(t, share of the previous ROB) (sounding error). */
export const ROB_TOLERANCE = { t: 1, share: 0.02 } as const;
/**
 * Longest gap between two reports of a ship before one is missing, h: a noon-to-noon day is 23–25 h when
 * the ship's clocks are advanced or retarded by an hour, plus half an hour of rounding.
 */
export const MAX_REPORT_GAP_HOURS = 25.5;
/** Hours reported beyond the time since the previous report before the periods overlap, h (rounding). */
export const OVERLAP_TOLERANCE_HOURS = 0.25;
/**
 * Fewest steaming hours over which a main engine's SFOC is judged, h. Sheets round hours to 0.1 h, and a
 * departure or arrival report often covers 0.1–0.5 h: over 0.1 h the rounding alone moves the daily rate, and
 * the SFOC derived from it, by up to ±50 %. From 2 h on the rounding stays within ±2.5 %, far inside both rules'
 * limits. (The auxiliaries' rate is spread over the whole report period, not the steaming hours.)
 */
export const SFOC_CHECK_MIN_STEAMING_HOURS = 2;

export const NOON_CHECKS: Record<NoonCheckId, { severity: "error" | "warning"; message: string }> = {
  "distance-vs-speed": {
    severity: "warning",
    message: `Distance differs from speed × steaming hours by more than ${DISTANCE_TOLERANCE.nm} nm and ${DISTANCE_TOLERANCE.share * 100} %`,
  },
  "rob-continuity": {
    severity: "warning",
    message: `Fuel remaining on board differs from the previous report's, plus bunkers received, minus fuel consumed, by more than ${ROB_TOLERANCE.t} t and ${ROB_TOLERANCE.share * 100} %`,
  },
  "sfoc-out-of-physical-range": {
    severity: "error",
    message:
      "Reported or derived SFOC (daily consumption ÷ power) outside the range an engine of this kind can reach",
  },
  "sfoc-reported-vs-derived": {
    severity: "warning",
    message: "Reported SFOC and SFOC derived from daily consumption ÷ power disagree by more than 10 %",
  },
  "beaufort-vs-wind-speed": {
    severity: "warning",
    message: "Beaufort force and reported wind speed disagree by more than one force (WMO Beaufort scale)",
  },
  "time-gap": {
    severity: "warning",
    message: `More than ${MAX_REPORT_GAP_HOURS} h since the ship's previous report: a report is missing`,
  },
  "time-overlap": {
    severity: "error",
    message:
      "Steaming hours or report period longer than the time since the ship's previous report: periods overlap",
  },
  "negative-values": { severity: "error", message: "Negative fuel, distance, hours, stock or draught" },
  "duplicate-report": {
    severity: "error",
    message: "Same ship and report time as an earlier row: the later row is not stored",
  },
};

/**
 * Whether a report fails a check of severity `error` (a physically impossible SFOC, overlapping periods, a
 * negative quantity): its figures cannot be right as sent. Such a report is flagged (noon_reports.flagged)
 * and left out of the figures when the organisation excludes flagged reports (decision 008). Warnings
 * (distance, ROB, Beaufort, gaps) describe doubtful but possible reports and never exclude one.
 */
export function failsErrorCheck(checks: readonly string[]): boolean {
  return checks.some((id) => NOON_CHECKS[id as NoonCheckId]?.severity === "error");
}

/** What the checks read of one report (canonical units), in the ship's time order. */
export type ReportForChecks = {
  row: number;
  timeMs: number;
  steamingHours: number | null;
  periodHours: number | null;
  /** Hours since the ship's previous report; null for the first. */
  sincePreviousHours: number | null;
  distanceNm: number | null;
  speedOverGroundKn: number | null;
  windForce: number | null;
  /** Wind speed as the sheet gave it (not one derived from the force), kn. */
  reportedWindKn: number | null;
  /** Fuel consumed since the previous report, t, per grade as reported (all consumers). */
  consumedByGrade: Record<string, number>;
  /** Remaining on board and received, t, per grade as reported ('any' when the sheet does not split them). */
  rob: Record<string, number>;
  bunkered: Record<string, number>;
  /** The report's fuel records, for the SFOC rules. */
  fuelRecords: FuelRecordForChecks[];
  negatives: boolean;
  duplicate: boolean;
};

/** The checks one report fails given the ship's previous report (null for the first). */
export function noonReportChecks(r: ReportForChecks, previous: ReportForChecks | null): NoonCheckId[] {
  // A duplicate is not stored: the rules across reports would judge it against the report it repeats.
  if (r.duplicate) return ["duplicate-report"];
  const out = new Set<NoonCheckId>();
  if (
    r.distanceNm !== null &&
    r.speedOverGroundKn !== null &&
    r.steamingHours !== null &&
    r.steamingHours > 0
  ) {
    const expected = r.speedOverGroundKn * r.steamingHours;
    const diff = Math.abs(r.distanceNm - expected);
    if (diff > DISTANCE_TOLERANCE.nm && diff > DISTANCE_TOLERANCE.share * Math.max(r.distanceNm, expected))
      out.add("distance-vs-speed");
  }
  if (previous && robDiscontinuous(r, previous)) out.add("rob-continuity");
  const mainJudgeable = r.steamingHours === null || r.steamingHours >= SFOC_CHECK_MIN_STEAMING_HOURS;
  for (const rec of r.fuelRecords) {
    if (rec.consumer === "main" && !mainJudgeable) continue;
    for (const c of fuelRecordChecks(rec)) if (c !== "distance-derived") out.add(c);
  }
  if (r.windForce !== null && r.reportedWindKn !== null && beaufortDisagrees(r.windForce, r.reportedWindKn))
    out.add("beaufort-vs-wind-speed");
  if (r.sincePreviousHours !== null) {
    if (r.sincePreviousHours > MAX_REPORT_GAP_HOURS) out.add("time-gap");
    const claimed = Math.max(r.steamingHours ?? 0, r.periodHours ?? 0);
    if (claimed > r.sincePreviousHours + OVERLAP_TOLERANCE_HOURS) out.add("time-overlap");
  }
  if (r.negatives) out.add("negative-values");
  return NOON_CHECK_IDS.filter((id) => out.has(id));
}

/** Tonnes per MEPC.364(79) class ('any' kept apart): ROB and consumption columns may spell a grade differently. */
function byClass(tonnes: Record<string, number>): Map<FuelType | "any", number> {
  const out = new Map<FuelType | "any", number>();
  for (const [grade, t] of Object.entries(tonnes)) {
    const key = grade === "any" ? "any" : (fuelClassOf(grade) ?? "any");
    out.set(key, (out.get(key) ?? 0) + t);
  }
  return out;
}

/**
 * ROB continuity per fuel class both reports give (or in total, 'any', when a sheet does not split ROB by
 * grade): ROB now ≈ ROB before + received − consumed.
 */
function robDiscontinuous(r: ReportForChecks, previous: ReportForChecks): boolean {
  const before = byClass(previous.rob);
  const received = byClass(r.bunkered);
  const consumedByClass = byClass(r.consumedByGrade);
  for (const [fuel, now] of byClass(r.rob)) {
    const was = before.get(fuel);
    if (was === undefined) continue;
    const consumed =
      fuel === "any"
        ? Object.values(r.consumedByGrade).reduce((s, t) => s + t, 0)
        : (consumedByClass.get(fuel) ?? 0);
    const expected = was + (received.get(fuel) ?? 0) - consumed;
    if (Math.abs(now - expected) > Math.max(ROB_TOLERANCE.t, ROB_TOLERANCE.share * was)) return true;
  }
  return false;
}

/** One check's result over a sheet: its id, the failing rows and its sentence (the answer's `checks`). */
export type NoonCheckResult = {
  check: NoonCheckId;
  severity: "error" | "warning";
  rows: number[];
  message: string;
};

/** The checks of one ship's reports in time order: per report its failed checks, and the summary per check. */
export function runNoonChecks(reports: readonly ReportForChecks[]): Map<number, NoonCheckId[]> {
  const byRow = new Map<number, NoonCheckId[]>();
  let previous: ReportForChecks | null = null;
  for (const r of reports) {
    const failed = noonReportChecks(r, previous);
    if (failed.length > 0) byRow.set(r.row, failed);
    if (!r.duplicate) previous = r;
  }
  return byRow;
}

/** Per check, the rows that fail it (ascending), for the checks some row fails. */
export function summariseNoonChecks(byRow: ReadonlyMap<number, readonly NoonCheckId[]>): NoonCheckResult[] {
  return NOON_CHECK_IDS.flatMap((check) => {
    const rows = [...byRow].filter(([, ids]) => ids.includes(check)).map(([row]) => row);
    rows.sort((a, b) => a - b);
    return rows.length > 0 ? [{ check, ...NOON_CHECKS[check], rows }] : [];
  });
}
