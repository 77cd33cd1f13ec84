import { SPEC_DEFAULT_FUEL_PRICE_PER_TONNE } from "../cost/price-table.js";
import { DEFAULT_PROPULSIVE_EFFICIENCY } from "../weather/calm-water-power.js";
import { STAWAVE1_HEAD_SECTOR_DEG } from "../weather/wave-added-resistance.js";
import type { CalculatorWeatherResult } from "./hull-calculator-weather.js";
import { DEFAULT_CALCULATOR_SHIP } from "./hull-calculator-weather.js";
import { ROUGHNESS_INDEX_PER_EXCESS_POWER_PERCENT, type RoughnessBand } from "./roughness-bands.js";

/** SFOC deviation [%] above which the recommendation also points at the engine: the spec's enginePerformance alert default, 8 % (spec §9). */
export const ENGINE_SFOC_NOTE_PERCENT = 8;

type TextInput = {
  currentSpeed?: number;
  baselineSpeed?: number;
  seaState?: number;
  windSpeed?: number;
  waveHeight?: number;
  fuelPricePerTonne?: number;
  operatingDaysPerYear?: number;
  cleaningCost?: number;
  windAngleOffBowDeg?: number;
  waveAngleOffBowDeg?: number;
  propulsiveEfficiency?: number;
};

/**
 * The recommendation for a roughness band (spec §4 bands), with the payback when there is one and a
 * note on the engine when SFOC is more than 8 % above baseline (spec §9 enginePerformance threshold).
 */
export function recommendAction(
  band: RoughnessBand,
  index: number,
  paybackDays: number | null,
  sfocDeviationPercent: number,
): string {
  const payback =
    paybackDays === null
      ? ""
      : ` Estimated payback of a cleaning: ${Math.round(paybackDays)} operating days.`;
  const byBand: Record<RoughnessBand, string> = {
    good: `Hull performance is within the clean-hull range (index ${index.toFixed(0)}). No cleaning needed; keep monitoring.`,
    caution: `Early signs of fouling (index ${index.toFixed(0)}). Inspect the hull and propeller at the next opportunity and watch the trend.${payback}`,
    orange: `Significant fouling (index ${index.toFixed(0)}). Plan hull cleaning and propeller polishing at the next suitable port call.${payback}`,
    red: `Heavy fouling (index ${index.toFixed(0)}). Clean the hull and polish the propeller as soon as possible.${payback}`,
  };
  const engine =
    sfocDeviationPercent > ENGINE_SFOC_NOTE_PERCENT
      ? ` Engine SFOC is ${sfocDeviationPercent.toFixed(1)} % above baseline: check the engine as well (not included in the hull figures).`
      : "";
  return byBand[band] + engine;
}

/** The corrections the calculator may make to the current power before comparing it with the baseline. */
export const HULL_CORRECTIONS = ["wind", "waves", "speed"] as const;
export type HullCorrection = (typeof HULL_CORRECTIONS)[number];

/** Whether one correction was applied and, in plain words, what was done or why it was not. */
export type HullCorrectionNote = { correction: HullCorrection; applied: boolean; note: string };

const INCLUDED = "so the excess power still includes its share";

/**
 * One note per correction (wind, waves, speed): applied or not, and why not. A correction is applied only
 * when its inputs are given and inside its validity (STAwave-1: waves within ±45° off the bow and under
 * its height limit, ISO 15016:2015 / ITTC 7.5-04-01-01.1, reference-data.md §9); otherwise the note says
 * so instead of the figure silently changing meaning.
 */
export function correctionNotes(
  input: TextInput,
  weather: CalculatorWeatherResult | null,
): HullCorrectionNote[] {
  const noSpeed = "needs the current speed (added power = added resistance × speed), which was not given";
  const wind: HullCorrectionNote = { correction: "wind", applied: false, note: "No wind speed given." };
  if (input.windSpeed === 0) wind.note = "Wind speed 0 kn: nothing to correct.";
  else if (input.windSpeed !== undefined && !weather) wind.note = `Not applied: ${noSpeed}, ${INCLUDED}.`;
  else if (weather?.windApplied) {
    wind.applied = true;
    wind.note = `Applied: ISO 15016 wind resistance R_AA with a tabulated ITTC coefficient, wind from ${input.windAngleOffBowDeg ?? 0}° off the bow.`;
  }
  const waves: HullCorrectionNote = {
    correction: "waves",
    applied: false,
    note: "No wave height or sea state given.",
  };
  const waveAngle = input.waveAngleOffBowDeg ?? 0;
  const h = weather?.waveHeightUsedM;
  if (input.waveHeight === undefined && input.seaState === undefined) {
    // default note
  } else if (!weather) waves.note = `Not applied: ${noSpeed}, ${INCLUDED}.`;
  else if (!h) waves.note = "Wave height 0 m: nothing to correct.";
  else if (weather.waveApplied) {
    waves.applied = true;
    waves.note = `Applied: STAwave-1 for ${h} m waves from ${waveAngle}° off the bow (ISO 15016:2015 / ITTC 7.5-04-01-01.1).`;
  } else if (weather.staWave1 && !weather.staWave1.headWaves) {
    waves.note = `Not applied: waves from ${waveAngle}° off the bow are outside STAwave-1's validity (head waves within ±${STAWAVE1_HEAD_SECTOR_DEG}° of the bow, ISO 15016:2015 / ITTC 7.5-04-01-01.1), ${INCLUDED}.`;
  } else if (weather.staWave1) {
    waves.note = `Not applied: ${h} m waves are above STAwave-1's height limit for this ship (${weather.staWave1.maxWaveHeightM.toFixed(2)} m = 2.25·√(Lpp/100), ISO 15016:2015 / ITTC 7.5-04-01-01.1), ${INCLUDED}.`;
  }
  const bothSpeeds = input.currentSpeed !== undefined && input.baselineSpeed !== undefined;
  const speed: HullCorrectionNote = bothSpeeds
    ? {
        correction: "speed",
        applied: true,
        note: `Applied: current power scaled from ${input.currentSpeed} kn to the baseline speed ${input.baselineSpeed} kn by the cube law (power ∝ speed³).`,
      }
    : {
        correction: "speed",
        applied: false,
        note: "Not applied: current and baseline speeds were not both given, so the two powers are compared as if at the same speed.",
      };
  return [wind, waves, speed];
}

