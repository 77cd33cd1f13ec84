import { FUEL_PROPERTIES, type FuelType } from "../fuels/fuel-types.js";
import { requireFinite, requireInRange, requirePositive } from "../performance/guards.js";

/**
 * ISO 3046-1 / ISO 15550 standard reference conditions [C2, reference-data.md §10]: turbocharger air
 * inlet 25 °C, barometric pressure 1000 mbar (100 kPa), charge-air coolant 25 °C, relative humidity 30 %,
 * and the reference lower calorific value 42,700 kJ/kg used for SFOC figures.
 */
export const ISO3046_REFERENCE = {
  airInletTempC: 25,
  barometricPressureMbar: 1000,
  chargeAirCoolantTempC: 25,
  relativeHumidityPercent: 30,
  lcvKjPerKg: 42_700,
} as const;

/**
 * SFOC referred to the ISO reference LCV: SFOC_ISO = SFOC_meas · LCV_actual / 42,700 [g/kWh]. A fuel
 * with less energy per kg needs more grams per kWh; this removes that effect. LCV in kJ/kg (from the
 * bunker analysis). Source: MAN usage, reference-data.md §10 [C2].
 */
export function sfocAtReferenceLcv(measuredSfocGPerKwh: number, actualLcvKjPerKg: number): number {
  requirePositive("measuredSfoc", measuredSfocGPerKwh);
  requireInRange("lcvKjPerKg", actualLcvKjPerKg, 10_000, 60_000);
  return (measuredSfocGPerKwh * actualLcvKjPerKg) / ISO3046_REFERENCE.lcvKjPerKg;
}

/**
 * The inverse of `sfocAtReferenceLcv`: an SFOC at the ISO reference LCV (a shop-test figure) as it reads when
 * the engine burns a fuel of `actualLcvKjPerKg`: SFOC = SFOC_ISO · 42,700 / LCV_actual [g/kWh]. Compares a
 * shop test with SFOC measured on board on the same energy basis. Source as `sfocAtReferenceLcv` [C2].
 */
export function sfocAtActualLcv(isoSfocGPerKwh: number, actualLcvKjPerKg: number): number {
  requirePositive("isoSfoc", isoSfocGPerKwh);
  requireInRange("lcvKjPerKg", actualLcvKjPerKg, 10_000, 60_000);
  return (isoSfocGPerKwh * ISO3046_REFERENCE.lcvKjPerKg) / actualLcvKjPerKg;
}

/**
 * As `sfocAtReferenceLcv` with the IMO default LCV of a fuel type (MEPC.364(79) via FUEL_PROPERTIES).
 * Use the bunker delivery note's measured LCV when available: the default is a class average.
 */
export function sfocAtReferenceLcvForFuel(measuredSfocGPerKwh: number, fuelType: FuelType): number {
  return sfocAtReferenceLcv(measuredSfocGPerKwh, FUEL_PROPERTIES[fuelType].lcvKjPerKg);
}

/**
 * SFOC sensitivity to turbocharger air inlet temperature: +0.2 % per +10 °C above 25 °C [MEM] (MAN B&W
 * two-stroke project-guide rule of thumb; not found in a retrieved source).
 */
export const SFOC_PERCENT_PER_10C_AIR_INLET = 0.2;
/** SFOC sensitivity to barometric pressure: −0.02 % per +10 mbar above 1000 mbar [MEM] (as above). */
export const SFOC_PERCENT_PER_10MBAR_PRESSURE = -0.02;
/**
 * SFOC sensitivity to charge-air (scavenge air) coolant temperature: +0.5 % per +10 °C above 25 °C
 * [C1-derived]: the MAN letter (scribd 618877890, reference-data.md §10) gives 0.7–1 g/kWh per 10 °C of
 * scavenge air temperature, i.e. about 0.4–0.6 % at 170 g/kWh; 0.5 % is the middle.
 */
export const SFOC_PERCENT_PER_10C_COOLANT = 0.5;

