/**
 * What every analysis call needs: the ship (scoped by the caller's organisation, 404 otherwise) with its
 * baselines, and the range the filters resolve to.
 */
import { and, desc, eq } from "drizzle-orm";
import type { AnalysisQuery, DateRange, EngineFilter, ResolvedRange } from "../../contracts/analysis/filters";
import type { Db } from "../db/client";
import { ships, voyages } from "../db/schema";
import { notFound } from "../http/errors";

export type ShipRow = typeof ships.$inferSelect;
export type Consumer = "main" | "auxiliary";

const DAY_MS = 86_400_000;
/** Ranges up to this long are read from raw records in hourly buckets; longer ones from the daily rollups. */
export const HOURLY_MAX_DAYS = 31;
/** Ranges longer than this are bucketed by week (so that a chart holds at most about 1,000 points). */
export const DAILY_MAX_DAYS = 1000;

export type AnalysisRange = {
  /** Inclusive start and exclusive end. */
  from: Date;
  to: Date;
  range: DateRange;
  voyageId: number | null;
  engine: EngineFilter;
  consumers: Consumer[];
  resolution: "hourly" | "daily" | "weekly";
};

export type AnalysisContext = { db: Db; orgId: number; ship: ShipRow; range: AnalysisRange; now: Date };

export async function loadShip(db: Db, orgId: number, shipId: number): Promise<ShipRow> {
  const [row] = await db
    .select()
    .from(ships)
    .where(and(eq(ships.orgId, orgId), eq(ships.id, shipId)));
  if (!row) throw notFound("Ship");
  return row;
}

type VoyageSpan = { id: number; from: Date; to: Date };

async function voyageSpan(db: Db, orgId: number, shipId: number, voyageId: number, now: Date) {
  const [v] = await db
    .select()
    .from(voyages)
    .where(and(eq(voyages.orgId, orgId), eq(voyages.shipId, shipId), eq(voyages.id, voyageId)));
  if (!v) throw notFound("Voyage");
  return { id: v.id, from: v.departureDate, to: v.arrivalDate ?? now };
}

/** The ship's active voyage (latest departure first), else its latest voyage; null when it has none. */
async function currentVoyage(db: Db, orgId: number, shipId: number, now: Date): Promise<VoyageSpan | null> {
  const rows = await db
    .select()
    .from(voyages)
    .where(and(eq(voyages.orgId, orgId), eq(voyages.shipId, shipId)))
    .orderBy(desc(voyages.departureDate))
    .limit(20);
  const started = rows.filter((v) => v.departureDate.getTime() <= now.getTime());
  const active = started.find((v) => v.status === "active") ?? started[0] ?? rows[0];
  return active ? { id: active.id, from: active.departureDate, to: active.arrivalDate ?? now } : null;
}

const floorDay = (d: Date) => new Date(Math.floor(d.getTime() / DAY_MS) * DAY_MS);
const ceilDay = (d: Date) => new Date(Math.ceil(d.getTime() / DAY_MS) * DAY_MS);

/**
 * The range the filters select (contract `analysisQuery`): 7days/30days end now; 'voyage' is the voyage's
 * departure → arrival (or now); a selected voyage restricts any range to its span. Ranges longer than
 * HOURLY_MAX_DAYS are widened to whole UTC days and read from the daily rollups.
 */
export async function resolveRange(
  db: Db,
  orgId: number,
  shipId: number,
  q: AnalysisQuery,
  now: Date,
): Promise<AnalysisRange> {
  const selected = q.voyage === "all" ? null : await voyageSpan(db, orgId, shipId, q.voyage, now);
  let from: Date;
  let to: Date;
  let voyageId = selected?.id ?? null;
  if (q.range === "voyage") {
    const v = selected ?? (await currentVoyage(db, orgId, shipId, now));
    voyageId = v?.id ?? null;
    from = v?.from ?? now;
    to = v?.to ?? now;
  } else if (q.range === "custom") {
    from = q.from!;
    to = q.to!;
  } else {
    to = now;
    from = new Date(now.getTime() - (q.range === "7days" ? 7 : 30) * DAY_MS);
  }
  if (selected && q.range !== "voyage") {
    from = new Date(Math.max(from.getTime(), selected.from.getTime()));
    to = new Date(Math.min(to.getTime(), selected.to.getTime()));
  }
  if (to.getTime() < from.getTime()) to = from;
  const hourly = to.getTime() - from.getTime() <= HOURLY_MAX_DAYS * DAY_MS;
  if (!hourly) {
    from = floorDay(from);
    to = ceilDay(to);
  }
  const consumers: Consumer[] = q.engine === "all" ? ["main", "auxiliary"] : [q.engine];
  return {
    from,
    to,
    range: q.range,
    voyageId,
    engine: q.engine,
    consumers,
    resolution: hourly
      ? "hourly"
      : to.getTime() - from.getTime() > DAILY_MAX_DAYS * DAY_MS
        ? "weekly"
        : "daily",
  };
}

export function presentRange(r: AnalysisRange): ResolvedRange {
  return {
    from: r.from.toISOString(),
    to: r.to.toISOString(),
    range: r.range,
    voyageId: r.voyageId,
    engine: r.engine,
    resolution: r.resolution,
  };
}

/** 100·(value − reference)/reference, or null without a positive reference. */
export function differencePercent(value: number | null, reference: number | null): number | null {
  if (value === null || reference === null || !(reference > 0)) return null;
  return (100 * (value - reference)) / reference;
}