/**
 * Plain-language description of what `calculateHullPerformance` computed for these inputs, and the list of
 * simplifications and defaults that applied. Honest by construction: every branch taken adds its sentence.
 */
export function describeMethod(
  input: TextInput,
  weather: CalculatorWeatherResult | null,
  hasWeatherInputs: boolean,
): { method: string; assumptions: string[] } {
  const parts = ["Compared the power needed now with the clean-hull baseline power at the same speed."];
  const a: string[] = [
    "The baseline power is taken as calm-water power at the same displacement (no draught correction).",
  ];
  if (weather && (weather.windApplied || weather.waveApplied)) {
    const eta = input.propulsiveEfficiency ?? DEFAULT_PROPULSIVE_EFFICIENCY;
    parts.push(
      `Removed ${weather.addedPowerKw.toFixed(0)} kW of estimated weather added power first, after ISO 15016 principles: wind by R_AA = ½·ρ·C_AA·A_XV·(V_rel² − V²) with a tabulated ITTC wind coefficient, waves by STAwave-1 (only within its validity); added power = added resistance × speed ÷ η_D (${eta}).`,
    );
    a.push(
      `True wind taken at 10 m and coming from ${input.windAngleOffBowDeg ?? 0}° off the bow; waves from ${input.waveAngleOffBowDeg ?? 0}° off the bow; no current (speed over ground = speed through water).`,
    );
    if (weather.usedDefaultShip) {
      const s = DEFAULT_CALCULATOR_SHIP;
      a.push(
        `Ship dimensions not all given: defaults of a typical Supramax bulk carrier used where missing (Lpp ${s.lengthM} m, B ${s.beamM} m, bow length ${s.bowLengthM} m, wind area ${s.frontalAreaM2} m²).`,
      );
    }
    if (weather.waveHeightFromSeaState)
      a.push(
        `Wave height ${weather.waveHeightUsedM} m taken as the middle of Douglas sea state ${input.seaState}.`,
      );
    if (input.waveHeight !== undefined && input.seaState !== undefined)
      a.push("Sea state not used because a wave height was given.");
  } else if (weather) {
    a.push(
      "No weather correction was made (see the corrections): the excess power includes the weather's share.",
    );
  } else if (hasWeatherInputs) {
    a.push(
      "Weather inputs were given but no current speed, so no weather correction was made: the excess power includes the weather's share.",
    );
  } else {
    a.push("No weather inputs: the current power is assumed to be in calm conditions.");
  }
  if (weather?.staWave1 && !weather.staWave1.valid) {
    a.push(
      `Waves are outside STAwave-1's validity (head seas within ±${STAWAVE1_HEAD_SECTOR_DEG}°, height ≤ ${weather.staWave1.maxWaveHeightM.toFixed(2)} m): no wave correction was made.`,
    );
  }
  if (input.currentSpeed !== undefined && input.baselineSpeed !== undefined) {
    parts.push(
      `Scaled the current power from ${input.currentSpeed} kn to the baseline speed ${input.baselineSpeed} kn with the cube law (power ∝ speed³).`,
    );
  } else {
    a.push(
      "Current and baseline speeds were not both given: the two powers are assumed to be at the same speed.",
    );
  }
  parts.push(
    `Hull efficiency = 100 × (baseline power ÷ power now at the same speed − 1) in %, as in the hull records (negative = degradation). The roughness index is 100 + ${ROUGHNESS_INDEX_PER_EXCESS_POWER_PERCENT} × excess power % (never below 100): an indicator on the specification's scale, not a measured roughness.`,
    "Extra fuel = extra power at the current speed × current SFOC × 24 h; the engine's SFOC change is reported separately. Payback assumes a cleaning restores the baseline.",
  );
  if (input.fuelPricePerTonne === undefined)
    a.push(`Fuel price ${SPEC_DEFAULT_FUEL_PRICE_PER_TONNE} $/t (specification default).`);
  if (input.operatingDaysPerYear === undefined) a.push("280 operating days per year (default).");
  if (input.cleaningCost === undefined) a.push("Cleaning cost 25,000 $ (default, order of magnitude only).");
  return { method: `${parts.join(" ")} Assumptions: ${a.join(" ")}`, assumptions: a };
}
