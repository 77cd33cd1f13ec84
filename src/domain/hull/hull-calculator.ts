import { SPEC_DEFAULT_FUEL_PRICE_PER_TONNE } from "../cost/price-table.js";
import { requireWithinRange } from "../data-quality/input-range.js";
import { DomainInputError } from "../errors.js";
import { requireInRange } from "../performance/guards.js";
import type { WindCoefficientTableId } from "../weather/wind-coefficients.js";
import {
  CUBE_LAW_MAX_SPEED_DEVIATION,
  HULL_EFFICIENCY_RANGE,
  HULL_CALCULATOR_RANGES as R,
} from "./hull-calculator-ranges.js";
import {
  correctionNotes,
  describeMethod,
  type HullCorrectionNote,
  recommendAction,
} from "./hull-calculator-text.js";
import { type CalculatorWeatherResult, calculatorWeatherCorrection } from "./hull-calculator-weather.js";
import { hullEfficiencyFromExcessPower } from "./hull-efficiency.js";
import {
  type CleaningState,
  cleaningState,
  type RoughnessBand,
  roughnessBand,
  roughnessIndexFromExcessPower,
} from "./roughness-bands.js";

/** Fuel price [USD/t] when none is given: the specification's fuel cost factor (spec §9). */
export const DEFAULT_FUEL_PRICE_USD_PER_T = SPEC_DEFAULT_FUEL_PRICE_PER_TONNE;
/** Operating (sea) days per year when none are given: 280 [MEM], a typical deep-sea merchant ship. */
export const DEFAULT_OPERATING_DAYS_PER_YEAR = 280;
/** Cost of one in-water hull cleaning [USD] when none is given: 25,000 [MEM], order of magnitude only; pass a quote. */
export const DEFAULT_HULL_CLEANING_COST_USD = 25_000;

/**
 * Inputs of the hull performance calculator (spec §3 "Hull calculation input" plus documented options).
 * Power is shaft/brake power of the propulsion engine [kW]; speeds through water [kn].
 */
export type HullCalculatorInput = {
  /** Power now [kW]. */
  currentPower: number;
  /** Clean-hull reference power [kW] (sea trial or just after docking), in calm water. */
  baselinePower: number;
  /** Speed now [kn]; with baselineSpeed it lets powers be compared at equal speed (cube law). */
  currentSpeed?: number;
  /** Speed at which baselinePower was measured [kn]. */
  baselineSpeed?: number;
  /** Engine SFOC now [g/kWh]; prices the extra power. */
  currentSfoc: number;
  /** Engine SFOC at the baseline [g/kWh]; reported as engine deviation, not mixed into the hull figure. */
  baselineSfoc: number;
  /** Douglas sea state 0–9; used for waves only when waveHeight is absent (middle of the band). */
  seaState?: number;
  /** True wind speed [kn], taken at the 10 m reference height. */
  windSpeed?: number;
  /** Significant wave height [m]. */
  waveHeight?: number;
  /** Fuel price [USD/t]; default DEFAULT_FUEL_PRICE_USD_PER_T (spec §9). */
  fuelPricePerTonne?: number;
  /** Sea days per year; default 280 [MEM]. */
  operatingDaysPerYear?: number;
  /** Cost of a hull cleaning [USD]; default 25,000 [MEM]. */
  cleaningCost?: number;
  /** Ship dimensions for the weather correction; defaults in DEFAULT_CALCULATOR_SHIP. */
  lengthM?: number;
  beamM?: number;
  bowLengthM?: number;
  frontalAreaM2?: number;
  windCoefficients?: WindCoefficientTableId;
  /** Direction wind and waves come from, off the bow [deg]; default 0 (head), the case STAwave-1 covers. */
  windAngleOffBowDeg?: number;
  waveAngleOffBowDeg?: number;
  /** Propulsive efficiency η_D; default 0.70 [MEM]. */
  propulsiveEfficiency?: number;
};