/** Ambient conditions at the time of the SFOC measurement. */
export type AmbientConditions = {
  airInletTempC: number;
  barometricPressureMbar: number;
  chargeAirCoolantTempC: number;
};

/**
 * Relative SFOC change [%] caused by ambient conditions versus ISO 3046-1 reference conditions, by the
 * linear engine-maker approximation Δ% = 0.2·(T_air − 25)/10 − 0.02·(p − 1000)/10 + 0.5·(T_cw − 25)/10
 * (constants above, [MEM]/[C1]). The ISO 3046-1 §10 correction proper needs engine-specific exponents that
 * were not retrieved (reference-data.md §10, §14 item 8).
 */
export function ambientSfocChangePercent(ambient: AmbientConditions): number {
  const t = requireInRange("airInletTempC", ambient.airInletTempC, -40, 60);
  const p = requireInRange("barometricPressureMbar", ambient.barometricPressureMbar, 850, 1100);
  const c = requireInRange("chargeAirCoolantTempC", ambient.chargeAirCoolantTempC, 0, 60);
  const r = ISO3046_REFERENCE;
  return (
    (SFOC_PERCENT_PER_10C_AIR_INLET * (t - r.airInletTempC)) / 10 +
    (SFOC_PERCENT_PER_10MBAR_PRESSURE * (p - r.barometricPressureMbar)) / 10 +
    (SFOC_PERCENT_PER_10C_COOLANT * (c - r.chargeAirCoolantTempC)) / 10
  );
}

/**
 * Measured SFOC [g/kWh] corrected to ISO 3046-1 reference conditions: first to the reference LCV
 * (42,700 kJ/kg, when `actualLcvKjPerKg` is given), then divided by (1 + Δ%/100) for the ambient
 * conditions (when given). Returns the corrected SFOC and each factor applied, so a screen can show them.
 * Sources: reference-data.md §10 (LCV [C2]; ambient approximation [MEM]/[C1]).
 */
export function sfocToIsoConditions(input: {
  measuredSfocGPerKwh: number;
  actualLcvKjPerKg?: number;
  ambient?: AmbientConditions;
}): { isoSfocGPerKwh: number; lcvFactor: number; ambientChangePercent: number } {
  const sfoc = requirePositive("measuredSfoc", input.measuredSfocGPerKwh);
  const lcvFactor = input.actualLcvKjPerKg === undefined ? 1 : sfocAtReferenceLcv(1, input.actualLcvKjPerKg);
  const ambientChangePercent = input.ambient ? ambientSfocChangePercent(input.ambient) : 0;
  return {
    isoSfocGPerKwh: (sfoc * lcvFactor) / (1 + ambientChangePercent / 100),
    lcvFactor,
    ambientChangePercent,
  };
}

/**
 * The ISO 3046-1 §10 power adjustment: k = (p_x/p_r)^a·(T_r/T_x)^b·(T_cr/T_cx)^c, α = k − 0.7·(1 − k)·(1/η_m − 1),
 * and the fuel consumption factor β = k/α. Pressures in any one unit, temperatures in K, exponents a, b, c
 * and mechanical efficiency η_m are engine-specific and must be supplied (the standard's table was not
 * retrieved). Formula [MEM] (reference-data.md §10).
 */
export function iso3046AdjustmentFactors(input: {
  pressureRatio: number;
  airTempRatio: number;
  coolantTempRatio: number;
  a: number;
  b: number;
  c: number;
  mechanicalEfficiency: number;
}): { k: number; alpha: number; beta: number } {
  const k =
    requirePositive("pressureRatio", input.pressureRatio) ** requireFinite("a", input.a) *
    requirePositive("airTempRatio", input.airTempRatio) ** requireFinite("b", input.b) *
    requirePositive("coolantTempRatio", input.coolantTempRatio) ** requireFinite("c", input.c);
  const etaM = requireInRange("mechanicalEfficiency", input.mechanicalEfficiency, 0.5, 1);
  const alpha = k - 0.7 * (1 - k) * (1 / etaM - 1);
  return { k, alpha, beta: k / alpha };
}
