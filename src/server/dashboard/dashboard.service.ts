import { and, desc, eq, type SQL, sql } from "drizzle-orm";
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

/**
 * Of a main-engine and an auxiliary record at the same instant, the main engine's is the current one (its
 * speed, load and SFOC are the ship's); without a rule the pick would follow the order of writing.
 */
const MAIN_ENGINE_FIRST: SQL = sql`${fuelData.consumer} = 'main' desc`;

async function latest(
  db: Db,
  table: SeriesTable,
  orgId: number,
  shipId: number,
): Promise<SeriesRecord | null> {
  const [row] = await db
    .select()
    .from(table as typeof fuelData)
    .where(and(eq(table.orgId, orgId), eq(table.shipId, shipId)))
    .orderBy(desc(table.ts), ...(table === fuelData ? [MAIN_ENGINE_FIRST] : []))
    .limit(1);
  return row ? presentRecord(row) : null;
}

/**
 * The dashboard's base: the ship (already read, and scoped, by the caller's analysis context), its voyages
 * and the latest stored record of each kind.
 */
export async function loadDashboard(db: Db, orgId: number, shipRow: ShipProfile): Promise<DashboardResponse> {
  const shipId = shipRow.id;
  const [voyages, fuel, environmental, hull, auxiliary, compliance] = await Promise.all([
    listVoyages(db, orgId, shipId),
    latest(db, fuelData, orgId, shipId),
    latest(db, environmentalData, orgId, shipId),
    latest(db, hullCondition, orgId, shipId),
    latest(db, auxiliaryData, orgId, shipId),
    latest(db, complianceData, orgId, shipId),
  ]);
  return {
    ship: presentShip(shipRow),
    voyages,
    current: { fuel, environmental, hull, auxiliary, compliance },
  };
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
