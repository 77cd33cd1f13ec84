import { DomainInputError } from "../errors.js";
import { EU_SCOPE_SHARE, type EuVoyageScope } from "./eu-voyage-scope.js";
import {
  FUELEU_ANNEX_II,
  FUELEU_GWP,
  type FuelEuFuel,
  LNG_SLIP_PERCENT,
  type LngEngine,
} from "./fueleu-defaults.js";

/** Fuel used in a reporting period; `scope` defaults to 100 % in scope; LNG needs its engine type. */
export type FuelEuConsumption = {
  fuel: FuelEuFuel;
  tonnes: number;
  lngEngine?: LngEngine;
  scope?: EuVoyageScope;
};

export type FuelIntensity = { wtt: number; ttw: number; wtw: number };

/**
 * Default GHG intensity of one fuel, gCO2e/MJ (Regulation (EU) 2023/1805 Annex I, Annex II defaults):
 * WtT from Annex II; TtW = [(1−s)(Cf_CO2 + 25·Cf_CH4 + 298·Cf_N2O) + s·25] / LCV with methane slip s
 * (LNG only, by engine type). Reference §7 [C2]; e.g. HFO 91.744, LNG Otto medium-speed 89.203.
 */
export function fuelEuFuelIntensity(fuel: FuelEuFuel, lngEngine?: LngEngine): FuelIntensity {
  const f = FUELEU_ANNEX_II[fuel];
  if (f === undefined) throw new DomainInputError("fuel", `no FuelEU Annex II default for '${fuel}'`);
  let slip = 0;
  if (fuel === "LNG") {
    if (lngEngine === undefined || LNG_SLIP_PERCENT[lngEngine] === undefined) {
      throw new DomainInputError("lngEngine", "LNG needs its engine type for the methane slip (Annex II)");
    }
    slip = LNG_SLIP_PERCENT[lngEngine] / 100;
  }
  const perGram = f.cfCo2 * FUELEU_GWP.co2 + f.cfCh4 * FUELEU_GWP.ch4 + f.cfN2o * FUELEU_GWP.n2o;
  const ttw = ((1 - slip) * perGram + slip * FUELEU_GWP.ch4) / f.lcvMjPerG;
  return { wtt: f.wttGCo2ePerMj, ttw, wtw: f.wttGCo2ePerMj + ttw };
}

export type FuelEuIntensity = {
  /** Energy in scope, MJ: Σ M_i·LCV_i. */
  energyMj: number;
  /** Well-to-wake GHG emissions in scope, g CO2e. */
  emissionsGCo2e: number;
  /** GHG intensity, gCO2e/MJ (WtW). */
  intensity: number;
};

/**
 * Well-to-wake GHG intensity of a fuel mix, gCO2e/MJ: Σ E_i·WtW_i / Σ E_i with E_i = M_i·LCV_i in scope
 * (100 / 50 / 0 % per Art. 2). Regulation (EU) 2023/1805 Annex I with Annex II defaults (no RFNBO reward,
 * no OPS or wind credit). Throws DomainInputError when nothing is in scope.
 */
export function fuelEuIntensity(fuels: readonly FuelEuConsumption[]): FuelEuIntensity {
  let energyMj = 0;
  let emissionsGCo2e = 0;
  fuels.forEach((c, i) => {
    if (!Number.isFinite(c.tonnes) || c.tonnes < 0) {
      throw new DomainInputError(`fuels[${i}].tonnes`, "fuel mass must be a number of tonnes >= 0");
    }
    const share = EU_SCOPE_SHARE[c.scope ?? "intra_eu"];
    if (share === undefined) throw new DomainInputError(`fuels[${i}].scope`, `unknown scope '${c.scope}'`);
    let wtw: number;
    try {
      wtw = fuelEuFuelIntensity(c.fuel, c.lngEngine).wtw;
    } catch (error) {
      if (error instanceof DomainInputError)
        throw new DomainInputError(`fuels[${i}].${error.field}`, error.reason);
      throw error;
    }
    const energy = c.tonnes * 1e6 * share * FUELEU_ANNEX_II[c.fuel].lcvMjPerG;
    energyMj += energy;
    emissionsGCo2e += energy * wtw;
  });
  if (energyMj <= 0) throw new DomainInputError("fuels", "no fuel energy in FuelEU scope");
  return { energyMj, emissionsGCo2e, intensity: emissionsGCo2e / energyMj };
}
