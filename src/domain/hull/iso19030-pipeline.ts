import { requirePositive } from "../performance/guards.js";
import { mean } from "../performance/statistics.js";
import { circularMeanDeg } from "../weather/angles.js";
import { powerCorrectedToCalm } from "../weather/calm-water-power.js";
import { KNOT_IN_MPS } from "../weather/units.js";
import { type WindCoefficientSource, windAddedResistanceFromTrueWind } from "../weather/wind-resistance.js";
import { chauvenetKeepMask } from "./chauvenet.js";
import {
  type DEFAULT_VALIDITY_RANGES,
  ISO19030_CHANNELS,
  type Iso19030Sample,
  isSteadyBlock,
  isWithinValidityRanges,
  type ReferenceConditionFailure,
  referenceConditionFailures,
} from "./iso19030-filters.js";
import type { SpeedPowerObservation } from "./speed-loss.js";

/** Block length [min] of the ISO 19030-2 default method (reference-data.md §8 [C1]). */
export const ISO19030_BLOCK_MINUTES = 10;

/** Fewest valid samples a block needs to be used: 3 (Sextant choice; Chauvenet needs ≥ 3). */
export const ISO19030_MIN_SAMPLES_PER_BLOCK = 3;

export type Iso19030Options = {
  ship: {
    beamM: number;
    meanDraughtM: number;
    referenceDisplacementT?: number;
    displacementTolerance?: number;
  };
  blockMinutes?: number;
  minSamplesPerBlock?: number;
  validityRanges?: typeof DEFAULT_VALIDITY_RANGES;
  /** Wind correction inputs (ISO 19030-2 step 5). Without them power is used uncorrected. */
  wind?: {
    frontalAreaM2: number;
    coefficients: WindCoefficientSource;
    anemometerHeightM: number;
    referenceHeightM?: number;
    propulsiveEfficiency?: number;
  };
};

/** One accepted 10-minute block: the mean sample and the (wind-corrected) power to compare with the curve. */
export type Iso19030Block = {
  startMs: number;
  sampleCount: number;
  mean: Iso19030Sample;
  correctedPowerKw: number;
  windAddedPowerKw: number;
  windCorrected: boolean;
};

export type Iso19030Result = {
  accepted: Iso19030Block[];
  rejected: {
    invalidSamples: number;
    outlierSamples: number;
    sparseBlocks: number;
    unsteadyBlocks: number;
    referenceConditionBlocks: Partial<Record<ReferenceConditionFailure, number>>;
  };
};

function blockMean(block: Iso19030Sample[]): Iso19030Sample {
  const m = { timestampMs: mean(block.map((s) => s.timestampMs)) } as Iso19030Sample;
  for (const c of ISO19030_CHANNELS) m[c] = mean(block.map((s) => s[c]));
  const draughts = block.map((s) => s.meanDraughtM).filter((d): d is number => d !== undefined);
  if (draughts.length === block.length) m.meanDraughtM = mean(draughts);
  for (const c of ["headingDeg", "trueWindDirectionDeg"] as const) {
    const v = block.map((s) => s[c]).filter((d): d is number => d !== undefined);
    if (v.length === block.length) m[c] = circularMeanDeg(v);
  }
  return m;
}

function windCorrection(
  m: Iso19030Sample,
  wind: Iso19030Options["wind"],
): { power: number; added: number; done: boolean } {
  if (!wind || m.headingDeg === undefined || m.trueWindDirectionDeg === undefined)
    return { power: m.shaftPowerKw, added: 0, done: false };
  const r = windAddedResistanceFromTrueWind({
    trueWindSpeedMps: m.trueWindSpeedMps,
    trueWindDirectionDeg: m.trueWindDirectionDeg,
    headingDeg: m.headingDeg,
    speedOverGroundMps: m.speedOverGroundKn * KNOT_IN_MPS,
    anemometerHeightM: wind.anemometerHeightM,
    frontalAreaM2: wind.frontalAreaM2,
    coefficients: wind.coefficients,
    ...(wind.referenceHeightM === undefined ? {} : { referenceHeightM: wind.referenceHeightM }),
  });
  const c = powerCorrectedToCalm({
    measuredPowerKw: m.shaftPowerKw,
    windAddedResistanceN: r.resistanceN,
    waveAddedResistanceN: 0,
    speedThroughWaterMps: m.speedThroughWaterKn * KNOT_IN_MPS,
    ...(wind.propulsiveEfficiency === undefined ? {} : { propulsiveEfficiency: wind.propulsiveEfficiency }),
  });
  return { power: c.calmPowerKw, added: c.addedPowerKw, done: true };
}

