import { requireNonNegative, requirePositive } from "../performance/guards.js";

/**
 * Engine (theoretical) speed [kn] of a fixed-pitch propeller: V_eng = pitch [m]·rpm·60/1852 — the
 * distance the propeller would advance per hour in a solid medium. Source: reference-data.md §11 [C1,
 * fer3.com navigation list].
 */
export function engineSpeedKn(pitchM: number, rpm: number): number {
  requirePositive("pitchM", pitchM);
  requireNonNegative("rpm", rpm);
  return (pitchM * rpm * 60) / 1852;
}

/**
 * Propeller apparent slip [%]: 100·(V_eng − V_obs)/V_eng with V_eng from pitch and rpm and V_obs the
 * observed speed [kn] (through water for the hydrodynamic picture; over ground is common in noon
 * reports). Typical 8–20 % (spec §5 hint). Negative when the current pushes the ship. Source:
 * reference-data.md §11 [C1].
 */
export function apparentSlipPercent(pitchM: number, rpm: number, observedSpeedKn: number): number {
  requireNonNegative("observedSpeedKn", observedSpeedKn);
  const veng = engineSpeedKn(pitchM, requirePositive("rpm", rpm));
  return (100 * (veng - observedSpeedKn)) / veng;
}

/**
 * Admiralty coefficient C = Δ^(2/3)·V³/P with Δ displacement [t], V speed [kn], P power [kW]. Roughly
 * 350 for full forms and over 600 for fine forms; a falling C at equal draught means more power for the
 * same speed (fouling). Source: reference-data.md §11 [C1, shipcalculators glossary; textbook].
 */
export function admiraltyCoefficient(displacementT: number, speedKn: number, powerKw: number): number {
  requirePositive("displacementT", displacementT);
  requirePositive("speedKn", speedKn);
  requirePositive("powerKw", powerKw);
  return (displacementT ** (2 / 3) * speedKn ** 3) / powerKw;
}
