/**
 * GET /api/database/integrity: per table of timed records the share of records without an issue, the issue
 * count and the missing values per measured column; recommendations naming the ship, the period and the
 * check that failed. A fuel record's issues are the report checks (domain/report-checks, applied in SQL by
 * metrics/report-checks-sql.ts: the same rule as the ship's report-checks panel) of severity error or warning
 * ('info' checks are listed as recommendations, not counted as faults); another table's are its
 * missing measured values (a record without any of them says nothing).
 */
import { sql } from "drizzle-orm";
import type pg from "pg";
import type { DatabaseIntegrityResponse } from "../../contracts/database-admin";
import { REPORT_CHECK_IDS, REPORT_CHECKS } from "../../domain/report-checks/report-checks";
import type { Db } from "../db/client";
import { LCV_TABLE } from "../metrics/fuel-rows";
import { REPORT_CHECK_SQL } from "../metrics/report-checks-sql";
import { ident, ORG_TABLES } from "./org-tables";
import { SERIES_TIME_TABLES } from "./retention";

async function fuelIssues(db: Db, orgId: number) {
  // an 'info' check (a distance derived from speed × hours) describes a record, it does not fault it
  const any =
    REPORT_CHECK_IDS.filter((id) => REPORT_CHECKS[id].severity !== "info")
      .map((id) => `(${REPORT_CHECK_SQL[id]})`)
      .join(" or ") || "false";
  const perCheck = REPORT_CHECK_IDS.map(
    (id, i) => `count(*) filter (where ${REPORT_CHECK_SQL[id]})::int as c${i},
      min(f.ts) filter (where ${REPORT_CHECK_SQL[id]}) as a${i}, max(f.ts) filter (where ${REPORT_CHECK_SQL[id]}) as b${i}`,
  ).join(", ");
  const res = await db.execute(
    sql`select f.ship_id, s.name, count(*)::int as n, count(*) filter (where ${sql.raw(any)})::int as issues,
       ${sql.raw(perCheck)}
     from fuel_data f left join ${LCV_TABLE} using (fuel_type)
       join ships s on s.org_id = f.org_id and s.id = f.ship_id
     where f.org_id = ${orgId} group by f.ship_id, s.name order by s.name`,
  );
  return res.rows as Record<string, unknown>[];
}

export async function databaseIntegrity(
  db: Db,
  pool: pg.Pool,
  orgId: number,
  now: Date,
): Promise<DatabaseIntegrityResponse> {
  const fuel = await fuelIssues(db, orgId);
  const tables: DatabaseIntegrityResponse["tables"] = [];
  const missingByKind: Record<string, number> = {};
  for (const name of SERIES_TIME_TABLES) {
    const table = ORG_TABLES.find((t) => t.name === name)!;
    const measured = table.measured;
    const nulls = measured.map((c, i) => `count(*) filter (where ${ident(c)} is null)::int as m${i}`);
    const allMissing =
      measured.length > 0 ? measured.map((c) => `${ident(c)} is null`).join(" and ") : "false";
    const res = await pool.query(
      `select count(*)::int as n, count(*) filter (where ${allMissing})::int as empty${nulls.length ? `, ${nulls.join(", ")}` : ""}
       from ${ident(name)} where org_id = $1`,
      [orgId],
    );
    const row = res.rows[0] as Record<string, number>;
    const missing: Record<string, number> = {};
    measured.forEach((c, i) => {
      const n = Number(row[`m${i}`] ?? 0);
      if (n > 0) {
        missing[c] = n;
        missingByKind[c] = (missingByKind[c] ?? 0) + n;
      }
    });
    const records = Number(row.n);
    const issues =
      name === "fuel_data" ? fuel.reduce((s, r) => s + Number(r.issues), 0) : Number(row.empty ?? 0);
    tables.push({
      table: name,
      records,
      issues,
      qualityPercent: records > 0 ? (100 * (records - issues)) / records : null,
      missing,
    });
  }
  const recommendations: DatabaseIntegrityResponse["recommendations"] = [];
  for (const r of fuel) {
    REPORT_CHECK_IDS.forEach((id, i) => {
      const count = Number(r[`c${i}`] ?? 0);
      if (count === 0) return;
      const from = new Date(r[`a${i}`] as string | Date).toISOString();
      const to = new Date(r[`b${i}`] as string | Date).toISOString();
      const check = REPORT_CHECKS[id];
      recommendations.push({
        shipId: Number(r.ship_id),
        shipName: String(r.name),
        check: id,
        severity: check.severity,
        count,
        from,
        to,
        message: `${String(r.name)}: ${count} fuel record${count === 1 ? "" : "s"} from ${from.slice(0, 10)} to ${to.slice(0, 10)} fail '${id}' — ${check.message}`,
      });
    });
  }
  const rank = { error: 0, warning: 1, info: 2 } as const;
  recommendations.sort((a, b) => rank[a.severity] - rank[b.severity] || b.count - a.count);
  const fuelRecordsChecked = fuel.reduce((s, r) => s + Number(r.n), 0);
  return { tables, missingByKind, recommendations, fuelRecordsChecked, computedAt: now.toISOString() };
}
