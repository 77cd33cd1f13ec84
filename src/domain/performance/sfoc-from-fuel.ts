import type { FuelSums } from "../records/fuel-sums.js";
import { requireNonNegative, requirePositive } from "./guards.js";

/**
 * Specific fuel oil consumption from a fuel mass and the energy the engine delivered over the same
 * interval: SFOC [g/kWh] = fuel mass [kg] × 1000 / energy [kWh]. Source: definition of SFOC
 * (ISO 3046-1 §3, "specific fuel consumption"; spec §3 unit g/kWh).
 */
export function sfocFromFuelMassAndEnergy(fuelMassKg: number, energyKwh: number): number {
  requireNonNegative("fuelMassKg", fuelMassKg);
  requirePositive("energyKwh", energyKwh);
  return (fuelMassKg * 1000) / energyKwh;
}

/**
 * SFOC of a span from its sums (domain/records/fuel-sums.ts): Σ fuel mass / Σ energy over the records that
 * report both fuel and power, g/kWh; null without energy. The SFOC card, the sidebar and the sections'
 * figures all come from here.
 */
export function sfocOfSums(s: Pick<FuelSums, "fuelTWithEnergy" | "energyKwh">): number | null {
  return s.energyKwh > 0 ? sfocFromFuelMassAndEnergy(s.fuelTWithEnergy * 1000, s.energyKwh) : null;
}

/**
 * SFOC [g/kWh] from a daily fuel rate [t/day] and the mean shaft/brake power [kW] over that day:
 * t/day × 10⁶ g/t ÷ (kW × 24 h). Same definition as `sfocFromFuelMassAndEnergy`.
 */
export function sfocFromDailyFuel(fuelTonnesPerDay: number, meanPowerKw: number): number {
  requireNonNegative("fuelTonnesPerDay", fuelTonnesPerDay);
  requirePositive("meanPowerKw", meanPowerKw);
  return (fuelTonnesPerDay * 1e6) / (meanPowerKw * 24);
}

/**
 * Daily fuel [t/day] burnt at `powerKw` with `sfocGPerKwh`: kW × 24 h × g/kWh ÷ 10⁶ g/t. The inverse of
 * `sfocFromDailyFuel`.
 */
export function dailyFuelFromSfoc(sfocGPerKwh: number, powerKw: number): number {
  requireNonNegative("sfocGPerKwh", sfocGPerKwh);
  requireNonNegative("powerKw", powerKw);
  return (sfocGPerKwh * powerKw * 24) / 1e6;
}
