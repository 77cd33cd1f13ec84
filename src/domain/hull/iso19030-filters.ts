import { requirePositive } from "../performance/guards.js";
import { sampleStdDev } from "../performance/statistics.js";
import { KNOT_IN_MPS, STANDARD_GRAVITY } from "../weather/units.js";

/** One logged sample for the ISO 19030-2 default method (speeds kn, power kW, angles deg). */
export type Iso19030Sample = {
  timestampMs: number;
  speedThroughWaterKn: number;
  speedOverGroundKn: number;
  /** Delivered (shaft) power [kW], torque × rpm. */
  shaftPowerKw: number;
  shaftRpm: number;
  rudderAngleDeg: number;
  /** True wind speed [m/s] (compute it from the anemometer's relative wind with `trueWindFromRelative`). */
  trueWindSpeedMps: number;
  waterDepthM: number;
  seaWaterTempC: number;
  displacementT: number;
  /** Mean draught [m]; falls back to the ship's when absent. */
  meanDraughtM?: number;
  /** Needed only for the wind correction. */
  trueWindDirectionDeg?: number;
  headingDeg?: number;
};

/** The numeric channels that are range-checked, Chauvenet-filtered and averaged. */
export const ISO19030_CHANNELS = [
  "speedThroughWaterKn",
  "speedOverGroundKn",
  "shaftPowerKw",
  "shaftRpm",
  "rudderAngleDeg",
  "trueWindSpeedMps",
  "waterDepthM",
  "seaWaterTempC",
  "displacementT",
] as const satisfies readonly (keyof Iso19030Sample)[];

export type Iso19030Channel = (typeof ISO19030_CHANNELS)[number];

/**
 * Validity ranges [min, max] per channel. ISO 19030-2 rejects values outside each sensor's valid range;
 * these defaults are Sextant's physical plausibility limits [MEM], to be narrowed to the installed
 * sensors' ranges where known.
 */
export const DEFAULT_VALIDITY_RANGES: Record<Iso19030Channel, readonly [number, number]> = {
  speedThroughWaterKn: [0, 35],
  speedOverGroundKn: [0, 35],
  shaftPowerKw: [0, 110_000],
  shaftRpm: [0, 250],
  rudderAngleDeg: [-45, 45],
  trueWindSpeedMps: [0, 60],
  waterDepthM: [0, 12_000],
  seaWaterTempC: [-2, 40],
  displacementT: [0, 700_000],
};

/** True when every channel of the sample lies within its validity range (inclusive). */
export function isWithinValidityRanges(s: Iso19030Sample, ranges = DEFAULT_VALIDITY_RANGES): boolean {
  return ISO19030_CHANNELS.every(
    (c) => Number.isFinite(s[c]) && s[c] >= ranges[c][0] && s[c] <= ranges[c][1],
  );
}

/**
 * Maximum standard deviation within a 10-minute block for it to count as steady state: shaft rpm 3 rpm,
 * STW 0.5 kn, SOG 0.5 kn, rudder 1°. Source: ISO 19030-2 step 4 via LAB021, reference-data.md §8 [C1].
 */
export const STEADY_STATE_STD_LIMITS = {
  shaftRpm: 3,
  speedThroughWaterKn: 0.5,
  speedOverGroundKn: 0.5,
  rudderAngleDeg: 1,
} as const;

/** True when the block's sample standard deviations are all within `STEADY_STATE_STD_LIMITS`. */
export function isSteadyBlock(block: readonly Iso19030Sample[]): boolean {
  return (Object.keys(STEADY_STATE_STD_LIMITS) as (keyof typeof STEADY_STATE_STD_LIMITS)[]).every(
    (c) => sampleStdDev(block.map((s) => s[c])) <= STEADY_STATE_STD_LIMITS[c],
  );
}

/**
 * ISO 19030-2 reference conditions [C1: LAB021, reference-data.md §8]: sea temperature above 2 °C, true
 * wind 0–7.9 m/s (Beaufort ≤ 4), |rudder| ≤ 5°; the water-depth limit is `minimumWaterDepthM`.
 */
export const REFERENCE_CONDITIONS = { seaWaterTempMinC: 2, trueWindMaxMps: 7.9, rudderMaxDeg: 5 } as const;

/**
 * Minimum water depth [m] for deep-water conditions: max(3·√(B·T_M), 2.75·V²/g) with B beam [m], T_M
 * mean draught [m], V speed through water converted to m/s, g = 9.80665 m/s². Source: ISO 19030-2 /
 * ISO 15016 shallow-water limit, reference-data.md §8 [C1].
 */
export function minimumWaterDepthM(beamM: number, meanDraughtM: number, speedKn: number): number {
  requirePositive("beamM", beamM);
  requirePositive("meanDraughtM", meanDraughtM);
  const v = speedKn * KNOT_IN_MPS;
  return Math.max(3 * Math.sqrt(beamM * meanDraughtM), (2.75 * v * v) / STANDARD_GRAVITY);
}

/** Why a (block-averaged) sample fails the reference conditions; empty when it passes. */
export type ReferenceConditionFailure =
  | "sea-temperature"
  | "wind"
  | "rudder"
  | "water-depth"
  | "displacement";

/**
 * Checks the ISO 19030-2 reference conditions on a block-averaged sample. The optional displacement
 * check (|Δ − Δ_ref|/Δ_ref ≤ tolerance, default 5 % [MEM]) keeps the ship near its reference curve's
 * loading. Returns the list of failed conditions (empty = passes).
 */
export function referenceConditionFailures(
  s: Iso19030Sample,
  ship: {
    beamM: number;
    meanDraughtM: number;
    referenceDisplacementT?: number;
    displacementTolerance?: number;
  },
): ReferenceConditionFailure[] {
  const out: ReferenceConditionFailure[] = [];
  if (!(s.seaWaterTempC > REFERENCE_CONDITIONS.seaWaterTempMinC)) out.push("sea-temperature");
  if (!(s.trueWindSpeedMps >= 0 && s.trueWindSpeedMps <= REFERENCE_CONDITIONS.trueWindMaxMps))
    out.push("wind");
  if (!(Math.abs(s.rudderAngleDeg) <= REFERENCE_CONDITIONS.rudderMaxDeg)) out.push("rudder");
  const depthMin = minimumWaterDepthM(ship.beamM, s.meanDraughtM ?? ship.meanDraughtM, s.speedThroughWaterKn);
  if (!(s.waterDepthM > depthMin)) out.push("water-depth");
  if (ship.referenceDisplacementT !== undefined) {
    const tol = ship.displacementTolerance ?? 0.05;
    if (Math.abs(s.displacementT - ship.referenceDisplacementT) / ship.referenceDisplacementT > tol)
      out.push("displacement");
  }
  return out;
}
