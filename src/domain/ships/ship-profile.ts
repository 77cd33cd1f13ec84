/**
 * A ship as the analyses read it (issue 31 item 1): the particulars of the ship's page (the specification's
 * ship fields, spec §1) and its baselines in the domain's shapes. Made once from the stored row by the ships
 * repository (`shipProfileOf`); no code outside the repositories reads the database row.
 */
import type { ShopTestPoint } from "../engine/shop-test-curve.js";

export type ShipProfile = {
  id: number;
  orgId: number;
  name: string;
  imoNumber: string;
  /** The ship type as stored (a ShipType key; ciiShipOf and parseShipType read it). */
  shipType: string;
  /** Deadweight, t (the CII capacity of DWT-based types, MEPC.352(78)). */
  deadweight: number | null;
  /** Gross tonnage (the CII capacity of GT-based types, MEPC.352(78)). */
  grossTonnage: number | null;
  /** Main engine maximum continuous rating, kW. */
  enginePowerKw: number | null;
  designSpeedKn: number | null;
  lengthM: number | null;
  beamM: number | null;
  designDraughtM: number | null;
  yearBuilt: number | null;
  /** Main engine shop-test SFOC curve (ISO conditions), or null with fewer than two points. */
  shopTestCurve: ShopTestPoint[] | null;
  /** Speed–power reference curve (sea trial or model test) at `referenceDisplacementT`, ISO 19030-2. */
  speedPowerCurve: { speedKn: number; powerKw: number }[] | null;
  referenceDisplacementT: number | null;
  propellerPitchM: number | null;
  /** When the shop-test and speed–power baselines were last set ('Needs Refresh' after 90 days, spec §4). */
  baselineUpdatedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

/** A stored shop-test curve ({loadPercent, sfoc}) in the domain's shape, or null with fewer than two points. */
export function shopTestCurveOfPoints(
  points: readonly { loadPercent: number; sfoc: number }[] | null,
): ShopTestPoint[] | null {
  const pts = points ?? [];
  return pts.length >= 2 ? pts.map((p) => ({ loadPercent: p.loadPercent, sfocGPerKwh: p.sfoc })) : null;
}
