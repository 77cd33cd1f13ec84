/**
 * GET /api/database/stats: the spec's counts of the organisation's records, its data quality (the System
 * Status' figure, system-status/data-quality.ts), its main engines' SFOC over every stored record (from the
 * daily rollup's sums, domain sfocOfSums), the oldest and newest record, and each table's storage health.
 */
import type pg from "pg";
import type { DatabaseStatsResponse } from "../../contracts/database-admin";
import { storageHealth } from "../../domain/database/storage-health";
import { sfocOfSums } from "../../domain/performance/sfoc-from-fuel";
import type { Db } from "../db/client";
import { fuelDataQualityWithReason } from "../system-status/data-quality-reason";
import { ident, ORG_TABLES } from "./org-tables";
import { SERIES_TIME_TABLES } from "./retention";

const COUNTED = {
  totalShips: "ships",
  totalFuelRecords: "fuel_data",
  totalEnvironmentalRecords: "environmental_data",
  totalVoyages: "voyages",
  totalHullRecords: "hull_condition",
  totalTrimRecords: "trim_data",
  totalComplianceRecords: "compliance_data",
  totalAuxiliaryRecords: "auxiliary_data",
} as const;

/** Rows of the organisation in each of its tables. */
export async function orgRowCounts(pool: pg.Pool, orgId: number): Promise<Record<string, number>> {
  const union = ORG_TABLES.map(
    (t) => `select '${t.name}' as t, count(*)::int as n from ${ident(t.name)} where org_id = $1`,
  ).join(" union all ");
  const res = await pool.query<{ t: string; n: number }>(union, [orgId]);
  return Object.fromEntries(res.rows.map((r) => [r.t, r.n]));
}

/** Storage measures of the organisation's tables, with their health badge. */
async function storage(pool: pg.Pool, counts: Record<string, number>) {
  const res = await pool.query<{
    relname: string;
    total: string;
    n_live_tup: string;
    n_dead_tup: string;
    n_mod_since_analyze: string;
    analyzed: Date | null;
    vacuumed: Date | null;
  }>(
    `select relname, pg_total_relation_size(relid)::text as total, n_live_tup::text, n_dead_tup::text,
       n_mod_since_analyze::text, greatest(last_analyze, last_autoanalyze) as analyzed,
       greatest(last_vacuum, last_autovacuum) as vacuumed
     from pg_stat_user_tables where schemaname = current_schema() and relname = any($1) order by relname`,
    [ORG_TABLES.map((t) => t.name)],
  );
  return res.rows.map((r) => {
    const live = Number(r.n_live_tup);
    const dead = Number(r.n_dead_tup);
    const health = storageHealth({
      liveTuples: live,
      deadTuples: dead,
      modifiedSinceAnalyze: Number(r.n_mod_since_analyze),
      analyzed: r.analyzed !== null,
    });
    return {
      table: r.relname,
      rows: counts[r.relname] ?? 0,
      totalBytes: Number(r.total),
      deadTuples: dead,
      liveTuples: live,
      lastAnalyzedAt: r.analyzed?.toISOString() ?? null,
      lastVacuumedAt: r.vacuumed?.toISOString() ?? null,
      ...health,
    };
  });
}

export async function databaseStats(
  db: Db,
  pool: pg.Pool,
  orgId: number,
  now: Date,
): Promise<DatabaseStatsResponse> {
  const counts = await orgRowCounts(pool, orgId);
  const span = SERIES_TIME_TABLES.map(
    (t) => `select min(ts) as a, max(ts) as b from ${ident(t)} where org_id = $1`,
  ).join(" union all ");
  const [quality, sums, range, tables] = await Promise.all([
    fuelDataQualityWithReason(db, orgId, null, now),
    pool.query<{ f: number | null; e: number | null }>(
      "select sum(fuel_t_with_energy) as f, sum(energy_kwh) as e from fuel_daily where org_id = $1 and consumer = 'main'",
      [orgId],
    ),
    pool.query<{ a: Date | null; b: Date | null }>(`select min(a) as a, max(b) as b from (${span}) s`, [
      orgId,
    ]),
    storage(pool, counts),
  ]);
  const s = sums.rows[0];
  const stats = Object.fromEntries(Object.entries(COUNTED).map(([k, t]) => [k, counts[t] ?? 0])) as Record<
    keyof typeof COUNTED,
    number
  >;
  return {
    ...stats,
    dataQuality: quality.quality?.percent ?? null,
    dataQualityEmptyReason: quality.emptyReason,
    averageSfoc: s?.f != null && s.e != null ? sfocOfSums({ fuelTWithEnergy: s.f, energyKwh: s.e }) : null,
    oldestRecord: range.rows[0]?.a?.toISOString() ?? null,
    newestRecord: range.rows[0]?.b?.toISOString() ?? null,
    storage: tables,
    computedAt: now.toISOString(),
  };
}
