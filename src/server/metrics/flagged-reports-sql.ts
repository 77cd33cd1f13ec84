/**
 * Leaving flagged noon reports out of the figures (issue 13 item 4, decision 008): a record of `fuel_data`,
 * `environmental_data`, `auxiliary_data` or `trim_data` is left out when a noon report of the same
 * organisation, ship and instant is flagged (it fails an error-severity check, `noon_reports.flagged`) and the
 * organisation has `exclude_flagged_reports` on. The records a noon report becomes carry its ship and time
 * (the series key), so the report is found by the unique key of `noon_reports`, an index probe per record.
 *
 * The setting is read in the same statement, so every reader of raw records (the daily rollups, the hourly
 * spans of fuel-rows.ts, the series means) honours it without being handed it; the rollups are recomputed
 * when it changes (settings/flagged-reports.ts).
 */

/** A SQL condition true when the record `alias` (a table name or alias with org_id, ship_id, ts) counts. */
export function notFromExcludedReport(alias: string): string {
  return `not exists (
    select 1 from noon_reports nr
    join org_settings os on os.org_id = nr.org_id and os.exclude_flagged_reports
    where nr.org_id = ${alias}.org_id and nr.ship_id = ${alias}.ship_id and nr.ts = ${alias}.ts and nr.flagged)`;
}
