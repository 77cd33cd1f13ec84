/**
 * Report downloads (issue 17 items 1 and 4): the PDF vessel report for the dashboard's filters, and the
 * regulatory statements per ship and calendar year (IMO DCS, EU MRV, CII; PDF or XLSX) and for the fleet.
 */
import { z } from "zod";
import { idParam } from "./common";

export const vesselReportParams = z.object({ shipId: idParam }).strict();

const statementYear = z.coerce.number().int("must be a whole year").min(2000).max(2100);

export const STATEMENT_KINDS = ["dcs", "mrv", "cii"] as const;
export const STATEMENT_FORMATS = ["pdf", "xlsx"] as const;
export type StatementKindId = (typeof STATEMENT_KINDS)[number];
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

export const STATEMENT_KIND_LABELS: Record<StatementKindId, string> = {
  dcs: "IMO DCS",
  mrv: "EU MRV",
  cii: "CII statement",
};

export const statementParams = z.object({ shipId: idParam, year: statementYear }).strict();
export const statementQuery = z
  .object({ kind: z.enum(STATEMENT_KINDS), format: z.enum(STATEMENT_FORMATS).default("pdf") })
  .strict();
export const fleetStatementParams = z.object({ year: statementYear }).strict();

export const PDF_TYPE = "application/pdf";
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
