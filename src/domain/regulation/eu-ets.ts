import { DomainInputError } from "../errors.js";
import { EU_SCOPE_SHARE, type EuVoyageScope } from "./eu-voyage-scope.js";

/**
 * Share of verified shipping emissions for which allowances are surrendered: 40 % for 2024, 70 % for 2025,
 * 100 % from 2026 (Directive 2003/87/EC Art. 3gb as amended by Directive (EU) 2023/959). Reference §7 [C2].
 */
export const ETS_PHASE_IN: Readonly<Record<number, number>> = { 2024: 0.4, 2025: 0.7, 2026: 1 };

/** First year shipping emissions fall under the EU ETS (Directive (EU) 2023/959). */
export const ETS_SHIPPING_FIRST_YEAR = 2024;

/**
 * Phase-in share (0–1) for the emissions of a calendar year: 0 before 2024 (shipping not covered), 0.4 in
 * 2024, 0.7 in 2025, 1 from 2026 (Directive (EU) 2023/959).
 */
export function etsPhaseIn(year: number): number {
  if (!Number.isInteger(year)) throw new DomainInputError("year", "year must be an integer");
  if (year < ETS_SHIPPING_FIRST_YEAR) return 0;
  return ETS_PHASE_IN[Math.min(year, 2026)] ?? 1;
}

/** Emissions of one leg or port stay: CO2 in tonnes (CO2e including CH4 and N2O for 2026 onwards). */
export type EtsEmission = { co2Tonnes: number; scope: EuVoyageScope };

export type EtsAllowances = {
  /** Emissions in geographic scope, t (after the 100 / 50 / 0 % share). */
  inScopeTonnes: number;
  phaseIn: number;
  /** Allowances to surrender, one per tonne: in-scope × phase-in. */
  allowances: number;
  /** Allowances for year N are surrendered in year N + 1. */
  surrenderYear: number;
};

export type EtsCost = EtsAllowances & {
  /** allowances × price, in the price's currency. */
  cost: number;
};

/**
 * EU ETS allowances to surrender for a year's emissions, which depend on no price: Σ CO2 × scope share ×
 * phase-in (one EUA = 1 t CO2). Directive (EU) 2023/959; CO2 only in 2024–2025, CH4 and N2O added from 2026
 * (pass CO2e then). Reference §7 [C2].
 */
export function etsAllowances(input: { emissions: readonly EtsEmission[]; year: number }): EtsAllowances {
  let inScopeTonnes = 0;
  input.emissions.forEach((e, i) => {
    if (!Number.isFinite(e.co2Tonnes) || e.co2Tonnes < 0) {
      throw new DomainInputError(`emissions[${i}].co2Tonnes`, "CO2 must be a number of tonnes >= 0");
    }
    const share = EU_SCOPE_SHARE[e.scope];
    if (share === undefined)
      throw new DomainInputError(`emissions[${i}].scope`, `unknown scope '${e.scope}'`);
    inScopeTonnes += e.co2Tonnes * share;
  });
  const phaseIn = etsPhaseIn(input.year);
  return { inScopeTonnes, phaseIn, allowances: inScopeTonnes * phaseIn, surrenderYear: input.year + 1 };
}

/**
 * EU ETS allowance cost for a year's emissions: the allowances (etsAllowances) × price per allowance.
 * Directive (EU) 2023/959. Reference §7 [C2].
 */
export function etsAllowanceCost(input: {
  emissions: readonly EtsEmission[];
  year: number;
  /** Price of one allowance (EUA), currency per t CO2. */
  pricePerAllowance: number;
}): EtsCost {
  const a = etsAllowances(input);
  return { ...a, cost: etsCostOf(a, input.pricePerAllowance) };
}

/** The cost of surrendering `allowances` at a price per allowance (currency per t CO2): allowances × price. */
export function etsCostOf(a: Pick<EtsAllowances, "allowances">, pricePerAllowance: number): number {
  if (!Number.isFinite(pricePerAllowance) || pricePerAllowance < 0) {
    throw new DomainInputError("pricePerAllowance", "allowance price must be a number >= 0");
  }
  return a.allowances * pricePerAllowance;
}