/** Result (spec §3 "Hull calculation result") plus the intermediate figures behind it. */
export type HullCalculatorResult = {
  hullRoughnessIndex: number;
  /** 100·(P_baseline/P_now − 1) at equal speed [%], as the hull records (hull-efficiency.ts); negative = degradation (spec §3). */
  hullEfficiency: number;
  economicImpact: {
    /** Extra fuel cost per operating day [USD/day]. */
    additionalFuelCost: number;
    /** additionalFuelCost × operating days [USD/year]. */
    annualExtraCost: number;
    /** Days of operation for the fuel saved by cleaning to pay the cleaning cost; null when there is nothing to save. */
    paybackPeriod: number | null;
  };
  recommendedAction: string;
  calculationMethod: string;
  /** True when a wind or wave correction was applied (see `corrections`). */
  weatherCorrected: boolean;
  /** Each correction (wind, waves, speed), whether it was applied and, when not, why. */
  corrections: HullCorrectionNote[];
  details: {
    excessPowerPercent: number;
    calmCurrentPowerKw: number;
    currentPowerAtBaselineSpeedKw: number;
    weatherAddedPowerKw: number;
    extraPowerKw: number;
    extraFuelTonnesPerDay: number;
    sfocDeviationPercent: number;
    roughnessBand: RoughnessBand;
    cleaningState: CleaningState;
    staWave1Valid: boolean | null;
    assumptions: string[];
  };
};

function validate(i: HullCalculatorInput): void {
  for (const f of ["currentPower", "baselinePower"] as const) requireWithinRange(f, i[f], R.power);
  for (const f of ["currentSfoc", "baselineSfoc"] as const) requireWithinRange(f, i[f], R.sfoc);
  for (const f of ["currentSpeed", "baselineSpeed"] as const)
    if (i[f] !== undefined) requireWithinRange(f, i[f], R.speed);
  const optional = [
    ...["windSpeed", "waveHeight", "fuelPricePerTonne", "cleaningCost"],
    ...["lengthM", "beamM", "bowLengthM", "frontalAreaM2"],
  ] as const;
  for (const f of optional) if (i[f] !== undefined) requireWithinRange(f, i[f], R[f]);
  if (i.seaState !== undefined) requireInRange("seaState", i.seaState, 0, 9);
  if (i.operatingDaysPerYear !== undefined)
    requireInRange("operatingDaysPerYear", i.operatingDaysPerYear, 1, 366);
  if (i.currentSpeed !== undefined && i.baselineSpeed !== undefined) {
    const lo = i.baselineSpeed * (1 - CUBE_LAW_MAX_SPEED_DEVIATION);
    const hi = i.baselineSpeed * (1 + CUBE_LAW_MAX_SPEED_DEVIATION);
    if (i.currentSpeed < lo || i.currentSpeed > hi) {
      throw new DomainInputError(
        "currentSpeed",
        `must be within ${100 * CUBE_LAW_MAX_SPEED_DEVIATION} % of baselineSpeed (${lo.toFixed(1)}–${hi.toFixed(1)} kn): the cube law that puts both powers at one speed holds only near the baseline speed`,
      );
    }
  }
}

/**
 * The specification's hull performance calculator (spec §3, §4, §7; issue 3 item 6). Method:
 * 1. Weather (only with windSpeed, waveHeight or seaState AND currentSpeed): remove wind (ISO 15016 R_AA,
 *    tabulated C_AA) and wave (STAwave-1, only inside its validity) added power from currentPower:
 *    P_calm = P − ΔR·V/η_D. `corrections` says which were applied and why not the others.
 * 2. Equal speed: with both speeds, P_eq = P_calm·(V_baseline/V_current)³ (cube law, reference §11 [C1]);
 *    without them, equal speeds and equal displacement are assumed.
 *    Speeds more than 20 % apart are refused (CUBE_LAW_MAX_SPEED_DEVIATION).
 * 3. Excess power F [%] = 100·(P_eq − P_baseline)/P_baseline; hullEfficiency = −100·F/(100 + F), the hull
 *    records' definition (hull-efficiency.ts); a result outside the records' plausible range is refused.
 * 4. hullRoughnessIndex = max(100, 100 + 2.5·excess) (roughness-bands.ts), bands per spec §4.
 * 5. Extra fuel [t/day] = max(0, extra power at the current speed) [kW] × currentSfoc [g/kWh] × 24 h / 10⁶;
 *    cost/day = extra fuel × price; per year × operating days; payback [days] = cleaning cost ÷ cost/day,
 *    assuming cleaning restores the baseline.
 * Throws DomainInputError naming the field for invalid input.
 */
