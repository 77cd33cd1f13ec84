/**
 * How much of a ship's fuel the weather took, from stored records (one main-engine fuel record joined to the
 * environmental record of the same time), by two methods a user can compare:
 * - ISO 15016: each record's wind and wave added power removed by the calculator's correction
 *   (`calculatorWeatherCorrection`: R_AA with tabulated C_AA, STAwave-1 inside its validity only), and its
 *   fuel share taken as ΔP / P (SFOC assumed the same over the small power change);
 * - 'Beaufort ≤ 4 only': the records in light weather set the calm reference of fuel per V³ (admiralty law
 *   P ∝ V³ at equal displacement, reference-data.md §11), and every record's fuel above that reference is
 *   the weather's.
 * Plus the penalty per condition bin (Beaufort force, wave height, wind angle off the bow) against the
 * light-weather reference.
 */

import { studentT975 } from "../performance/statistics.js";
import { type BeaufortForce, beaufortForceFromKnots } from "../weather/beaufort.js";
import { normalizeDegrees180 } from "../weather/units.js";
import { calculatorWeatherCorrection } from "./hull-calculator-weather.js";

/** One sailing record: the main engine's fuel record and the weather of the same time. */
export type WeatherRecord = {
  /** Hours the fuel record covers (domain `recordHours`). */
  hours: number;
  /** Fuel burnt over those hours, t. */
  fuelT: number;
  /** Mean main-engine power, kW. */
  powerKw: number;
  /** Speed through water, kn. */
  stwKn: number;
  windSpeedKn: number | null;
  /** Where the wind blows from, degrees true. */
  windDirectionDeg: number | null;
  waveHeightM: number | null;
  seaState: number | null;
  headingDeg: number | null;
};

/** The ship's figures the ISO correction uses; missing ones take the calculator's default ship. */
export type WeatherShip = { lengthM: number | null; beamM: number | null };

/** The light-weather filter's limit: Beaufort force up to this is 'calm enough' (the common practice). */
export const CALM_BEAUFORT_MAX = 4;

/** Wave height bins, m (lower bounds; the last is open). */
export const WAVE_BIN_LOWER_M = [0, 1, 2, 3, 4, 6] as const;
/** Wind angle off the bow sectors, degrees (0 = head wind, 180 = following), 30° wide. */
export const HEADING_SECTOR_DEG = 30;

/** Wind angle off the bow, 0–180°, from the direction the wind blows from and the ship's heading. */
export function windAngleOffBowDeg(windFromDeg: number, headingDeg: number): number {
  return Math.abs(normalizeDegrees180(windFromDeg - headingDeg));
}

/** The wave bin index of a height (WAVE_BIN_LOWER_M). */
export function waveBinOf(waveHeightM: number): number {
  let i = 0;
  while (i + 1 < WAVE_BIN_LOWER_M.length && waveHeightM >= WAVE_BIN_LOWER_M[i + 1]!) i++;
  return i;
}

/** The heading sector index (0–5) of an angle off the bow; 180° falls in the last sector. */
export function headingSectorOf(angleOffBowDeg: number): number {
  return Math.min(Math.floor(angleOffBowDeg / HEADING_SECTOR_DEG), 180 / HEADING_SECTOR_DEG - 1);
}

/** Whether a record can be judged: sailing (speed and power above 0) with hours and a wind speed. */
export function isUsable(r: WeatherRecord): boolean {
  return r.hours > 0 && r.stwKn > 0 && r.powerKw > 0 && r.windSpeedKn !== null;
}

/**
 * Weather added power of one record by the ISO 15016 correction (kW), or null when it cannot be applied
 * (no wind direction or heading, or an added power at least the measured one). Waves are taken from the
 * wind's direction (the records carry no wave direction): STAwave-1 then applies only within ±45° of the bow.
 */
export function isoAddedPowerKw(r: WeatherRecord, ship: WeatherShip): number | null {
  if (!isUsable(r) || r.windDirectionDeg === null || r.headingDeg === null) return null;
  const angle = windAngleOffBowDeg(r.windDirectionDeg, r.headingDeg);
  try {
    const c = calculatorWeatherCorrection({
      currentPowerKw: r.powerKw,
      currentSpeedKn: r.stwKn,
      windSpeedKn: r.windSpeedKn!,
      ...(r.waveHeightM !== null ? { waveHeightM: r.waveHeightM } : {}),
      ...(r.waveHeightM === null && r.seaState !== null ? { seaState: r.seaState } : {}),
      ...(ship.lengthM !== null ? { lengthM: ship.lengthM } : {}),
      ...(ship.beamM !== null ? { beamM: ship.beamM } : {}),
      windAngleOffBowDeg: angle,
      waveAngleOffBowDeg: angle,
    });
    return c.addedPowerKw;
  } catch {
    return null;
  }
}

