/**
 * The simulator's own physics (independent of src/domain/{hull,engine,performance,weather}, which are tested
 * against it). Units: speed kn, power kW, displacement t, resistance N, lengths m.
 *
 * - Calm water: P = k·Δ^(2/3)·V³ (admiralty, reference-data §11), times (1 + fouling) and (1 + trim penalty).
 * - Wind: R_AA = ½·ρ_A·A_XV·(C_AA(ψ)·V_WR² − C_AA(0)·V²) with C_AA(ψ) = C·cos ψ (shape of ISO 15016, §9).
 * - Waves: STAwave-1, R_AW = (1/16)·ρ_S·g·H²·B·√(B/L), scaled by direction and a per-ship multiplier.
 * - Added power ΔP = R·V/η_D. Beaufort and Douglas scales from reference-data §11.
 */
import type { Vessel } from "./vessel";

export const KN_TO_MS = 1852 / 3600;
const RHO_AIR = 1.225;
const RHO_SEA = 1025;
const G = 9.81;
const RAD = Math.PI / 180;

/** Calm-water delivered power at the optimum trim with a clean hull, kW: P = k·Δ^(2/3)·V³. */
export function calmWaterPowerKw(v: Vessel, speedKn: number, displacementT: number): number {
  return v.hull.admiraltyK * displacementT ** (2 / 3) * speedKn ** 3;
}

/** Mean draught (m) at a displacement: T = T_d·(Δ/Δ_d)^0.9 (waterplane growing slightly with draught). */
export function draughtAt(v: Vessel, displacementT: number): number {
  return v.particulars.designDraughtM * (displacementT / v.hull.designDisplacementT) ** 0.9;
}

/** Optimum trim (m, positive by the stern) at a mean draught and speed; the per-ship ground truth. */
export function optimumTrimM(v: Vessel, meanDraughtM: number, speedKn: number): number {
  const t = v.trim;
  return (
    t.a0 +
    t.a1 * (1 - meanDraughtM / v.particulars.designDraughtM) +
    t.a2 * (speedKn / v.particulars.designSpeedKn - 0.8)
  );
}

/** Added power fraction from sailing off the optimum trim: q·(trim − optimum)², at most 15 %. */
export function trimPenaltyFraction(v: Vessel, trimM: number, meanDraughtM: number, speedKn: number): number {
  const d = trimM - optimumTrimM(v, meanDraughtM, speedKn);
  return Math.min(0.15, v.trim.penaltyPerM2 * d * d);
}

export type SeaConditions = {
  windSpeedKn: number;
  /** Direction the wind comes from, degrees true. */
  windFromDeg: number;
  windSeaM: number;
  swellM: number;
  swellFromDeg: number;
};

/** Added resistance of wind and waves (N) at a speed and heading. */
export function weatherResistanceN(
  v: Vessel,
  speedKn: number,
  headingDeg: number,
  sea: SeaConditions,
): number {
  const V = speedKn * KN_TO_MS;
  const U = sea.windSpeedKn * KN_TO_MS;
  const rel = (sea.windFromDeg - headingDeg) * RAD;
  // Apparent wind: along-ship component V + U·cos(rel), cross component U·sin(rel); C_AA(ψ)·V_WR² = C·V_WR·along.
  const along = V + U * Math.cos(rel);
  const cross = U * Math.sin(rel);
  const vwr = Math.sqrt(along * along + cross * cross);
  const wind = 0.5 * RHO_AIR * v.hull.windAreaM2 * v.hull.windCoefficient * (vwr * along - V * V);
  const { beamM: B, lengthM: L } = v.particulars;
  const staWave = (h: number, fromDeg: number) => {
    const c = Math.cos((fromDeg - headingDeg) * RAD);
    const dir = 0.1 + 0.9 * ((1 + c) / 2) ** 2;
    return (RHO_SEA * G * h * h * B * Math.sqrt(B / L) * dir) / 16;
  };
  const waves =
    v.hull.waveMultiplier * (staWave(sea.windSeaM, sea.windFromDeg) + staWave(sea.swellM, sea.swellFromDeg));
  return wind + waves;
}

/** Added delivered power from wind and waves, kW: ΔP = R·V/η_D. */
export function weatherAddedPowerKw(
  v: Vessel,
  speedKn: number,
  headingDeg: number,
  sea: SeaConditions,
): number {
  return (weatherResistanceN(v, speedKn, headingDeg, sea) * speedKn * KN_TO_MS) / v.hull.etaD / 1000;
}

/** Main-engine SFOC on the shop test (ISO reference LCV 42,700 kJ/kg), g/kWh, at load L = P/MCR. */
export function shopTestSfoc(v: Vessel, load: number): number {
  const e = v.engine;
  return e.sfocMinGPerKwh + e.curvature * (load - e.loadAtMin) ** 2;
}

/** ISO 3046-1 reference LCV of the shop test, kJ/kg (reference-data §10). */
export const REFERENCE_LCV = 42_700;

/** Auxiliary generator SFOC (4-stroke), g/kWh, at the running sets' load fraction. */
export function auxSfoc(v: Vessel, load: number): number {
  return v.aux.sfocMinGPerKwh + 60 * (load - 0.8) ** 2;
}

const BEAUFORT_UPPER_KN = [1, 3, 6, 10, 16, 21, 27, 33, 40, 47, 55, 63];

/** Beaufort force (0-12) of a mean wind speed in knots (reference-data §11). */
export function beaufortForce(windKn: number): number {
  for (let f = 0; f < BEAUFORT_UPPER_KN.length; f++) if (windKn < BEAUFORT_UPPER_KN[f]! + 0.5) return f;
  return 12;
}

const DOUGLAS_UPPER_M = [0, 0.1, 0.5, 1.25, 2.5, 4, 6, 9, 14];

/** Douglas sea state (0-9) of a significant wave height in metres (reference-data §11). */
export function douglasSeaState(hsM: number): number {
  if (hsM <= 0) return 0;
  for (let d = 1; d < DOUGLAS_UPPER_M.length; d++) if (hsM <= DOUGLAS_UPPER_M[d]!) return d;
  return 9;
}
