import { getTableColumns, getTableName, sql } from "drizzle-orm";
import type { AnalysisQuery } from "../../contracts/analysis/filters";
import type { DashboardWithKpisResponse } from "../../contracts/analysis/kpis";
import type { DashboardResponse, SeriesRecord } from "../../contracts/dashboard";
import type { ShipProfile } from "../../domain/ships/ship-profile";
import { type AnalysisContext, loadAnalysisContext, presentRange } from "../analysis/context";
import { computeKpis } from "../analysis/kpis";
import type { Db } from "../db/client";
import { auxiliaryData, complianceData, environmentalData, fuelData, hullCondition } from "../db/schema";
import { recordPresence } from "../metrics/record-presence";
import { presentShip } from "../ships/ships.repository";
import { listVoyages } from "../voyages/voyages.repository";

type SeriesTable =
  | typeof fuelData
  | typeof environmentalData
  | typeof hullCondition
  | typeof auxiliaryData
  | typeof complianceData;

/** A stored row as the API shows it: tenant and bookkeeping columns dropped, `ts` as an ISO `timestamp`. */
export function presentRecord(row: Record<string, unknown>): SeriesRecord {
  const { orgId: _org, createdAt: _created, ts, ...fields } = row;
  const out: Record<string, unknown> = { ...fields, timestamp: (ts as Date).toISOString() };
  for (const [key, value] of Object.entries(out)) if (value instanceof Date) out[key] = value.toISOString();
  return out as SeriesRecord;
}

/** The tables whose newest record the dashboard shows as the ship's current state. */
const CURRENT: Record<keyof DashboardResponse["current"], SeriesTable> = {
  fuel: fuelData,
  environmental: environmentalData,
  hull: hullCondition,
  auxiliary: auxiliaryData,
  compliance: complianceData,
};

/** A row read as `to_jsonb` in the shape Drizzle's `select()` gives it (its columns' own mapping). */
function rowOfJson(table: SeriesTable, json: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table as typeof fuelData))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row;
}

/**
 * The newest stored record of each kind, in one statement (one index descent per table on (org_id, ship_id,
 * ts)) where five round trips read one row each (decision 045). Of a main-engine and an auxiliary record at
 * the same instant, the main engine's is the current one (its speed, load and SFOC are the ship's); without a
 * rule the pick would follow the order of writing.
 */
async function latestRecords(db: Db, orgId: number, shipId: number): Promise<DashboardResponse["current"]> {
  const kinds = Object.keys(CURRENT) as (keyof typeof CURRENT)[];
  const columns = kinds.map((kind) => {
    const table = CURRENT[kind];
    const mainFirst = table === fuelData ? sql`, x.consumer = 'main' desc` : sql``;
    return sql`(select to_jsonb(x) from ${sql.identifier(getTableName(table))} x
      where x.org_id = ${orgId} and x.ship_id = ${shipId} order by x.ts desc${mainFirst} limit 1) as ${sql.identifier(kind)}`;
  });
  const res = await db.execute(sql`select ${sql.join(columns, sql`, `)}`);
  const row = res.rows[0] as Record<string, Record<string, unknown> | null>;
  const current = {} as DashboardResponse["current"];
  for (const kind of kinds) {
    const json = row[kind];
    current[kind] = json ? presentRecord(rowOfJson(CURRENT[kind], json)) : null;
  }
  return current;
}

/**
 * The dashboard's base: the ship (already read, and scoped, by the caller's analysis context), its voyages
 * and the latest stored record of each kind.
 */
export async function loadDashboard(db: Db, orgId: number, shipRow: ShipProfile): Promise<DashboardResponse> {
  const shipId = shipRow.id;
  const [voyages, current] = await Promise.all([
    listVoyages(db, orgId, shipId),
    latestRecords(db, orgId, shipId),
  ]);
  return { ship: presentShip(shipRow), voyages, current };
}

/**
 * The dashboard's whole answer for a context: its base, the resolved range and the KPI cards. One function
 * for the screen (GET /api/dashboard/:shipId) and the PDF vessel report, so both show the same figures.
 */
export async function dashboardView(ctx: AnalysisContext): Promise<DashboardWithKpisResponse> {
  const [base, kpis, records] = await Promise.all([
    loadDashboard(ctx.db, ctx.orgId, ctx.ship),
    computeKpis(ctx),
    recordPresence(ctx.db, ctx.orgId, ctx.ship.id, ctx.range),
  ]);
  return { ...base, range: presentRange(ctx.range), kpis, records };
}

/**
 * The dashboard's answer for a ship of the organisation and the page's filters (its context loaded here):
 * the signed-in dashboard and a share link's read-only view.
 */
export async function dashboardWithKpis(
  db: Db,
  orgId: number,
  shipId: number,
  query: AnalysisQuery,
  now: Date = new Date(),
): Promise<DashboardWithKpisResponse> {
  return dashboardView(await loadAnalysisContext(db, orgId, shipId, query, now));
}
