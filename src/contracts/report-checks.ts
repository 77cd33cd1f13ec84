/**
 * Report checks of a ship (issue 11): `GET /api/ships/:id/report-checks?from=&to=`. Per check that some
 * fuel records of the period fail: the check, its severity, how many records fail, what it means, and the
 * first records (domain/report-checks). `from`/`to` optional (ISO 8601; a bare `to` date includes that
 * day); without them the ship's whole history.
 */
import { z } from "zod";
import { REPORT_CHECK_IDS, REPORT_CHECK_SEVERITIES } from "../domain/report-checks/report-checks";
import { rangeEnd } from "./analysis/filters";
import { isoInstant } from "./common";
import { storedNoonCheckResult } from "./noon-check-result";

/**
 * An empty range (from = to: a voyage outside the dashboard's date range resolves so) is an answer of no
 * records, not a 400 that would reach the screen as 'The request is invalid' (issue 35 item 2).
 */
export const reportChecksQuery = z
  .object({ from: isoInstant.optional(), to: rangeEnd.optional() })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.from.getTime() > q.to.getTime())
      ctx.addIssue({ code: "custom", path: ["to"], message: "must not be before from" });
  });
export type ReportChecksQueryInput = z.input<typeof reportChecksQuery>;

export const reportCheck = z.object({
  check: z.enum(REPORT_CHECK_IDS),
  severity: z.enum(REPORT_CHECK_SEVERITIES),
  /** Records of the period that fail the check. */
  count: z.number().int(),
  message: z.string(),
  /** The first failing records in time (at most 20): record type and ISO 8601 timestamp (UTC). */
  records: z.array(z.object({ type: z.enum(["fuel"]), timestamp: z.string() })),
});
export type ReportCheckView = z.infer<typeof reportCheck>;

export const reportChecksResponse = z.object({
  checks: z.array(reportCheck),
  /** Fuel records in the range the checks read (0: nothing was checked, not 'everything passes'). */
  recordsChecked: z.number().int(),
});
export type ReportChecksResponse = z.infer<typeof reportChecksResponse>;

/**
 * `GET /api/ships/:id/noon-checks?from=&to=` (issue 13): the report checks of the noon-report uploads that
 * wrote reports of the ship in the range, latest first (at most 5): the file, when, and per failing check
 * the sheet rows (as the spreadsheet numbers them) so that the user can correct their sheet.
 */
export const noonUploadChecks = z.object({
  uploadId: z.number().int(),
  fileName: z.string(),
  uploadedAt: z.string(),
  /** Reports of this ship in the range that the upload wrote. */
  reports: z.number().int(),
  /** Reports among them that fail at least one check (kept, marked). */
  reportsFlagged: z.number().int(),
  /** Reports among them that fail an error-severity check (noon_reports.flagged): left out of the figures while the organisation excludes flagged reports. */
  reportsFailingErrors: z.number().int(),
  checks: z.array(storedNoonCheckResult),
});
export type NoonUploadChecksView = z.infer<typeof noonUploadChecks>;
export const noonChecksResponse = z.object({
  uploads: z.array(noonUploadChecks),
  /** The organisation's setting: the reports failing an error-severity check are left out of the figures. */
  excludeFlaggedReports: z.boolean(),
});
export type NoonChecksResponse = z.infer<typeof noonChecksResponse>;
