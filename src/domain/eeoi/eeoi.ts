import { DomainInputError } from "../errors.js";
import { FUEL_PROPERTIES, type FuelType, isFuelType } from "../fuels/fuel-types.js";

/** Cf per fuel type, t CO2 / t fuel. */
export type CfTable = Partial<Record<FuelType, number>>;

/**
 * The CO2 conversion factors printed in MEPC.1/Circ.684 (2009) Appendix, older than MEPC.364(79):
 * diesel/gas oil 3.206, LFO 3.15104, HFO 3.1144, LPG propane 3.000, butane 3.030, LNG 2.750.
 * [C1] (imorules official copy; reference §4–5). Pass as `cfTable` to reproduce the circular's example.
 */
export const CIRC_684_CF: CfTable = {
  MDO: 3.206,
  MGO: 3.206,
  LFO: 3.15104,
  HFO: 3.1144,
  LPG_PROPANE: 3.0,
  LPG_BUTANE: 3.03,
  LNG: 2.75,
};

/** Fuel burnt on a voyage (at sea and in port: main and auxiliary engines, boilers, incinerator). */
export type EeoiFuel = {
  fuelType: FuelType;
  tonnes: number /** Explicit Cf, overrides any table. */;
  cf?: number;
};

/**
 * One voyage. `cargo` is in the chosen cargo unit (t, TEU, passengers, or GT for passenger ships): 0 for a
 * ballast voyage. `endedAt` is needed only for period windows.
 */
export type EeoiVoyage = { fuels: readonly EeoiFuel[]; cargo: number; distanceNm: number; endedAt?: Date };

export type EeoiResult = {
  co2Tonnes: number;
  /** Σ m_cargo·D, cargo-unit·nm. */
  transportWork: number;
  /** t CO2 per cargo-unit·nm; null when there is no transport work (ballast only). */
  tCo2PerCargoNm: number | null;
  /** g CO2 per cargo-unit·nm (= t × 10⁶); null when there is no transport work. */
  gCo2PerCargoNm: number | null;
  voyageCount: number;
  ballastVoyageCount: number;
};

export type EeoiOptions = {
  /** Cf table to use; fuels missing from it use MEPC.364(79) (FUEL_PROPERTIES). Default: MEPC.364(79). */
  cfTable?: CfTable;
};

function cfOf(fuel: EeoiFuel, table: CfTable | undefined, field: string): number {
  if (fuel.cf !== undefined) {
    if (!Number.isFinite(fuel.cf) || fuel.cf < 0)
      throw new DomainInputError(`${field}.cf`, "Cf must be >= 0");
    return fuel.cf;
  }
  if (!isFuelType(fuel.fuelType)) {
    throw new DomainInputError(`${field}.fuelType`, `unknown fuel type '${String(fuel.fuelType)}'`);
  }
  return table?.[fuel.fuelType] ?? FUEL_PROPERTIES[fuel.fuelType].cf;
}

function assertNonNegative(value: number, field: string): void {
  if (!Number.isFinite(value) || value < 0) throw new DomainInputError(field, "must be a finite number >= 0");
}

/**
 * EEOI over one or more voyages, MEPC.1/Circ.684 §2 (equations 1 and 2): Σ_i Σ_j FC_ij·CF_j /
 * Σ_i (m_cargo,i·D_i). A ratio of sums, not the mean of voyage EEOIs ("Equation 2 does not give a simple
 * average"). Ballast voyages add their fuel to the numerator and nothing to the denominator. Reference §5.
 */
export function eeoi(voyages: readonly EeoiVoyage[], options: EeoiOptions = {}): EeoiResult {
  let co2Tonnes = 0;
  let transportWork = 0;
  let ballastVoyageCount = 0;
  voyages.forEach((v, i) => {
    assertNonNegative(v.cargo, `voyages[${i}].cargo`);
    assertNonNegative(v.distanceNm, `voyages[${i}].distanceNm`);
    v.fuels.forEach((f, j) => {
      const field = `voyages[${i}].fuels[${j}]`;
      assertNonNegative(f.tonnes, `${field}.tonnes`);
      co2Tonnes += f.tonnes * cfOf(f, options.cfTable, field);
    });
    transportWork += v.cargo * v.distanceNm;
    if (v.cargo === 0) ballastVoyageCount += 1;
  });
  const perWork = transportWork > 0 ? co2Tonnes / transportWork : null;
  return {
    co2Tonnes,
    transportWork,
    tCo2PerCargoNm: perWork,
    gCo2PerCargoNm: perWork === null ? null : perWork * 1e6,
    voyageCount: voyages.length,
    ballastVoyageCount,
  };
}

/** EEOI of a single voyage, MEPC.1/Circ.684 equation 1 (see `eeoi`). */
export function voyageEeoi(voyage: EeoiVoyage, options: EeoiOptions = {}): EeoiResult {
  return eeoi([voyage], options);
}
