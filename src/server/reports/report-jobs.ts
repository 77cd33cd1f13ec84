/**
 * The report downloads as jobs a report thread runs (report-threads.ts): each reads the database and builds
 * its file, all of it away from the thread that answers HTTP. A ten-year vessel report spends about a second
 * of CPU in its hull analysis, row parsing and pdfkit (profiled, issue 30 item 5): on the server's own thread
 * that second stopped every other request, `/api/health` included.
 */
import type { AnalysisQuery } from "../../contracts/analysis/filters";
import type { StatementFormat } from "../../contracts/reports";
import { unresolvedAlertsOfShip } from "../alerts/alerts.repository";
import { loadCpStatement } from "../charter-party/charter-party-statement";
import { cpStatementPdf } from "../charter-party/charter-party-statement-pdf";
import { cpStatementXlsx } from "../charter-party/charter-party-statement-xlsx";
import type { Db } from "../db/client";
import { getShipProfile, listShipProfiles } from "../ships/ships.repository";
import { fileSlug } from "./report-format";
import { loadStatement, type StatementKind } from "./statements/statement-data";
import { statementPdf } from "./statements/statement-pdf";
import { fleetWorkbook, statementXlsx } from "./statements/statement-xlsx";
import { buildVesselReport } from "./vessel-report";

/** A built file and the name it is downloaded as. */
export type ReportFile = { body: Uint8Array; fileName: string };

export type ReportJob =
  | { job: "vessel-report"; orgId: number; shipId: number; filters: AnalysisQuery; now: Date }
  | {
      job: "statement";
      orgId: number;
      shipId: number;
      year: number;
      kind: StatementKind;
      format: StatementFormat;
      now: Date;
    }
  | { job: "fleet-workbook"; orgId: number; year: number; now: Date }
  | { job: "cp-statement"; orgId: number; voyageId: number; format: StatementFormat; now: Date };

/** Runs one job against `db` (the report thread's own pool, or the heavy pool when run in-process). */
export async function runReportJob(db: Db, job: ReportJob): Promise<ReportFile> {
  switch (job.job) {
    case "vessel-report": {
      const deps = { db, openAlerts: unresolvedAlertsOfShip };
      const report = await buildVesselReport(deps, job.orgId, job.shipId, job.filters, job.now);
      return { body: report.pdf, fileName: report.fileName };
    }
    case "statement": {
      const ship = await getShipProfile(db, job.orgId, job.shipId);
      const data = await loadStatement(db, job.orgId, ship, job.year, job.now);
      const body =
        job.format === "pdf"
          ? await statementPdf(data, job.kind, job.now)
          : await statementXlsx(data, job.kind);
      return { body, fileName: `${fileSlug(ship.name)}_${job.kind}_${job.year}.${job.format}` };
    }
    case "fleet-workbook": {
      const rows = [];
      for (const ship of await listShipProfiles(db, job.orgId))
        rows.push(await loadStatement(db, job.orgId, ship, job.year, job.now));
      return { body: await fleetWorkbook(rows, job.year), fileName: `fleet_statements_${job.year}.xlsx` };
    }
    case "cp-statement": {
      const data = await loadCpStatement(db, job.orgId, job.voyageId, job.now);
      const body = job.format === "pdf" ? await cpStatementPdf(data, job.now) : await cpStatementXlsx(data);
      const name = `${fileSlug(data.ship.name)}_${fileSlug(data.voyage.voyageNumber)}_cp-statement`;
      return { body, fileName: `${name}.${job.format}` };
    }
  }
}
