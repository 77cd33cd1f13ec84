/**
 * The fleet page's answer: every ship's stored line (computed now when it has none), its live figures (last
 * position, open alerts), and the sister-ship groups. A stale or aged line is served, marked, while a job
 * computes it again; without the job queue (JOBS=off) it is computed here before answering.
 */

import type { FleetPageResponse, FleetResponse, FleetShip } from "../../contracts/fleet";
import { encodeCursor, type PageQuery } from "../../contracts/pagination";
import { sisterShipGroups } from "../../domain/fleet/sister-benchmark";
import type { ShipProfile } from "../../domain/ships/ship-profile";
import type { Db } from "../db/client";
import { latestPositions } from "../metrics/latest-positions";
import { listShipProfiles } from "../ships/ships.repository";
import { fleetCpStatuses } from "./fleet-charter-party";
import { databaseNow, readSnapshots, storeSnapshot } from "./fleet-snapshots.repository";
import { mapLimited } from "./map-limited";
import { FLEET_WINDOW_DAYS, type ShipSnapshot, shipIdentity, shipSnapshot } from "./ship-snapshot";

/** Lines computed at once while answering (the pool has 10 connections; a line uses up to 8 at a time). */
const COMPUTE_CONCURRENCY = 2;

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
};

export async function fleetOverview(deps: FleetOverviewDeps, orgId: number): Promise<FleetResponse> {
  const { db } = deps;
  const [rows, stored, positions, alerts, charterParty] = await Promise.all([
    listShipProfiles(db, orgId),
    readSnapshots(db, orgId),
    latestPositions(db, orgId),
    deps.openAlerts(orgId),
    fleetCpStatuses(db, orgId, new Date()),
  ]);
  const lines = await mapLimited(rows, COMPUTE_CONCURRENCY, async (row) => {
    const s = stored.get(row.id);
    if (s && !s.stale && !s.aged) return { row, snapshot: s.snapshot, stale: false };
    if (s && (await deps.queueRefresh(orgId, row.id))) return { row, snapshot: s.snapshot, stale: true };
    return { row, snapshot: await refreshShipSnapshot(db, orgId, row), stale: false };
  });
  const fleet: FleetShip[] = lines.map(({ row, snapshot, stale }) => {
    const p = positions.get(snapshot.id);
    return {
      ...snapshot,
      // a line stored before the field existed has none: said as unknown until it is computed again
      dataQualityEmptyReason: snapshot.dataQualityEmptyReason ?? null,
      ...shipIdentity(row),
      position: p ? { lat: p.lat, lon: p.lon, at: p.at.toISOString() } : null,
      openAlerts: alerts.get(snapshot.id) ?? 0,
      charterParty: charterParty.get(snapshot.id) ?? null,
      stale,
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
