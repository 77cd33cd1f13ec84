import type { FuelType } from "../fuels/fuel-types.js";

/** Fuels with FuelEU Maritime Annex II default factors in the reference (fossil pathways). */
export type FuelEuFuel =
  | "HFO"
  | "LFO"
  | "MDO_MGO"
  | "LNG"
  | "METHANOL_FOSSIL"
  | "AMMONIA_FOSSIL"
  | "H2_FOSSIL";

export type FuelEuFactors = {
  /** Lower calorific value, MJ/g. */
  lcvMjPerG: number;
  /** Well-to-tank factor, gCO2e/MJ. */
  wttGCo2ePerMj: number;
  /** Tank-to-wake emission factors, g gas per g fuel. */
  cfCo2: number;
  cfCh4: number;
  cfN2o: number;
};

/** GWP100 of Annex I of Regulation (EU) 2023/1805 (IPCC AR4): CH4 25, N2O 298 [C2]; not AR5 (28/265). */
export const FUELEU_GWP = { co2: 1, ch4: 25, n2o: 298 } as const;

/** MDO/MGO Cf CH4 = 0.00005 [C2, JS-KB]; appliedai lists 0.00006: discrepancy open (reference §7, §14.9). */
export const FUELEU_MDO_CF_CH4_DISPUTED = 0.00005;

/**
 * Methanol, ammonia and hydrogen: the reference gives no Annex II CH4/N2O factors; taken as 0 here, which
 * understates their TtW (notably N2O for ammonia). [MEM] until checked against Annex II.
 */
export const FUELEU_MISSING_CH4_N2O_TAKEN_AS_ZERO_MEM = 0;

const Z = FUELEU_MISSING_CH4_N2O_TAKEN_AS_ZERO_MEM;

/**
 * Annex II default factors of Regulation (EU) 2023/1805 (reference §7 [C2]: JS-KB, appliedai docs).
 * LPG is left out: its Annex II values differ between the sources (unconfirmed).
 */
export const FUELEU_ANNEX_II: Record<FuelEuFuel, FuelEuFactors> = {
  HFO: { lcvMjPerG: 0.0405, wttGCo2ePerMj: 13.5, cfCo2: 3.114, cfCh4: 0.00005, cfN2o: 0.00018 },
  LFO: { lcvMjPerG: 0.041, wttGCo2ePerMj: 13.2, cfCo2: 3.151, cfCh4: 0.00005, cfN2o: 0.00018 },
  MDO_MGO: {
    lcvMjPerG: 0.0427,
    wttGCo2ePerMj: 14.4,
    cfCo2: 3.206,
    cfCh4: FUELEU_MDO_CF_CH4_DISPUTED,
    cfN2o: 0.00018,
  },
  LNG: { lcvMjPerG: 0.0491, wttGCo2ePerMj: 18.5, cfCo2: 2.75, cfCh4: 0, cfN2o: 0.00011 },
  METHANOL_FOSSIL: { lcvMjPerG: 0.0199, wttGCo2ePerMj: 31.3, cfCo2: 1.375, cfCh4: Z, cfN2o: Z },
  AMMONIA_FOSSIL: { lcvMjPerG: 0.0186, wttGCo2ePerMj: 121, cfCo2: 0, cfCh4: Z, cfN2o: Z },
  H2_FOSSIL: { lcvMjPerG: 0.12, wttGCo2ePerMj: 132, cfCo2: 0, cfCh4: Z, cfN2o: Z },
};

/** LNG engine types of Annex II with their methane slip C_slip (% of fuel mass) [C2]. */
export type LngEngine = "otto_medium_speed" | "otto_slow_speed" | "diesel_slow_speed" | "lbsi";

export const LNG_SLIP_PERCENT: Record<LngEngine, number> = {
  otto_medium_speed: 3.1,
  otto_slow_speed: 1.7,
  diesel_slow_speed: 0.2,
  lbsi: 2.6,
};

/** The Annex II row for one of our IMO fuel types, or undefined where no confirmed default exists. */
export function fuelEuFuelFor(fuelType: FuelType): FuelEuFuel | undefined {
  const map: Partial<Record<FuelType, FuelEuFuel>> = {
    HFO: "HFO",
    LFO: "LFO",
    MDO: "MDO_MGO",
    MGO: "MDO_MGO",
    LNG: "LNG",
    METHANOL: "METHANOL_FOSSIL",
  };
  return map[fuelType];
}