/**
 * ISO 19030-2 default-method data preparation, in the standard's order (reference-data.md §8 [C1]):
 * (1) drop samples outside the validity ranges; (2) compile 10-minute blocks; (3) Chauvenet's criterion
 * per channel per block (a sample rejected on any channel is dropped); (4) reject blocks whose standard
 * deviations exceed the steady-state limits; (5) correct the block's mean power for wind (ISO 15016
 * formula, when wind inputs and heading/direction are given); (6) keep blocks that meet the reference
 * conditions. Timestamps are passed in (no clock). Returns accepted blocks and counts of what was dropped.
 */
export function filterIso19030(samples: readonly Iso19030Sample[], options: Iso19030Options): Iso19030Result {
  const blockMs = requirePositive("blockMinutes", options.blockMinutes ?? ISO19030_BLOCK_MINUTES) * 60_000;
  const minN = options.minSamplesPerBlock ?? ISO19030_MIN_SAMPLES_PER_BLOCK;
  const rejected: Iso19030Result["rejected"] = {
    invalidSamples: 0,
    outlierSamples: 0,
    sparseBlocks: 0,
    unsteadyBlocks: 0,
    referenceConditionBlocks: {},
  };
  const blocks = new Map<number, Iso19030Sample[]>();
  for (const s of samples) {
    if (!Number.isFinite(s.timestampMs) || !isWithinValidityRanges(s, options.validityRanges)) {
      rejected.invalidSamples++;
      continue;
    }
    const key = Math.floor(s.timestampMs / blockMs);
    blocks.set(key, [...(blocks.get(key) ?? []), s]);
  }
  const accepted: Iso19030Block[] = [];
  for (const [key, raw] of [...blocks.entries()].sort((a, b) => a[0] - b[0])) {
    const keep = raw.map(() => true);
    for (const c of ISO19030_CHANNELS)
      chauvenetKeepMask(raw.map((s) => s[c])).forEach((k, i) => {
        if (!k) keep[i] = false;
      });
    const block = raw.filter((_, i) => keep[i]);
    rejected.outlierSamples += raw.length - block.length;
    if (block.length < minN) {
      rejected.sparseBlocks++;
      continue;
    }
    if (!isSteadyBlock(block)) {
      rejected.unsteadyBlocks++;
      continue;
    }
    const m = blockMean(block);
    const failures = referenceConditionFailures(m, options.ship);
    if (failures.length) {
      for (const f of failures)
        rejected.referenceConditionBlocks[f] = (rejected.referenceConditionBlocks[f] ?? 0) + 1;
      continue;
    }
    const w = windCorrection(m, options.wind);
    accepted.push({
      startMs: key * blockMs,
      sampleCount: block.length,
      mean: m,
      correctedPowerKw: w.power,
      windAddedPowerKw: w.added,
      windCorrected: w.done,
    });
  }
  return { accepted, rejected };
}

/** Turns accepted blocks into observations for `speedLossSeries` (corrected power, mean STW and displacement). */
export function blocksToObservations(blocks: readonly Iso19030Block[]): SpeedPowerObservation[] {
  return blocks.map((b) => ({
    timestampMs: b.mean.timestampMs,
    speedThroughWaterKn: b.mean.speedThroughWaterKn,
    powerKw: b.correctedPowerKw,
    displacementT: b.mean.displacementT,
  }));
}
