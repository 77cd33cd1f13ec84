/**
 * What every analysis call needs: the ship (scoped by the caller's organisation, 404 otherwise) with its
 * baselines, and the range the filters resolve to.
 */

import type { AnalysisQuery, DateRange, EngineFilter, ResolvedRange } from "../../contracts/analysis/filters";
import type { ShipProfile } from "../../domain/ships/ship-profile";
import { DAY_MS } from "../../domain/time/units";
import type { Db } from "../db/client";
import { ALL_CONSUMERS, type Consumer, type Span } from "../metrics/span";
import { currentVoyageSpan, voyageSpan } from "../metrics/voyage-spans";
import { getShipProfile } from "../ships/ships.repository";

/** Ranges up to this long are read from raw records in hourly buckets; longer ones from the daily rollups. */
export const HOURLY_MAX_DAYS = 31;
/** Ranges longer than this are bucketed by week (so that a chart holds at most about 1,000 points). */
export const DAILY_MAX_DAYS = 1000;

/** The range the filters resolve to: a metrics Span with what the filters said. */
export type AnalysisRange = Span & {
  range: DateRange;
  voyageId: number | null;
  engine: EngineFilter;
  consumers: Consumer[];
};

export type AnalysisContext = { db: Db; orgId: number; ship: ShipProfile; range: AnalysisRange; now: Date };

const floorDay = (d: Date) => new Date(Math.floor(d.getTime() / DAY_MS) * DAY_MS);
const ceilDay = (d: Date) => new Date(Math.ceil(d.getTime() / DAY_MS) * DAY_MS);

/**
 * The range the filters select (contract `analysisQuery`): 7days/30days end now; 'voyage' is the voyage's
 * departure → arrival (or now); a selected voyage restricts any range to its span, and one that lies outside the
 * range wins over it (its span, `range` 'voyage'). Ranges longer than
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
    const v = selected ?? (await currentVoyageSpan(db, orgId, shipId, now));
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
  let range = q.range;
  if (selected && q.range !== "voyage") {
    if (selected.from.getTime() < to.getTime() && selected.to.getTime() > from.getTime()) {
      from = new Date(Math.max(from.getTime(), selected.from.getTime()));
      to = new Date(Math.min(to.getTime(), selected.to.getTime()));
    } else {
      // The voyage wins over a date range it lies outside (issue 35 item 2: a past voyage under 'Last 7
      // Days' read 'no fuel data'): its whole span, and the answer says 'voyage' so that the screen shows it.
      from = selected.from;
      to = selected.to;
      range = "voyage";
    }
  }
  if (to.getTime() < from.getTime()) to = from;
  const hourly = to.getTime() - from.getTime() <= HOURLY_MAX_DAYS * DAY_MS;
  if (!hourly) {
    from = floorDay(from);
    to = ceilDay(to);
  }
  const consumers: Consumer[] = q.engine === "all" ? [...ALL_CONSUMERS] : [q.engine];
  return {
    from,
    to,
    range,
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

/**
 * The range's last instant, as an ISO string (its end is exclusive): what 'days since' an event and the latest
 * done event are counted to, in every section and the sidebar alike.
 */
export function rangeAsOf(r: Pick<AnalysisRange, "to">): string {
  return new Date(r.to.getTime() - 1).toISOString();
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

/** The context of one analysis call: the caller's ship (404 otherwise) and the range its filters resolve to. */
export async function loadAnalysisContext(
  db: Db,
  orgId: number,
  shipId: number,
  query: AnalysisQuery,
  now: Date = new Date(),
): Promise<AnalysisContext> {
  // the ship first: another organisation's ship answers 'Ship not found' whatever its voyage filter says
  const ship = await getShipProfile(db, orgId, shipId);
  return { db, orgId, ship, range: await resolveRange(db, orgId, shipId, query, now), now };
}
