import { requireFinite, requireNonNegative, requirePositive } from "../performance/guards.js";
import { type FujiwaraShipGeometry, fujiwaraWindCoefficient } from "./fujiwara.js";
import {
  DEFAULT_WIND_REFERENCE_HEIGHT_M,
  relativeWindFromTrue,
  windSpeedAtReferenceHeight,
} from "./relative-wind.js";
import { AIR_DENSITY } from "./units.js";
import { tabulatedWindCoefficient, type WindCoefficientTable } from "./wind-coefficients.js";

/** Where C_AA(ψ) comes from: a tabulated data set, or Fujiwara's regression on the ship's geometry. */
export type WindCoefficientSource =
  | { kind: "table"; table: WindCoefficientTable }
  | { kind: "fujiwara"; geometry: FujiwaraShipGeometry };

/** C_AA(ψ) [-] from a source (positive = resistance); see `tabulatedWindCoefficient` and `fujiwaraWindCoefficient`. */
export function windCoefficient(source: WindCoefficientSource, relativeAngleDeg: number): number {
  return source.kind === "table"
    ? tabulatedWindCoefficient(source.table, relativeAngleDeg)
    : fujiwaraWindCoefficient(source.geometry, relativeAngleDeg);
}

/**
 * Added resistance due to wind R_AA [N] relative to the still-air resistance already in calm-water
 * trials: R_AA = ½·ρ_A·A_XV·(C_AA(ψ_WRref)·V_WRref² − C_AA(0)·V_G²). Inputs in SI: relative wind speed at
 * the reference height [m/s], relative angle [deg off the bow], speed over ground [m/s], frontal area
 * A_XV [m²], air density [kg/m³] (default 1.225). Positive = extra resistance, negative = wind helps.
 * Source: ISO 15016:2015 / ITTC 7.5-04-01-01.1, reference-data.md §9 [C1].
 */
export function windAddedResistance(input: {
  relativeWindSpeedMps: number;
  relativeWindAngleDeg: number;
  speedOverGroundMps: number;
  frontalAreaM2: number;
  coefficients: WindCoefficientSource;
  airDensity?: number;
}): number {
  const vwr = requireNonNegative("relativeWindSpeedMps", input.relativeWindSpeedMps);
  const vg = requireNonNegative("speedOverGroundMps", input.speedOverGroundMps);
  const axv = requirePositive("frontalAreaM2", input.frontalAreaM2);
  const rho = requirePositive("airDensity", input.airDensity ?? AIR_DENSITY);
  requireFinite("relativeWindAngleDeg", input.relativeWindAngleDeg);
  const caa = windCoefficient(input.coefficients, input.relativeWindAngleDeg);
  const caa0 = windCoefficient(input.coefficients, 0);
  return 0.5 * rho * axv * (caa * vwr * vwr - caa0 * vg * vg);
}

/**
 * The full ISO 15016 wind chain from a true wind measured at the anemometer height: correct the true
 * wind to the reference height (1/7 power law), recompute the relative wind there from heading and
 * speed over ground, then R_AA [N]. Speeds in m/s, angles in degrees (conventions in `relative-wind.ts`).
 * Source: ISO 15016:2015 / ITTC 7.5-04-01-01.1, reference-data.md §9 [C1].
 */
export function windAddedResistanceFromTrueWind(input: {
  trueWindSpeedMps: number;
  trueWindDirectionDeg: number;
  headingDeg: number;
  speedOverGroundMps: number;
  anemometerHeightM: number;
  referenceHeightM?: number;
  frontalAreaM2: number;
  coefficients: WindCoefficientSource;
  airDensity?: number;
}): { resistanceN: number; relativeWindSpeedMps: number; relativeWindAngleDeg: number } {
  const vref = windSpeedAtReferenceHeight(
    input.trueWindSpeedMps,
    input.anemometerHeightM,
    input.referenceHeightM ?? DEFAULT_WIND_REFERENCE_HEIGHT_M,
  );
  const rel = relativeWindFromTrue({
    trueWindSpeed: vref,
    trueWindDirectionDeg: input.trueWindDirectionDeg,
    headingDeg: input.headingDeg,
    shipSpeed: input.speedOverGroundMps,
  });
  const resistanceN = windAddedResistance({
    relativeWindSpeedMps: rel.speed,
    relativeWindAngleDeg: rel.angleDeg,
    speedOverGroundMps: input.speedOverGroundMps,
    frontalAreaM2: input.frontalAreaM2,
    coefficients: input.coefficients,
    ...(input.airDensity === undefined ? {} : { airDensity: input.airDensity }),
  });
  return { resistanceN, relativeWindSpeedMps: rel.speed, relativeWindAngleDeg: rel.angleDeg };
}
