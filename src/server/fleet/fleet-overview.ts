/**
 * The fleet page's answer: every ship's stored line (computed now when it has none), its live figures (last
 * position, open alerts), and the sister-ship groups. A stale or aged line is served, marked, while a job
 * computes it again; without the job queue (JOBS=off) it is computed here before answering.
 *
 * A ship without a stored line (a fleet's first view after a bulk load, ~25–60 ms of work per ship) is computed
 * here while the answer's time budget lasts; past it, the remaining ships are queued for the job at once and
 * served as pending lines: their particulars and live figures, no computed figure (never one made up), until
 * the jobs have stored them (FLEET_FIRST_LINES_BUDGET_MS, the lines first in name order filled in). Measured at
 * 200 new lines: 13 s to answer when every line was computed first.
 */

import type { FleetPageResponse, FleetResponse, FleetShip } from "../../contracts/fleet";
import { encodeCursor, type PageQuery } from "../../contracts/pagination";
import { sisterShipGroups } from "../../domain/fleet/sister-benchmark";
import type { ShipProfile } from "../../domain/ships/ship-profile";
import type { Db } from "../db/client";
import { mapLimited } from "../db/map-limited";
import { latestPositions } from "../metrics/latest-positions";
import { loadPricing } from "../metrics/org-settings";
import { listShipProfiles } from "../ships/ships.repository";
import { fleetCpStatuses } from "./fleet-charter-party";
import { databaseNow, readSnapshots, storeSnapshot } from "./fleet-snapshots.repository";
import { FLEET_WINDOW_DAYS, type ShipSnapshot, shipIdentity, shipSnapshot } from "./ship-snapshot";

/** Lines computed at once while answering (the pool has 10 connections; a line uses up to 8 at a time). */
export const COMPUTE_CONCURRENCY = 2;

/** Computes a ship's line and stores it; the line as stored. */
export async function refreshShipSnapshot(db: Db, orgId: number, row: ShipProfile): Promise<ShipSnapshot> {
  const startedAt = await databaseNow(db);
  const snapshot = await shipSnapshot(db, orgId, row, startedAt);
  await storeSnapshot(db, orgId, row.id, startedAt, snapshot);
  return snapshot;
}

export type FleetOverviewDeps = {
  db: Db;
  /** Open alerts per ship of the organisation. */
  openAlerts: (orgId: number) => Promise<Map<number, number>>;
  /** Queues a refresh of the line; false when no queue runs (the caller computes it). */
  queueRefresh: (orgId: number, shipId: number) => Promise<boolean>;
  /** Whether a job queue runs in this process (else every line is computed while answering). */
  queueRunning: () => boolean;
  /** Queues the first computation of these ships' lines, starting now. */
  queueFirst: (orgId: number, shipIds: number[]) => Promise<void>;
};

type Line =
  | { row: ShipProfile; snapshot: ShipSnapshot; stale: boolean }
  | { row: ShipProfile; snapshot: null; stale: false };

/**
 * The organisation's fleet answer. `budgetMs` bounds the time spent computing lines that were never stored
 * (the rest are pending, queued); without it (the marketing figures, which count every ship) all are computed.
 */
export async function fleetOverview(
  deps: FleetOverviewDeps,
  orgId: number,
  budgetMs = Number.POSITIVE_INFINITY,
): Promise<FleetResponse> {
  const { db } = deps;
  const startedAt = performance.now();
  // without a queue nothing would compute a deferred line
  const budget = deps.queueRunning() ? budgetMs : Number.POSITIVE_INFINITY;
  const [rows, stored, positions, alerts, charterParty] = await Promise.all([
    listShipProfiles(db, orgId),
    readSnapshots(db, orgId),
    latestPositions(db, orgId),
    deps.openAlerts(orgId),
    fleetCpStatuses(db, orgId, new Date()),
  ]);
  const deferred: number[] = [];
  const lines = await mapLimited(rows, COMPUTE_CONCURRENCY, async (row): Promise<Line> => {
    const s = stored.get(row.id);
    if (s && !s.stale && !s.aged) return { row, snapshot: s.snapshot, stale: false };
    if (s && (await deps.queueRefresh(orgId, row.id))) return { row, snapshot: s.snapshot, stale: true };
    if (!s && performance.now() - startedAt > budget) {
      deferred.push(row.id);
      return { row, snapshot: null, stale: false };
    }
    return { row, snapshot: await refreshShipSnapshot(db, orgId, row), stale: false };
  });
  if (deferred.length > 0) await deps.queueFirst(orgId, deferred);
  // a pending line's currency, as a computed line has it (read only when a line is pending)
  const currency = deferred.length > 0 ? (await loadPricing(db, orgId)).currency : "";
  const fleet: FleetShip[] = lines.map(({ row, snapshot, stale }) => {
    const p = positions.get(row.id);
    return {
      ...(snapshot ?? pendingLine(currency)),
      // a line stored before the field existed has none: said as unknown until it is computed again
      dataQualityEmptyReason: snapshot?.dataQualityEmptyReason ?? null,
      ...shipIdentity(row),
      position: p ? { lat: p.lat, lon: p.lon, at: p.at.toISOString() } : null,
      openAlerts: alerts.get(row.id) ?? 0,
      charterParty: charterParty.get(row.id) ?? null,
      stale,
      pending: snapshot === null,
    };
  });
  const groups = sisterShipGroups(
    fleet.map((s) => ({
      shipId: s.id,
      shipType: s.shipType,
      deadweight: s.deadweight,
      figures: {
        sfocVsShopTestPercent: s.sfoc?.referenceSource === "shop-test" ? s.sfoc.differencePercent : null,
        speedLossPercent: s.speedLossPercent,
        eeoi: s.eeoi,
        costPerNm: s.costPerNm,
      },
    })),
  );
  return {
    windowDays: FLEET_WINDOW_DAYS,
    ships: fleet,
    groups: groups.map((g) => ({ ...g, band: { id: g.band.id, label: g.band.label } })),
    computedAt: new Date().toISOString(),
  };
}

/** A line not computed yet: no figure at all (each is null, none invented) and no computation time. */
function pendingLine(currency: string): Omit<
  ShipSnapshot,
  keyof ReturnType<typeof shipIdentity> | "computedAt"
> & {
  computedAt: null;
} {
  return {
    lastSeenAt: null,
    dataQualityPercent: null,
    dataQualityEmptyReason: null,
    sfoc: null,
    fuelRateTPerDay: null,
    loadPercent: null,
    cii: null,
    speedLossPercent: null,
    excessPowerPercent: null,
    eeoi: null,
    costPerNm: null,
    currency,
    computedAt: null,
  };
}

/**
 * A page of the answer's ships (kept in name order): after the cursor's ship, or when that ship is gone, after
 * the first name past the cursor's. The sister groups stay those of the whole fleet.
 */
export function fleetPage(answer: FleetResponse, query: PageQuery): FleetPageResponse {
  const { ships: all } = answer;
  let start = 0;
  if (query.cursor) {
    const { after, id } = query.cursor;
    const at = all.findIndex((s) => s.id === id);
    start = at >= 0 ? at + 1 : all.findIndex((s) => s.name > String(after));
    if (start < 0) start = all.length;
  }
  const ships = all.slice(start, start + query.limit);
  const last = ships.at(-1);
  const more = start + query.limit < all.length && last !== undefined;
  return {
    ...answer,
    ships,
    nextCursor: more ? encodeCursor({ after: last.name, id: last.id }) : null,
    total: all.length,
  };
}