export function calculateHullPerformance(input: HullCalculatorInput): HullCalculatorResult {
  validate(input);
  const hasWeather = [input.windSpeed, input.waveHeight, input.seaState].some((v) => v !== undefined);
  let weather: CalculatorWeatherResult | null = null;
  if (hasWeather && input.currentSpeed !== undefined) {
    weather = calculatorWeatherCorrection({
      ...input,
      currentPowerKw: input.currentPower,
      currentSpeedKn: input.currentSpeed,
      ...(input.windSpeed === undefined ? {} : { windSpeedKn: input.windSpeed }),
      ...(input.waveHeight === undefined ? {} : { waveHeightM: input.waveHeight }),
    });
  }
  const calm = weather ? weather.calmPowerKw : input.currentPower;
  const speedRatio =
    input.currentSpeed !== undefined && input.baselineSpeed !== undefined
      ? input.baselineSpeed / input.currentSpeed
      : 1;
  const atBaselineSpeed = calm * speedRatio ** 3;
  const excessPowerPercent = (100 * (atBaselineSpeed - input.baselinePower)) / input.baselinePower;
  const hullEfficiency = hullEfficiencyFromExcessPower(excessPowerPercent);
  if (!(hullEfficiency >= HULL_EFFICIENCY_RANGE.min && hullEfficiency <= HULL_EFFICIENCY_RANGE.max)) {
    throw new DomainInputError(
      "currentPower",
      `gives a hull efficiency of ${hullEfficiency.toFixed(1)} %, outside the plausible ${HULL_EFFICIENCY_RANGE.min} to ${HULL_EFFICIENCY_RANGE.max} %: check that both powers are shaft powers in kW, at the same draught and speed`,
    );
  }
  const hullRoughnessIndex = roughnessIndexFromExcessPower(excessPowerPercent);
  const extraPowerKw = Math.max(0, calm - input.baselinePower / speedRatio ** 3);
  const extraFuelTonnesPerDay = (extraPowerKw * input.currentSfoc * 24) / 1e6;
  const price = input.fuelPricePerTonne ?? DEFAULT_FUEL_PRICE_USD_PER_T;
  const days = input.operatingDaysPerYear ?? DEFAULT_OPERATING_DAYS_PER_YEAR;
  const cleaning = input.cleaningCost ?? DEFAULT_HULL_CLEANING_COST_USD;
  const additionalFuelCost = extraFuelTonnesPerDay * price;
  const paybackPeriod = additionalFuelCost > 0 ? cleaning / additionalFuelCost : null;
  const sfocDeviationPercent = (100 * (input.currentSfoc - input.baselineSfoc)) / input.baselineSfoc;
  const band = roughnessBand(hullRoughnessIndex);
  const text = describeMethod(input, weather, hasWeather);
  return {
    hullRoughnessIndex,
    hullEfficiency,
    economicImpact: { additionalFuelCost, annualExtraCost: additionalFuelCost * days, paybackPeriod },
    recommendedAction: recommendAction(band, hullRoughnessIndex, paybackPeriod, sfocDeviationPercent),
    calculationMethod: text.method,
    weatherCorrected: weather !== null && (weather.windApplied || weather.waveApplied),
    corrections: correctionNotes(input, weather),
    details: {
      excessPowerPercent,
      calmCurrentPowerKw: calm,
      currentPowerAtBaselineSpeedKw: atBaselineSpeed,
      weatherAddedPowerKw: weather?.addedPowerKw ?? 0,
      extraPowerKw,
      extraFuelTonnesPerDay,
      sfocDeviationPercent,
      roughnessBand: band,
      cleaningState: cleaningState(hullRoughnessIndex),
      staWave1Valid: weather?.staWave1?.valid ?? null,
      assumptions: text.assumptions,
    },
  };
}