/** Fuel and power of a group of records, with what the light-weather reference expects of them. */
export type PenaltyBin = {
  records: number;
  hours: number;
  fuelT: number;
  /** Mean fuel rate, t/day (Σ fuel · 24 / Σ hours). */
  fuelRateTPerDay: number | null;
  /** Mean power, kW (hours-weighted). */
  meanPowerKw: number | null;
  /** Fuel above the light-weather reference at the same speeds, % of that reference. */
  fuelPenaltyPercent: number | null;
  /** Power above the light-weather reference at the same speeds, %. */
  powerPenaltyPercent: number | null;
  /**
   * 95 % interval of the fuel penalty: the bin's and the reference's fuel per V³h are ratio estimates whose
   * standard errors (Cochran, Sampling Techniques, 3rd ed. 1977, §6.3) add in relative variance; Student's t on
   * the smaller of the two record counts. Null with fewer than two records on either side.
   */
  fuelPenaltyLowPercent: number | null;
  fuelPenaltyHighPercent: number | null;
};

/** A bin of fewer records than this is drawn but not judged (its penalty says little). */
export const PENALTY_BIN_MIN_RECORDS = 10;

type Acc = {
  records: number;
  hours: number;
  fuelT: number;
  energyKwh: number;
  v3h: number;
  /** Σ fuel², Σ (V³h)², Σ fuel·V³h: the ratio estimate's spread. */
  ff: number;
  vv: number;
  fv: number;
};
const emptyAcc = (): Acc => ({ records: 0, hours: 0, fuelT: 0, energyKwh: 0, v3h: 0, ff: 0, vv: 0, fv: 0 });
function add(a: Acc, r: WeatherRecord): void {
  const v3h = r.stwKn ** 3 * r.hours;
  a.records++;
  a.hours += r.hours;
  a.fuelT += r.fuelT;
  a.energyKwh += r.powerKw * r.hours;
  a.v3h += v3h;
  a.ff += r.fuelT ** 2;
  a.vv += v3h ** 2;
  a.fv += r.fuelT * v3h;
}

/** Relative variance of the ratio estimate Σ fuel / Σ V³h of an accumulator, or null below two records. */
function ratioRelativeVariance(a: Acc): number | null {
  if (a.records < 2 || a.v3h <= 0 || a.fuelT <= 0) return null;
  const r = a.fuelT / a.v3h;
  const residual = Math.max(0, a.ff - 2 * r * a.fv + r * r * a.vv);
  const meanX = a.v3h / a.records;
  const variance = residual / (a.records * (a.records - 1)) / meanX ** 2;
  return variance / r ** 2;
}

/** The light-weather reference: fuel (t) and energy (kWh) per kn³·h over the records of Beaufort ≤ 4. */
type Reference = { fuelPerV3h: number; energyPerV3h: number; acc: Acc } | null;

function binOf(a: Acc, ref: Reference): PenaltyBin {
  const expectedFuel = ref ? ref.fuelPerV3h * a.v3h : 0;
  const expectedEnergy = ref ? ref.energyPerV3h * a.v3h : 0;
  const own = ratioRelativeVariance(a);
  const reference = ref ? ratioRelativeVariance(ref.acc) : null;
  let low: number | null = null;
  let high: number | null = null;
  if (own !== null && reference !== null && expectedFuel > 0) {
    const ratio = a.fuelT / expectedFuel;
    const half = studentT975(Math.min(a.records, ref!.acc.records) - 1) * Math.sqrt(own + reference);
    low = 100 * (ratio * (1 - half) - 1);
    high = 100 * (ratio * (1 + half) - 1);
  }
  return {
    records: a.records,
    hours: a.hours,
    fuelT: a.fuelT,
    fuelRateTPerDay: a.hours > 0 ? (a.fuelT * 24) / a.hours : null,
    meanPowerKw: a.hours > 0 ? a.energyKwh / a.hours : null,
    fuelPenaltyPercent: expectedFuel > 0 ? (100 * (a.fuelT - expectedFuel)) / expectedFuel : null,
    powerPenaltyPercent: expectedEnergy > 0 ? (100 * (a.energyKwh - expectedEnergy)) / expectedEnergy : null,
    fuelPenaltyLowPercent: low,
    fuelPenaltyHighPercent: high,
  };
}

/**
 * Whether bins ordered by worsening weather (Beaufort force, wave height) tell a physical story: added
 * resistance grows with wind and waves, so a bin whose 95 % interval lies wholly below a milder bin's is not
 * the weather's doing (the bins differ in speed, load or draught). Bins under PENALTY_BIN_MIN_RECORDS are not
 * judged. Null when plausible, else the reason in words.
 */
export function implausibleOrdering(bins: readonly (PenaltyBin & { name: string })[]): string | null {
  const judged = bins.filter(
    (b) =>
      b.records >= PENALTY_BIN_MIN_RECORDS &&
      b.fuelPenaltyLowPercent !== null &&
      b.fuelPenaltyHighPercent !== null,
  );
  for (let i = 0; i < judged.length; i++)
    for (let j = i + 1; j < judged.length; j++) {
      const milder = judged[i]!;
      const worse = judged[j]!;
      if (worse.fuelPenaltyHighPercent! < milder.fuelPenaltyLowPercent!)
        return (
          `The penalty falls from ${milder.name} to ${worse.name} beyond its 95 % intervals: the bins differ in ` +
          "speed, load or draught more than in weather, so they are not the weather's effect."
        );
    }
  return null;
}

