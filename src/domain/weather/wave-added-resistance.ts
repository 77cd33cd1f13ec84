import { requireFinite, requireNonNegative, requirePositive } from "../performance/guards.js";
import { normalizeDegrees180, SEAWATER_DENSITY, STANDARD_GRAVITY } from "./units.js";

/** Half-angle [deg] of the head-wave sector in which STAwave-1 applies: ±45° off the bow [C1, enghandbook.com]. */
export const STAWAVE1_HEAD_SECTOR_DEG = 45;

/** STAwave-1 wave-height limit factor: H_W1/3 ≤ 2.25·√(L_pp/100) [m] [C1, enghandbook.com]. */
export const STAWAVE1_HEIGHT_LIMIT_FACTOR = 2.25;

/** Whether STAwave-1 may be used, with each limit checked separately. */
export type StaWave1Validity = {
  headWaves: boolean;
  heightWithinLimit: boolean;
  maxWaveHeightM: number;
  /** Both checkable limits met. The third limit (bow vertical acceleration < 0.05 g) cannot be checked here. */
  valid: boolean;
};

/**
 * Added resistance in waves by STAwave-1 [N]: R_AWL = (1/16)·ρ_S·g·H²·B·√(B/L_BWL), with H the significant
 * wave height [m], B the beam [m] and L_BWL the length of the bow on the waterline from the stem to 95 %
 * of the maximum beam [m]; ρ_S sea-water density [kg/m³] (default 1025), g = 9.80665 m/s². The
 * validity is reported, never silently enforced: head waves within ±45° of the bow, H ≤ 2.25·√(L_pp/100),
 * and (not checkable from these inputs) bow vertical acceleration below 0.05 g.
 * Source: ISO 15016:2015 / ITTC 7.5-04-01-01.1 STAwave-1; formula [MEM], limits [C1]
 * (reference-data.md §9).
 */
export function staWave1AddedResistance(input: {
  significantWaveHeightM: number;
  beamM: number;
  bowLengthM: number;
  lengthBetweenPerpendicularsM: number;
  /** Wave direction relative to the bow [deg], 0 = head seas (waves coming from ahead). Default 0. */
  waveAngleOffBowDeg?: number;
  seawaterDensity?: number;
}): { resistanceN: number; validity: StaWave1Validity } {
  const h = requireNonNegative("significantWaveHeightM", input.significantWaveHeightM);
  const b = requirePositive("beamM", input.beamM);
  const lbwl = requirePositive("bowLengthM", input.bowLengthM);
  const lpp = requirePositive("lengthBetweenPerpendicularsM", input.lengthBetweenPerpendicularsM);
  const rho = requirePositive("seawaterDensity", input.seawaterDensity ?? SEAWATER_DENSITY);
  const angle = requireFinite("waveAngleOffBowDeg", input.waveAngleOffBowDeg ?? 0);
  const resistanceN = (1 / 16) * rho * STANDARD_GRAVITY * h * h * b * Math.sqrt(b / lbwl);
  const maxWaveHeightM = STAWAVE1_HEIGHT_LIMIT_FACTOR * Math.sqrt(lpp / 100);
  const headWaves = Math.abs(normalizeDegrees180(angle)) <= STAWAVE1_HEAD_SECTOR_DEG;
  const heightWithinLimit = h <= maxWaveHeightM;
  return {
    resistanceN,
    validity: { headWaves, heightWithinLimit, maxWaveHeightM, valid: headWaves && heightWithinLimit },
  };
}
