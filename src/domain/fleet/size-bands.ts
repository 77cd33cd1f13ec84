/**
 * Size bands for comparing sister ships: ships of one type whose deadweight falls in the same band are peers.
 * The bands are the trade's usual size categories by deadweight (the ones Clarksons Research and UNCTAD's
 * Review of Maritime Transport report by); they are a Sextant choice of grouping, not a regulation. Types
 * without a customary split fall back to four broad bands. A ship without a deadweight has no band and is
 * benchmarked against no one (an unknown size is not a peer of every size).
 */
import type { ShipType } from "../ships/ship-types";

export type SizeBand = { id: string; label: string; minDwt: number; maxDwt: number | null };

const band = (id: string, label: string, minDwt: number, maxDwt: number | null): SizeBand => ({
  id,
  label,
  minDwt,
  maxDwt,
});

const BULK = [
  band("handysize", "Handysize (< 40,000 dwt)", 0, 40_000),
  band("handymax", "Handymax/Supramax (40,000–65,000 dwt)", 40_000, 65_000),
  band("panamax", "Panamax/Kamsarmax (65,000–100,000 dwt)", 65_000, 100_000),
  band("capesize", "Capesize (≥ 100,000 dwt)", 100_000, null),
];

const TANKER = [
  band("small", "Small tanker (< 25,000 dwt)", 0, 25_000),
  band("mr", "MR (25,000–55,000 dwt)", 25_000, 55_000),
  band("lr1", "LR1/Panamax (55,000–80,000 dwt)", 55_000, 80_000),
  band("aframax", "Aframax/LR2 (80,000–120,000 dwt)", 80_000, 120_000),
  band("suezmax", "Suezmax (120,000–200,000 dwt)", 120_000, 200_000),
  band("vlcc", "VLCC (≥ 200,000 dwt)", 200_000, null),
];

const CONTAINER = [
  band("feeder", "Feeder (< 25,000 dwt)", 0, 25_000),
  band("panamax", "Panamax (25,000–60,000 dwt)", 25_000, 60_000),
  band("post-panamax", "Post-Panamax (60,000–120,000 dwt)", 60_000, 120_000),
  band("ulcv", "New Panamax/ULCV (≥ 120,000 dwt)", 120_000, null),
];

const GENERAL = [
  band("small", "< 10,000 dwt", 0, 10_000),
  band("medium", "10,000–40,000 dwt", 10_000, 40_000),
  band("large", "40,000–80,000 dwt", 40_000, 80_000),
  band("very-large", "≥ 80,000 dwt", 80_000, null),
];

const BANDS_BY_TYPE: Partial<Record<ShipType, SizeBand[]>> = {
  bulk_carrier: BULK,
  combination_carrier: BULK,
  tanker: TANKER,
  container_ship: CONTAINER,
};

/** The bands of a ship type, smallest first. */
export function sizeBandsOf(shipType: ShipType): readonly SizeBand[] {
  return BANDS_BY_TYPE[shipType] ?? GENERAL;
}

/** The band of a ship (lower bound inclusive), or null without a positive deadweight. */
export function sizeBandOf(shipType: ShipType, deadweight: number | null): SizeBand | null {
  if (deadweight === null || !(deadweight > 0)) return null;
  return sizeBandsOf(shipType).find(
    (b) => deadweight >= b.minDwt && (b.maxDwt === null || deadweight < b.maxDwt),
  )!;
}
