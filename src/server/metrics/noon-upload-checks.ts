/**
 * The noon-report uploads that wrote reports of a ship in a range, with the report checks stored with each
 * upload (sheet rows) and how many of the ship's reports each flagged. Scoped by the organisation.
 */
import { sql } from "drizzle-orm";
import type { NoonUploadChecksView } from "../../contracts/report-checks";
import type { Db } from "../db/client";

/** Uploads listed, latest first: the panel shows what the user last sent, not the whole history. */
export const NOON_UPLOADS_SHOWN = 5;

export async function noonUploadChecks(
  db: Db,
  orgId: number,
  shipId: number,
  range: { from: Date | null; to: Date | null },
): Promise<NoonUploadChecksView[]> {
  const result = await db.execute(sql`
    select u.id, u.file_name, u.created_at, coalesce(u.checks, '[]'::jsonb) as checks,
      count(*)::int as reports, count(*) filter (where cardinality(r.checks) > 0)::int as flagged,
      count(*) filter (where r.flagged)::int as failing_errors
    from noon_reports r
    join uploads u on u.org_id = r.org_id and u.id = r.upload_id
    where r.org_id = ${orgId} and r.ship_id = ${shipId}
      and (${range.from}::timestamptz is null or r.ts >= ${range.from})
      and (${range.to}::timestamptz is null or r.ts < ${range.to})
    group by u.id, u.file_name, u.created_at, u.checks
    order by u.created_at desc, u.id desc
    limit ${NOON_UPLOADS_SHOWN}`);
  return (
    result.rows as {
      id: number;
      file_name: string;
      created_at: Date | string;
      checks: NoonUploadChecksView["checks"];
      reports: number;
      flagged: number;
      failing_errors: number;
    }[]
  ).map((r) => ({
    uploadId: r.id,
    fileName: r.file_name,
    uploadedAt: new Date(r.created_at).toISOString(),
    reports: r.reports,
    reportsFlagged: r.flagged,
    reportsFailingErrors: r.failing_errors,
    checks: r.checks,
  }));
}
