import type { DatabaseIntegrityResponse } from "../../../contracts/database-admin";
import { formatNumber } from "../../lib/format";

/**
 * What the Data Integrity panel says when no check fails (issue 35 item 2: 'every fuel record passes' was said
 * of none): how many fuel records the report checks read, or that there were none to check.
 */
export function integrityPassText(d: Pick<DatabaseIntegrityResponse, "fuelRecordsChecked">): string {
  if (d.fuelRecordsChecked === 0)
    return "No fuel records to check: add them with Data Input & Tools or upload a file; the report checks read fuel records only.";
  const n = d.fuelRecordsChecked;
  return `${formatNumber(n, 0)} fuel record${n === 1 ? "" : "s"} checked: ${n === 1 ? "it passes" : "every one passes"} the report checks.`;
}
