/**
 * One ship's line of the fleet page, computed by the functions its dashboard and sections answer with (one
 * figure, one function): the KPI cards' SFOC, fuel rate and load, the compliance section's CII year to date
 * and projection, the hull condition section's speed loss and excess power now, the EEOI section's figure, the
 * fuel cost section's cost per nautical mile, the System Status data quality and last record.
 */

import type { FleetShip } from "../../contracts/fleet";
import { priceSpans } from "../../domain/cost/fuel-pricing";
import { sizeBandOf } from "../../domain/fleet/size-bands";
import { hullNow } from "../../domain/hull/hull-intervals";
import type { ShipProfile } from "../../domain/ships/ship-profile";
import { DAY_MS } from "../../domain/time/units";
import { complianceYear } from "../analysis/compliance/compliance-year";
import { resolveRange } from "../analysis/context";
import { loadHullAnalysis } from "../analysis/hull-performance";
import { computeKpis } from "../analysis/kpis";
import { fuelEeoi } from "../analysis/sections/fuel-eeoi";
import type { Db } from "../db/client";
import { fuelBucketsByType, pricedSpansOf } from "../metrics/fuel-buckets";
import { loadPricing } from "../metrics/org-settings";
import { lastRecordAt } from "../records/newest-record";
import { presentShip } from "../ships/ships.repository";
import { fuelDataQualityWithReason } from "../system-status/data-quality-reason";

/**
 * Days of the benchmark window (Sextant choice): long enough to hold a voyage or two for the EEOI and a month of
 * sea days for SFOC, short enough to show the ship as it is now.
 */
export const FLEET_WINDOW_DAYS = 90;

/**
 * What a snapshot holds: the line without the figures read live (alerts, the charter-party status of the
 * active voyage) or added when served (staleness).
 */
export type ShipSnapshot = Omit<
  FleetShip,
  "openAlerts" | "stale" | "pending" | "position" | "charterParty"
> & {
  computedAt: string;
};

/** The line's particulars, from the ship as stored now (a rename shows at once, not at the line's refresh). */
export function shipIdentity(row: ShipProfile) {
  const ship = presentShip(row);
  const band = sizeBandOf(ship.type, ship.deadweight ?? null);
  return {
    id: ship.id,
    name: ship.name,
    imo: ship.imo,
    shipType: ship.type,
    typeLabel: ship.typeLabel,
    deadweight: ship.deadweight ?? null,
    sizeBand: band ? { id: band.id, label: band.label } : null,
  };
}

export async function shipSnapshot(
  db: Db,
  orgId: number,
  row: ShipProfile,
  now: Date,
): Promise<ShipSnapshot> {
  const from = new Date(now.getTime() - FLEET_WINDOW_DAYS * DAY_MS);
  const query = { range: "custom", from, to: now, voyage: "all", engine: "main" } as const;
  const range = await resolveRange(db, orgId, row.id, query, now);
  const ctx = { db, orgId, ship: row, range, now };
  const year = now.getUTCFullYear();
  const [kpis, compliance, hull, eeoi, pricing, buckets, quality, last] = await Promise.all([
    computeKpis(ctx),
    complianceYear(db, orgId, row, year, now),
    loadHullAnalysis(ctx),
    fuelEeoi(ctx),
    loadPricing(db, orgId),
    fuelBucketsByType(db, orgId, row.id, range),
    fuelDataQualityWithReason(db, orgId, [row.id], now),
    lastRecordAt(db, orgId, [row.id]),
  ]);
  const hullCurrent = hullNow(hull, range.to);
  const cost = priceSpans(pricing, pricedSpansOf(buckets));
  const ytd = compliance.cii.yearToDate;
  const projection = compliance.cii.projection;
  return {
    ...shipIdentity(row),
    lastSeenAt: last?.toISOString() ?? null,
    dataQualityPercent: quality.quality?.percent ?? null,
    dataQualityEmptyReason: quality.emptyReason,
    sfoc: kpis.sfoc
      ? {
          value: kpis.sfoc.value,
          differencePercent: kpis.sfoc.differencePercent,
          referenceSource: kpis.sfoc.referenceSource,
          verified: kpis.sfoc.verified,
        }
      : null,
    fuelRateTPerDay: kpis.fuelConsumptionRate?.value ?? null,
    loadPercent: kpis.engineLoadFactor?.value ?? null,
    cii: ytd
      ? {
          year,
          attained: ytd.attained,
          required: ytd.required,
          rating: ytd.rating,
          projectedAttained: projection?.attained ?? null,
          projectedRating: projection?.rating ?? null,
        }
      : null,
    speedLossPercent: hullCurrent?.speedLossPercent.value ?? null,
    excessPowerPercent: hullCurrent?.excessPowerPercent.value ?? null,
    eeoi: eeoi.summary.eeoi,
    costPerNm: cost.costPerNm,
    currency: pricing.currency,
    computedAt: now.toISOString(),
  };
}