/** What one method says the weather took of the range's fuel, and how much of the data it kept. */
export type WeatherShareMethod = {
  /** Weather's share of the fuel of the records judged, %. */
  sharePercent: number | null;
  /** Fuel the weather took over the records judged, t. */
  weatherFuelT: number | null;
  /** Records the method used, and their hours. */
  recordsKept: number;
  hoursKept: number;
};

export type WeatherPenalty = {
  /** Sailing records with a wind speed (the ones either method could judge), their hours and fuel. */
  records: number;
  hours: number;
  fuelT: number;
  byBeaufort: (PenaltyBin & { force: BeaufortForce })[];
  byWave: (PenaltyBin & { fromM: number; toM: number | null })[];
  byHeading: (PenaltyBin & { fromDeg: number; toDeg: number })[];
  iso15016: WeatherShareMethod;
  /** The calm reference is set by these records; the method then judges every record against it. */
  calmFilter: WeatherShareMethod & { referenceRecords: number; referenceHours: number };
};

/**
 * The weather penalty of a set of records (see the module comment). Bins with no record are left out.
 * ISO share = Σ fuel·ΔP/P ÷ Σ fuel over the records the correction applied to; filter share = (Σ fuel −
 * ref·Σ V³h) ÷ Σ fuel over every usable record, ref = Σ fuel ÷ Σ V³h over the Beaufort ≤ 4 records.
 */
export function weatherPenalty(records: readonly WeatherRecord[], ship: WeatherShip): WeatherPenalty {
  const all = emptyAcc();
  const calm = emptyAcc();
  const bft = new Map<number, Acc>();
  const wave = new Map<number, Acc>();
  const heading = new Map<number, Acc>();
  let isoFuel = 0;
  let isoWeatherFuel = 0;
  let isoRecords = 0;
  let isoHours = 0;
  const at = (m: Map<number, Acc>, k: number) => {
    const a = m.get(k) ?? emptyAcc();
    m.set(k, a);
    return a;
  };
  for (const r of records) {
    if (!isUsable(r)) continue;
    add(all, r);
    const force = beaufortForceFromKnots(r.windSpeedKn!);
    add(at(bft, force), r);
    if (force <= CALM_BEAUFORT_MAX) add(calm, r);
    if (r.waveHeightM !== null) add(at(wave, waveBinOf(r.waveHeightM)), r);
    if (r.windDirectionDeg !== null && r.headingDeg !== null)
      add(at(heading, headingSectorOf(windAngleOffBowDeg(r.windDirectionDeg, r.headingDeg))), r);
    const added = isoAddedPowerKw(r, ship);
    if (added !== null) {
      isoRecords++;
      isoHours += r.hours;
      isoFuel += r.fuelT;
      isoWeatherFuel += (r.fuelT * added) / r.powerKw;
    }
  }
  const ref: Reference =
    calm.v3h > 0
      ? { fuelPerV3h: calm.fuelT / calm.v3h, energyPerV3h: calm.energyKwh / calm.v3h, acc: calm }
      : null;
  const sorted = (m: Map<number, Acc>) => [...m.entries()].sort((a, b) => a[0] - b[0]);
  const filterWeatherFuel = ref ? all.fuelT - ref.fuelPerV3h * all.v3h : null;
  return {
    records: all.records,
    hours: all.hours,
    fuelT: all.fuelT,
    byBeaufort: sorted(bft).map(([k, a]) => ({ force: k as BeaufortForce, ...binOf(a, ref) })),
    byWave: sorted(wave).map(([k, a]) => ({
      fromM: WAVE_BIN_LOWER_M[k]!,
      toM: WAVE_BIN_LOWER_M[k + 1] ?? null,
      ...binOf(a, ref),
    })),
    byHeading: sorted(heading).map(([k, a]) => ({
      fromDeg: k * HEADING_SECTOR_DEG,
      toDeg: (k + 1) * HEADING_SECTOR_DEG,
      ...binOf(a, ref),
    })),
    iso15016: {
      sharePercent: isoFuel > 0 ? (100 * isoWeatherFuel) / isoFuel : null,
      weatherFuelT: isoRecords > 0 ? isoWeatherFuel : null,
      recordsKept: isoRecords,
      hoursKept: isoHours,
    },
    calmFilter: {
      sharePercent:
        filterWeatherFuel !== null && all.fuelT > 0 ? (100 * filterWeatherFuel) / all.fuelT : null,
      weatherFuelT: filterWeatherFuel,
      recordsKept: all.records,
      hoursKept: all.hours,
      referenceRecords: calm.records,
      referenceHours: calm.hours,
    },
  };
}
