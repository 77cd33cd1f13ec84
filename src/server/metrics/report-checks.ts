/**
 * The report checks of one ship over [from, to): per check (domain/report-checks) how many fuel records fail
 * and the first REPORT_CHECK_FIRST_RECORDS of them. One aggregate scan for the counts; per failing check an
 * index-ordered read that stops at the first records. Only checks with failing records are returned.
 */
import { sql } from "drizzle-orm";
import {
  REPORT_CHECK_FIRST_RECORDS,
  REPORT_CHECK_IDS,
  REPORT_CHECKS,
  type ReportCheckId,
  type ReportCheckSeverity,
} from "../../domain/report-checks/report-checks";
import type { Db } from "../db/client";
import { LCV_TABLE } from "./fuel-rows";
import { REPORT_CHECK_SQL } from "./report-checks-sql";
import { tsParam } from "./sql-values";

export type ReportCheck = {
  check: ReportCheckId;
  severity: ReportCheckSeverity;
  count: number;
  message: string;
  records: { type: "fuel"; timestamp: string }[];
};

/** The failing checks, and how many fuel records the range holds (so that 'every record passes' is never said of none). */
export async function reportChecks(
  db: Db,
  orgId: number,
  shipId: number,
  period: { from: Date | null; to: Date | null },
): Promise<{ checks: ReportCheck[]; recordsChecked: number }> {
  const where = sql`f.org_id = ${orgId} and f.ship_id = ${shipId}
    ${period.from ? sql`and f.ts >= ${tsParam(period.from)}` : sql``}
    ${period.to ? sql`and f.ts < ${tsParam(period.to)}` : sql``}`;
  const rows = sql`fuel_data f left join ${LCV_TABLE} using (fuel_type) where ${where}`;
  const counts = await db.execute(
    sql`select ${sql.raw(
      REPORT_CHECK_IDS.map((id, i) => `count(*) filter (where ${REPORT_CHECK_SQL[id]})::int as c${i}`).join(
        ", ",
      ),
    )}, count(*)::int as n from ${rows}`,
  );
  const row = counts.rows[0] as Record<string, number>;
  const failing = REPORT_CHECK_IDS.map((id, i) => ({ id, count: Number(row[`c${i}`] ?? 0) })).filter(
    (c) => c.count > 0,
  );
  const checks = await Promise.all(
    failing.map(async ({ id, count }) => {
      const first = await db.execute(
        sql`select extract(epoch from f.ts)::float8 as t from ${rows} and (${sql.raw(REPORT_CHECK_SQL[id])})
          order by f.ts limit ${REPORT_CHECK_FIRST_RECORDS}`,
      );
      return {
        check: id,
        severity: REPORT_CHECKS[id].severity,
        count,
        message: REPORT_CHECKS[id].message,
        records: first.rows.map((r) => ({
          type: "fuel" as const,
          timestamp: new Date(Number(r.t) * 1000).toISOString(),
        })),
      };
    }),
  );
  return { checks, recordsChecked: Number(row.n ?? 0) };
}
