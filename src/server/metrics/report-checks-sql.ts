/**
 * The report checks of domain/report-checks as SQL conditions over a `fuel_data` row joined with the LCV
 * table (`lcv.kj_per_kg`, null for an unknown fuel type), generated from the domain's constants and tested
 * equal to `fuelRecordChecks` on a table of cases (report-checks-sql.test.ts).
 */
import { SFOC_AGREEMENT_LIMIT_PERCENT } from "../../domain/engine/sfoc-cross-check";
import { ISO3046_REFERENCE } from "../../domain/engine/sfoc-iso-correction";
import { ENGINE_EFFICIENCY_BOUNDS, ENGINE_KIND_OF_CONSUMER } from "../../domain/engine/sfoc-physical-range";
import type { ReportCheckId } from "../../domain/report-checks/report-checks";

/** A record's SFOC from fuel rate and power, g/kWh (domain `derivedSfocOfRecord`); null without a positive power. */
export const DERIVED_SFOC_SQL =
  "(case when engine_power > 0 then fuel_consumption_rate * 1e6 / (engine_power * 24) end)";

/** LCV of the record's fuel, kJ/kg (the ISO reference for an unknown fuel type). */
const LCV_SQL = `coalesce(lcv.kj_per_kg, ${ISO3046_REFERENCE.lcvKjPerKg})`;

/** Bound of the physical SFOC range of the record's consumer, g/kWh (domain `sfocRangeOfRecord`). */
function boundSql(which: "min" | "max"): string {
  const eta = (c: "main" | "auxiliary") => {
    const b = ENGINE_EFFICIENCY_BOUNDS[ENGINE_KIND_OF_CONSUMER[c]];
    return which === "min" ? b.max : b.min;
  };
  return `(3600000.0 / ((case consumer when 'main' then ${eta("main")} else ${eta("auxiliary")} end) * ${LCV_SQL}))`;
}

const outside = (v: string) => `(${v} < ${boundSql("min")} or ${v} > ${boundSql("max")})`;

/** Per check, the condition a failing record meets (domain `fuelRecordChecks`). */
export const REPORT_CHECK_SQL: Record<ReportCheckId, string> = {
  "sfoc-out-of-physical-range": `coalesce(${outside("sfoc")}, false) or coalesce(${outside(DERIVED_SFOC_SQL)}, false)`,
  "sfoc-reported-vs-derived": `coalesce(${DERIVED_SFOC_SQL} > 0 and abs(sfoc - ${DERIVED_SFOC_SQL}) * 100 / ${DERIVED_SFOC_SQL} > ${SFOC_AGREEMENT_LIMIT_PERCENT}, false)`,
  "distance-derived": "distance_nm is null and speed_over_ground is not null",
};
