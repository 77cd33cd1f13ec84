/**
 * A ship's regulatory statement of one calendar year (issue 17 item 4), from the compliance issue's annual
 * figures only (decision 011): the IMO DCS / EU MRV sums (`annualFigures`, GET /api/ships/:id/annual/:year),
 * the year's EU scope per voyage and port stay (`complianceYear`, the environment-compliance section's) and
 * the CII assessment of the year's records (`ciiYearRecords` → domain `ciiYearToDate`, the KPI card's figure). A
 * year still running is a statement of the year to date, and says so.
 */

import type { AnnualFigures } from "../../../contracts/analysis/annual-figures";
import type { StatementKindId } from "../../../contracts/reports";
import type { CiiAssessment } from "../../../domain/cii/cii-assessment";
import { ciiYearToDate } from "../../../domain/cii/cii-year-to-date";
import { complianceYearWindow } from "../../../domain/regulation/compliance-year";
import {
  EU_SCOPE_SHARE,
  EU_VOYAGE_SCOPES,
  type EuVoyageScope,
} from "../../../domain/regulation/eu-voyage-scope";
import type { ShipProfile } from "../../../domain/ships/ship-profile";
import { annualFigures } from "../../analysis/compliance/annual-figures";
import { complianceYear } from "../../analysis/compliance/compliance-year";
import type { Db } from "../../db/client";
import { ciiYearRecords } from "../../metrics/cii-year";
import { presentShip } from "../../ships/ships.repository";

export type StatementKind = StatementKindId;

export const STATEMENT_TITLES: Record<StatementKind, string> = {
  dcs: "IMO DCS annual data (MARPOL Annex VI reg. 27, Appendix IX)",
  mrv: "EU MRV annual emissions (Regulation (EU) 2015/757)",
  cii: "CII statement (MEPC.352(78), 353(78), 354(78))",
};

export type StatementData = {
  ship: ReturnType<typeof presentShip>;
  year: number;
  /** First day of the year, and the end the figures reach (exclusive): the year's end, or now while it runs. */
  periodFrom: string;
  periodTo: string;
  complete: boolean;
  annual: AnnualFigures;
  /** CO2 of the year per EU scope (t), with the share each counts for EU ETS, and what was left out. */
  euScope: { scope: EuVoyageScope; co2Tonnes: number; share: number }[];
  euScopeNotes: string[];
  cii: CiiAssessment | { reason: string };
};

export async function loadStatement(
  db: Db,
  orgId: number,
  ship: ShipProfile,
  year: number,
  now: Date,
): Promise<StatementData> {
  const w = complianceYearWindow(year, now.getTime());
  const cutoff = new Date(w.endMs);
  const [annual, compliance, records] = await Promise.all([
    annualFigures(db, orgId, ship.id, year, now),
    complianceYear(db, orgId, ship, year, cutoff),
    ciiYearRecords(db, orgId, ship, year, cutoff),
  ]);
  const cii = ciiYearToDate(records);
  const euScope = EU_VOYAGE_SCOPES.map((scope) => ({
    scope,
    co2Tonnes: compliance.voyages.filter((v) => v.scope === scope).reduce((a, v) => a + v.co2Tonnes, 0),
    share: EU_SCOPE_SHARE[scope],
  }));
  const euScopeNotes = compliance.voyages
    .filter((v) => v.scope === null && v.co2Tonnes > 0)
    .map(
      (v) => `${v.voyageNumber} (${v.origin} → ${v.destination}): port not known, left out of the EU scope`,
    );
  return {
    ship: presentShip(ship),
    year,
    periodFrom: new Date(w.fromMs).toISOString(),
    periodTo: cutoff.toISOString(),
    complete: w.endMs === w.yearEndMs,
    annual,
    euScope,
    euScopeNotes,
    cii: "reason" in cii ? cii : cii.assessment,
  };
}
