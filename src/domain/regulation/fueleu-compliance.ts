import { DomainInputError } from "../errors.js";
import { FUELEU_FIRST_YEAR } from "./compliance-year.js";
import { type FuelEuConsumption, fuelEuIntensity } from "./fueleu-intensity.js";

/** Reference GHG intensity, the 2020 fleet average: 91.16 gCO2e/MJ (Reg. (EU) 2023/1805 Art. 4) [C2]. */
export const FUELEU_REFERENCE_INTENSITY = 91.16;

/** Reduction below the reference from each year on (Art. 4(2)) [C2]: 2 % 2025 … 80 % 2050. */
export const FUELEU_REDUCTIONS: readonly { fromYear: number; percent: number }[] = [
  { fromYear: FUELEU_FIRST_YEAR, percent: 2 },
  { fromYear: 2030, percent: 6 },
  { fromYear: 2035, percent: 14.5 },
  { fromYear: 2040, percent: 31 },
  { fromYear: 2045, percent: 62 },
  { fromYear: 2050, percent: 80 },
];

/** Penalty per tonne of VLSFO-equivalent energy in deficit, EUR (Annex IV) [C2]. */
export const FUELEU_PENALTY_EUR_PER_T_VLSFO = 2_400;
/** Energy of one tonne of VLSFO for the penalty, MJ (Annex IV) [C2]. */
export const FUELEU_VLSFO_MJ_PER_T = 41_000;
/** Penalty for not using on-shore power when required, EUR per kWh. [MEM] not used in calculations yet. */
export const FUELEU_OPS_PENALTY_EUR_PER_KWH_MEM = 1.5;

/**
 * Target GHG intensity for a year, gCO2e/MJ: 91.16 × (1 − reduction) (Art. 4), e.g. 89.3368 for 2025–2029.
 * Throws DomainInputError('year') before FUELEU_FIRST_YEAR (2025), when FuelEU does not apply.
 */
export function fuelEuTargetIntensity(year: number): number {
  const step = [...FUELEU_REDUCTIONS].reverse().find((r) => year >= r.fromYear);
  if (!Number.isInteger(year) || step === undefined) {
    throw new DomainInputError("year", `FuelEU Maritime targets apply from ${FUELEU_FIRST_YEAR}`);
  }
  return FUELEU_REFERENCE_INTENSITY * (1 - step.percent / 100);
}

export type FuelEuCompliance = {
  year: number;
  energyMj: number;
  actualIntensity: number;
  targetIntensity: number;
  /** CB = (target − actual)·energy, g CO2e: > 0 surplus, < 0 deficit (Annex IV Part A). */
  complianceBalanceGCo2e: number;
  /** Deficit converted to t VLSFO-equivalent: |CB| / (actual · 41,000); 0 with a surplus. */
  vlsfoEquivalentTonnes: number;
  /** EUR: vlsfoEquivalentTonnes · 2,400 · (1 + (n − 1)/10) for the n-th consecutive deficit period. */
  penaltyEur: number;
};

/**
 * FuelEU Maritime compliance balance and penalty for a reporting year (Reg. (EU) 2023/1805 Art. 4, 16,
 * 23 and Annex IV): CB = (GHGIE_target − GHGIE_actual)·Σ M_i·LCV_i; penalty = |CB| / (GHGIE_actual ·
 * 41,000) · 2,400 · (1 + (n−1)/10), dividing by the ACTUAL intensity. Without pooling, banking, borrowing,
 * RFNBO reward, wind or OPS. Reference §7 [C2].
 */
export function fuelEuCompliance(input: {
  year: number;
  fuels: readonly FuelEuConsumption[];
  /** How many consecutive reporting periods have had a deficit, this one included (default 1). */
  consecutiveDeficitPeriods?: number;
}): FuelEuCompliance {
  const n = input.consecutiveDeficitPeriods ?? 1;
  if (!Number.isInteger(n) || n < 1) {
    throw new DomainInputError("consecutiveDeficitPeriods", "must be an integer >= 1");
  }
  const targetIntensity = fuelEuTargetIntensity(input.year);
  const { energyMj, intensity } = fuelEuIntensity(input.fuels);
  const cb = (targetIntensity - intensity) * energyMj;
  const vlsfoEquivalentTonnes = cb < 0 ? -cb / (intensity * FUELEU_VLSFO_MJ_PER_T) : 0;
  return {
    year: input.year,
    energyMj,
    actualIntensity: intensity,
    targetIntensity,
    complianceBalanceGCo2e: cb,
    vlsfoEquivalentTonnes,
    penaltyEur: vlsfoEquivalentTonnes * FUELEU_PENALTY_EUR_PER_T_VLSFO * (1 + (n - 1) / 10),
  };
}
