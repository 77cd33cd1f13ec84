import { DomainInputError } from "../errors.js";
import { requireFinite, requireInRange, requirePositive } from "../performance/guards.js";

/**
 * Default propulsive efficiency η_D used when the ship's model-test value is unknown: 0.70 [MEM]
 * (typical of merchant ships, 0.65–0.75; ISO 15016 uses η_D from the model tests). Pass the ship's own
 * value when it is known.
 */
export const DEFAULT_PROPULSIVE_EFFICIENCY = 0.7;

/**
 * Delivered power corrected to calm conditions: P_calm = P_meas − (ΔR_wind + R_AW)·V/η_D.
 * Units: powers in kW, resistances in N, V = speed through water in m/s; the added power is
 * ΔR·V/η_D in W, divided by 1000. This is the simplified direct power method (the propulsive-efficiency
 * and propeller-load corrections of the full ISO 15016 method are neglected). Throws when the corrected
 * power is not positive (the corrections exceed what was measured: inputs are inconsistent).
 * Source: ISO 15016:2015 / ITTC 7.5-04-01-01.1 principles; ISO 19030-2 step 5 uses the same form
 * (reference-data.md §8–§9).
 */
export function powerCorrectedToCalm(input: {
  measuredPowerKw: number;
  windAddedResistanceN: number;
  waveAddedResistanceN: number;
  speedThroughWaterMps: number;
  propulsiveEfficiency?: number;
}): { calmPowerKw: number; addedPowerKw: number } {
  const p = requirePositive("measuredPowerKw", input.measuredPowerKw);
  const rw = requireFinite("windAddedResistanceN", input.windAddedResistanceN);
  const ra = requireFinite("waveAddedResistanceN", input.waveAddedResistanceN);
  const v = requirePositive("speedThroughWaterMps", input.speedThroughWaterMps);
  const etaD = requireInRange(
    "propulsiveEfficiency",
    input.propulsiveEfficiency ?? DEFAULT_PROPULSIVE_EFFICIENCY,
    0.1,
    1,
  );
  const addedPowerKw = ((rw + ra) * v) / etaD / 1000;
  const calmPowerKw = p - addedPowerKw;
  if (calmPowerKw <= 0) {
    throw new DomainInputError(
      "measuredPowerKw",
      "is smaller than the weather added power; check the weather and ship inputs",
    );
  }
  return { calmPowerKw, addedPowerKw };
}
