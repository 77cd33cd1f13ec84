/**
 * Sorting and filtering of the fleet table, kept apart from the page so that its rules are tested alone.
 * Ships without a figure sort last whatever the direction: an empty cell is not the best nor the worst.
 */

import type { FleetShip } from "../../../contracts/fleet";
import { type CiiRating, complianceStatus } from "../../../domain/cii/rating";
import { CP_STATUS_SEVERITY } from "../../lib/cp-status";

export const FLEET_COLUMNS = [
  "name",
  "cii",
  "sfoc",
  "speedLoss",
  "eeoi",
  "costPerNm",
  "fuelRate",
  "openAlerts",
  "charterParty",
  "dataQuality",
  "lastSeen",
] as const;
export type FleetColumn = (typeof FLEET_COLUMNS)[number];
export type SortState = { column: FleetColumn; descending: boolean };

const RATING_ORDER = { A: 1, B: 2, C: 3, D: 4, E: 5 } as const;

/** The value a column sorts by (null sorts last). */
export function sortValue(ship: FleetShip, column: FleetColumn): number | string | null {
  switch (column) {
    case "name":
      return ship.name.toLowerCase();
    case "cii": {
      const r = ship.cii?.projectedRating ?? ship.cii?.rating ?? null;
      return r === null ? null : RATING_ORDER[r];
    }
    case "sfoc":
      return ship.sfoc?.differencePercent ?? null;
    case "speedLoss":
      return ship.speedLossPercent;
    case "eeoi":
      return ship.eeoi;
    case "costPerNm":
      return ship.costPerNm;
    case "fuelRate":
      return ship.fuelRateTPerDay;
    case "openAlerts":
      return ship.openAlerts;
    case "charterParty":
      return ship.charterParty ? CP_STATUS_SEVERITY[ship.charterParty.status] : null;
    case "dataQuality":
      return ship.dataQualityPercent;
    case "lastSeen":
      return ship.lastSeenAt === null ? null : Date.parse(ship.lastSeenAt);
  }
}

export function sortShips(ships: readonly FleetShip[], sort: SortState): FleetShip[] {
  const sign = sort.descending ? -1 : 1;
  return [...ships].sort((a, b) => {
    const x = sortValue(a, sort.column);
    const y = sortValue(b, sort.column);
    if (x === null && y === null) return a.name.localeCompare(b.name);
    if (x === null) return 1;
    if (y === null) return -1;
    const c = x < y ? -1 : x > y ? 1 : 0;
    return c === 0 ? a.name.localeCompare(b.name) : sign * c;
  });
}

export type FleetFilter = { text: string; shipType: string; attention: boolean };

/**
 * Ships matching the filter: name or IMO containing the text (any case), of the type ('' = any), and, with
 * `attention`, only those that need it (an open alert, a D or E rating now or projected, or data quality
 * under 80 %).
 */
export function filterShips(ships: readonly FleetShip[], f: FleetFilter): FleetShip[] {
  const text = f.text.trim().toLowerCase();
  return ships.filter(
    (s) =>
      (text === "" || s.name.toLowerCase().includes(text) || s.imo.includes(text)) &&
      (f.shipType === "" || s.shipType === f.shipType) &&
      (!f.attention || needsAttention(s)),
  );
}

export function needsAttention(s: FleetShip): boolean {
  const poor = (r: CiiRating | null | undefined) => !!r && complianceStatus(r) === "Non-Compliant";
  return (
    s.openAlerts > 0 ||
    poor(s.cii?.rating) ||
    poor(s.cii?.projectedRating) ||
    (s.dataQualityPercent !== null && s.dataQualityPercent < 80)
  );
}
