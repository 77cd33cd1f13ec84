import { DomainInputError } from "../errors.js";
import { requireInRange, requireNonNegative, requirePositive } from "../performance/guards.js";
import { DEFAULT_PROPULSIVE_EFFICIENCY, powerCorrectedToCalm } from "../weather/calm-water-power.js";
import { representativeWaveHeight } from "../weather/douglas.js";
import { relativeWindFromTrue } from "../weather/relative-wind.js";
import { KNOT_IN_MPS } from "../weather/units.js";
import { type StaWave1Validity, staWave1AddedResistance } from "../weather/wave-added-resistance.js";
import { WIND_COEFFICIENT_TABLES, type WindCoefficientTableId } from "../weather/wind-coefficients.js";
import { windAddedResistance } from "../weather/wind-resistance.js";

/**
 * Ship used for the weather correction when the caller gives no dimensions: a Supramax-size bulk carrier
 * (the spec's default ship type is a bulk carrier). Typical values, not any real ship [MEM]:
 * L_pp 183 m, B 32.26 m, bow length to 95 % beam L_BWL 25 m, frontal wind area A_XV 500 m², tanker/bulk
 * wind coefficients. Pass the ship's own figures for a meaningful correction.
 */
export const DEFAULT_CALCULATOR_SHIP = {
  lengthM: 183,
  beamM: 32.26,
  bowLengthM: 25,
  frontalAreaM2: 500,
  windCoefficients: "tanker-laden" as WindCoefficientTableId,
} as const;

/** Ship and direction inputs of the calculator's weather correction (all optional, see defaults). */
export type CalculatorWeatherInput = {
  currentPowerKw: number;
  currentSpeedKn: number;
  windSpeedKn?: number;
  waveHeightM?: number;
  seaState?: number;
  lengthM?: number;
  beamM?: number;
  bowLengthM?: number;
  frontalAreaM2?: number;
  windCoefficients?: WindCoefficientTableId;
  windAngleOffBowDeg?: number;
  waveAngleOffBowDeg?: number;
  propulsiveEfficiency?: number;
};

export type CalculatorWeatherResult = {
  calmPowerKw: number;
  addedPowerKw: number;
  windResistanceN: number;
  /** Whether the wind correction was applied (a wind speed above 0). */
  windApplied: boolean;
  /** Wave added resistance removed [N]: 0 when STAwave-1 was outside its validity (see `staWave1`). */
  waveResistanceN: number;
  /** Whether the wave correction was applied (a wave height above 0 within STAwave-1's validity). */
  waveApplied: boolean;
  waveHeightUsedM: number | null;
  waveHeightFromSeaState: boolean;
  staWave1: StaWave1Validity | null;
  usedDefaultShip: boolean;
};

/**
 * Removes the weather's added power from the calculator's current power (ISO 15016 principles): wind by
 * R_AA with a tabulated C_AA (true wind taken at the 10 m reference height, from `windAngleOffBowDeg`,
 * default 0 = head wind; no current, so SOG = STW), waves by STAwave-1 (wave height, or the middle of
 * the Douglas band of `seaState` when no height is given; default head seas), then
 * P_calm = P − (R_AA + R_AW)·V/η_D. Units: kW, kn, m, N. Sources: reference-data.md §9, §11.
 * STAwave-1 is applied only inside its validity (ISO 15016:2015 / ITTC 7.5-04-01-01.1: waves within ±45°
 * off the bow and H ≤ 2.25·√(L_pp/100); reference-data.md §9): outside it the wave resistance is not
 * removed (`waveApplied` false, `staWave1` says which limit failed), never extrapolated.
 */
export function calculatorWeatherCorrection(input: CalculatorWeatherInput): CalculatorWeatherResult {
  const s = DEFAULT_CALCULATOR_SHIP;
  const usedDefaultShip = [input.lengthM, input.beamM, input.bowLengthM, input.frontalAreaM2].some(
    (v) => v === undefined,
  );
  const lpp = requirePositive("lengthM", input.lengthM ?? s.lengthM);
  const beam = requirePositive("beamM", input.beamM ?? s.beamM);
  const bow = requirePositive("bowLengthM", input.bowLengthM ?? s.bowLengthM);
  const axv = requirePositive("frontalAreaM2", input.frontalAreaM2 ?? s.frontalAreaM2);
  const vMps = requirePositive("currentSpeed", input.currentSpeedKn) * KNOT_IN_MPS;
  let windResistanceN = 0;
  if (input.windSpeedKn !== undefined && input.windSpeedKn > 0) {
    const rel = relativeWindFromTrue({
      trueWindSpeed: requireNonNegative("windSpeed", input.windSpeedKn) * KNOT_IN_MPS,
      trueWindDirectionDeg: input.windAngleOffBowDeg ?? 0,
      headingDeg: 0,
      shipSpeed: vMps,
    });
    windResistanceN = windAddedResistance({
      relativeWindSpeedMps: rel.speed,
      relativeWindAngleDeg: rel.angleDeg,
      speedOverGroundMps: vMps,
      frontalAreaM2: axv,
      coefficients: {
        kind: "table",
        table: WIND_COEFFICIENT_TABLES[input.windCoefficients ?? s.windCoefficients],
      },
    });
  }
  const fromSeaState = input.waveHeightM === undefined && input.seaState !== undefined;
  const h =
    input.waveHeightM ??
    (input.seaState === undefined ? undefined : representativeWaveHeight(input.seaState));
  let waveResistanceN = 0;
  let staWave1: StaWave1Validity | null = null;
  if (h !== undefined && h > 0) {
    const w = staWave1AddedResistance({
      significantWaveHeightM: requireNonNegative("waveHeight", h),
      beamM: beam,
      bowLengthM: bow,
      lengthBetweenPerpendicularsM: lpp,
      waveAngleOffBowDeg: input.waveAngleOffBowDeg ?? 0,
    });
    staWave1 = w.validity;
    if (w.validity.valid) waveResistanceN = w.resistanceN;
  }
  const etaD = requireInRange(
    "propulsiveEfficiency",
    input.propulsiveEfficiency ?? DEFAULT_PROPULSIVE_EFFICIENCY,
    0.1,
    1,
  );
  const addedPowerKw = ((windResistanceN + waveResistanceN) * vMps) / etaD / 1000;
  if (input.currentPowerKw - addedPowerKw <= 0) {
    throw new DomainInputError(
      "currentPower",
      "is smaller than the weather added power; check the weather and ship inputs",
    );
  }
  const c = powerCorrectedToCalm({
    measuredPowerKw: input.currentPowerKw,
    windAddedResistanceN: windResistanceN,
    waveAddedResistanceN: waveResistanceN,
    speedThroughWaterMps: vMps,
    propulsiveEfficiency: etaD,
  });
  return {
    calmPowerKw: c.calmPowerKw,
    addedPowerKw: c.addedPowerKw,
    windResistanceN,
    windApplied: input.windSpeedKn !== undefined && input.windSpeedKn > 0,
    waveResistanceN,
    waveApplied: staWave1?.valid === true,
    waveHeightUsedM: h ?? null,
    waveHeightFromSeaState: fromSeaState,
    staWave1,
    usedDefaultShip,
  };
}
