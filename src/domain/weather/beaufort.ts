import { requireInRange, requireNonNegative } from "../performance/guards.js";

/** Beaufort force 0–12. */
export type BeaufortForce = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12;

/** One row of the Beaufort scale. Lower bounds in whole knots and in tenths of m/s, as the table lists them. */
export type BeaufortRow = {
  force: BeaufortForce;
  description: string;
  minKnots: number;
  minMps: number;
  /** WMO/Met Office probable wave height in the open sea [m]; null for force 0. */
  probableWaveHeightM: number | null;
  /** Probable maximum wave height [m]; null where the table has none. */
  probableMaxWaveHeightM: number | null;
};

/**
 * The Beaufort wind scale. Source: reference-data.md §11 [C2: meteothes.gr, vsail4u, delta-s.org,
 * shipinspection.eu; wave heights: Met Office table copy, sailingissues.com, NOAA].
 */
export const BEAUFORT_SCALE: readonly BeaufortRow[] = [
  {
    force: 0,
    description: "Calm",
    minKnots: 0,
    minMps: 0,
    probableWaveHeightM: null,
    probableMaxWaveHeightM: null,
  },
  {
    force: 1,
    description: "Light air",
    minKnots: 1,
    minMps: 0.3,
    probableWaveHeightM: 0.1,
    probableMaxWaveHeightM: 0.1,
  },
  {
    force: 2,
    description: "Light breeze",
    minKnots: 4,
    minMps: 1.6,
    probableWaveHeightM: 0.2,
    probableMaxWaveHeightM: 0.3,
  },
  {
    force: 3,
    description: "Gentle breeze",
    minKnots: 7,
    minMps: 3.4,
    probableWaveHeightM: 0.6,
    probableMaxWaveHeightM: 1.0,
  },
  {
    force: 4,
    description: "Moderate breeze",
    minKnots: 11,
    minMps: 5.5,
    probableWaveHeightM: 1.0,
    probableMaxWaveHeightM: 1.5,
  },
  {
    force: 5,
    description: "Fresh breeze",
    minKnots: 17,
    minMps: 8.0,
    probableWaveHeightM: 2.0,
    probableMaxWaveHeightM: 2.5,
  },
  {
    force: 6,
    description: "Strong breeze",
    minKnots: 22,
    minMps: 10.8,
    probableWaveHeightM: 3.0,
    probableMaxWaveHeightM: 4.0,
  },
  {
    force: 7,
    description: "Near gale",
    minKnots: 28,
    minMps: 13.9,
    probableWaveHeightM: 4.0,
    probableMaxWaveHeightM: 5.5,
  },
  {
    force: 8,
    description: "Gale",
    minKnots: 34,
    minMps: 17.2,
    probableWaveHeightM: 5.5,
    probableMaxWaveHeightM: 7.5,
  },
  {
    force: 9,
    description: "Strong (severe) gale",
    minKnots: 41,
    minMps: 20.8,
    probableWaveHeightM: 7.0,
    probableMaxWaveHeightM: 10.0,
  },
  {
    force: 10,
    description: "Storm",
    minKnots: 48,
    minMps: 24.5,
    probableWaveHeightM: 9.0,
    probableMaxWaveHeightM: 12.5,
  },
  {
    force: 11,
    description: "Violent storm",
    minKnots: 56,
    minMps: 28.5,
    probableWaveHeightM: 11.5,
    probableMaxWaveHeightM: 16.0,
  },
  {
    force: 12,
    description: "Hurricane",
    minKnots: 64,
    minMps: 32.7,
    probableWaveHeightM: 14.0,
    probableMaxWaveHeightM: null,
  },
];

function lastRowAtOrBelow(value: number, bound: (r: BeaufortRow) => number): BeaufortRow {
  let row = BEAUFORT_SCALE[0]!;
  for (const r of BEAUFORT_SCALE) if (value >= bound(r)) row = r;
  return row;
}

/**
 * Beaufort force for a wind speed in knots. The table lists whole knots (force 2 = 4–6 kn), so the speed
 * is first rounded to the nearest whole knot (half up): 3.5 kn is force 2, 3.4 kn force 1. This agrees
 * with the m/s column except within ~0.3 kn of a boundary. Source: reference-data.md §11 [C2].
 */
export function beaufortForceFromKnots(knots: number): BeaufortForce {
  requireNonNegative("windSpeedKn", knots);
  return lastRowAtOrBelow(Math.round(knots), (r) => r.minKnots).force;
}

/**
 * Beaufort force for a wind speed in m/s (10 m height). The table lists tenths of m/s (force 4 =
 * 5.5–7.9 m/s), so the speed is first rounded to 0.1 m/s. Source: reference-data.md §11 [C2].
 */
export function beaufortForceFromMps(mps: number): BeaufortForce {
  requireNonNegative("windSpeedMps", mps);
  return lastRowAtOrBelow(Math.round(mps * 10) / 10, (r) => Math.round(r.minMps * 10) / 10).force;
}

/** The Beaufort row (description, bounds, probable wave heights) of a force 0–12. */
export function beaufortRow(force: number): BeaufortRow {
  requireInRange("beaufortForce", force, 0, 12);
  const row = BEAUFORT_SCALE[Math.round(force)];
  return row!;
}
