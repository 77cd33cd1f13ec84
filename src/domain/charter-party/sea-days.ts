/**
 * The periods a charter-party performance is judged on: noon-to-noon for noon reports, whole days of records
 * for sensor data. Each carries its hours, distance, fuel and the weather the good-weather rule reads.
 */
import { type PeriodState, periodStates, type ReportEvent } from "../noon-reports/events.js";
import { DAY_MS, HOUR_MS } from "../time/units.js";
import { circularMeanDeg } from "../weather/angles.js";
import { beaufortForceFromKnots } from "../weather/beaufort.js";
import { douglasDegreeFromWaveHeight } from "../weather/douglas.js";

/**
 * Under way for sensor records: speed over ground of at least this, kn. Below it a ship is manoeuvring,
 * drifting or stopped (Sextant assumption [MEM]: the slowest steady sea speed of a merchant ship is well above
 * 3 kn; manoeuvring and drifting stay below it).
 */
export const UNDER_WAY_MIN_KN = 3;

/** One period: a noon-to-noon report interval, or a day of sensor records. */
export type SeaDay = {
  /** Start and end, ms since the epoch. */
  from: number;
  to: number;
  /** Where the ship spent it (noon-report events; sensor days are 'sea' when under way at all). */
  state: PeriodState;
  /** Hours the period spans (23 or 25 across a clock change). */
  periodHours: number;
  /** Hours under way (steaming, full away); fewer than the period's hours means a stoppage. */
  steamingHours: number;
  /** Distance over ground, nm. */
  distanceNm: number;
  /** Fuel of the warranted consumers, t, and the same per grade as reported ('VLSFO', 'LSMGO'). */
  fuelTonnes: number;
  fuelByGrade: Record<string, number>;
  /** Wind: the representative force (the noon observation, or the force of the day's mean wind) and the highest hour's. */
  beaufort: number | null;
  beaufortMax: number | null;
  /** Sea state (Douglas degree; from the significant wave height where no degree is reported). */
  douglas: number | null;
  douglasMax: number | null;
  waveHeightM: number | null;
  waveHeightMaxM: number | null;
  /** Current along the track, kn: speed over ground less speed through water (negative = adverse). */
  currentKn: number | null;
  /** Least current of the day's hours (the most adverse), kn. */
  currentMinKn: number | null;
  /** For the weather correction: mean main-engine power, speed through water, true wind and heading. */
  powerKw: number | null;
  stwKn: number | null;
  windSpeedKn: number | null;
  windDirectionDeg: number | null;
  headingDeg: number | null;
};

/** One noon report as stored: its instant closes the period since the previous report. */
export type CpNoonReport = {
  ts: number;
  event: ReportEvent;
  periodHours: number | null;
  steamingHours: number | null;
  distanceOverGroundNm: number | null;
  distanceThroughWaterNm: number | null;
  /** Fuel of the warranted consumers since the previous report, t, and per grade. */
  fuelTonnes: number;
  fuelByGrade?: Record<string, number>;
  /** The weather reported with it (the environmental record of the same instant). */
  windSpeedKn: number | null;
  windDirectionDeg: number | null;
  seaState: number | null;
  waveHeightM: number | null;
  headingDeg: number | null;
  powerKw: number | null;
};

const douglasOf = (seaState: number | null, waveHeightM: number | null): number | null =>
  seaState ?? (waveHeightM !== null ? douglasDegreeFromWaveHeight(waveHeightM) : null);

/**
 * Noon-to-noon periods of a ship's reports (time order). A report's period runs from the previous report,
 * or back by its own period hours for the first; a first report without either only opens the series.
 * The period's state follows the events (domain `periodStates`: a departure's period is port time, an
 * arrival's is sea time). Hours are the report's own when it gives them: a clock change makes 23 or 25.
 */
export function noonReportDays(reports: readonly CpNoonReport[]): SeaDay[] {
  const states = periodStates(reports);
  const days: SeaDay[] = [];
  reports.forEach((r, i) => {
    const previous = i > 0 ? reports[i - 1]!.ts : null;
    const from = previous ?? (r.periodHours !== null ? r.ts - r.periodHours * HOUR_MS : null);
    if (from === null || from >= r.ts) return;
    const periodHours = r.periodHours ?? (r.ts - from) / HOUR_MS;
    const state = states[i]!;
    const steamingHours = state === "sea" ? Math.min(r.steamingHours ?? periodHours, periodHours) : 0;
    const distanceNm = r.distanceOverGroundNm ?? r.distanceThroughWaterNm ?? 0;
    const beaufort = r.windSpeedKn !== null ? beaufortForceFromKnots(r.windSpeedKn) : null;
    const douglas = douglasOf(r.seaState, r.waveHeightM);
    const current =
      r.distanceOverGroundNm !== null && r.distanceThroughWaterNm !== null && steamingHours > 0
        ? (r.distanceOverGroundNm - r.distanceThroughWaterNm) / steamingHours
        : null;
    days.push({
      from,
      to: r.ts,
      state,
      periodHours,
      steamingHours,
      distanceNm,
      fuelTonnes: r.fuelTonnes,
      fuelByGrade: r.fuelByGrade ?? {},
      beaufort,
      beaufortMax: beaufort,
      douglas,
      douglasMax: douglas,
      waveHeightM: r.waveHeightM,
      waveHeightMaxM: r.waveHeightM,
      currentKn: current,
      currentMinKn: current,
      powerKw: r.powerKw,
      stwKn:
        r.distanceThroughWaterNm !== null && steamingHours > 0
          ? r.distanceThroughWaterNm / steamingHours
          : null,
      windSpeedKn: r.windSpeedKn,
      windDirectionDeg: r.windDirectionDeg,
      headingDeg: r.headingDeg,
    });
  });
  return days;
}

/** One sensor record (hourly or finer) with the weather of the same time. */
export type CpSensorRecord = {
  /** End of the interval the record covers, ms. */
  ts: number;
  hours: number;
  /** Fuel of the warranted consumers over those hours, t, and per grade. */
  fuelTonnes: number;
  fuelByGrade?: Record<string, number>;
  /** Distance over ground over those hours, nm (speed over ground × hours where not recorded). */
  distanceNm: number | null;
  sogKn: number | null;
  stwKn: number | null;
  powerKw: number | null;
  windSpeedKn: number | null;
  windDirectionDeg: number | null;
  seaState: number | null;
  waveHeightM: number | null;
  headingDeg: number | null;
};

const sumByGrade = (records: readonly { fuelByGrade?: Record<string, number> }[]) => {
  const out: Record<string, number> = {};
  for (const r of records)
    for (const [grade, t] of Object.entries(r.fuelByGrade ?? {})) out[grade] = (out[grade] ?? 0) + t;
  return out;
};

const meanOf = (pairs: [number | null, number][]): number | null => {
  let s = 0;
  let w = 0;
  for (const [v, h] of pairs)
    if (v !== null) {
      s += v * h;
      w += h;
    }
  return w > 0 ? s / w : null;
};
const maxOf = (values: (number | null)[]): number | null => {
  const known = values.filter((v): v is number => v !== null);
  return known.length > 0 ? Math.max(...known) : null;
};
const minOf = (values: (number | null)[]): number | null => {
  const known = values.filter((v): v is number => v !== null);
  return known.length > 0 ? Math.min(...known) : null;
};

/**
 * Days of sensor records: the records whose interval's middle falls in one UTC day (the day of
 * `dayStartMs` + k·24 h; UTC midnight unless the caller aligns the days to the ship's noon). A record is
 * under way at a speed over ground of at least UNDER_WAY_MIN_KN; a day is at sea when any of it is.
 */
export function sensorDays(records: readonly CpSensorRecord[], dayStartMs = 0): SeaDay[] {
  const byDay = new Map<number, CpSensorRecord[]>();
  for (const r of records) {
    if (!(r.hours > 0)) continue;
    const day = Math.floor((r.ts - (r.hours * HOUR_MS) / 2 - dayStartMs) / DAY_MS);
    const list = byDay.get(day) ?? [];
    list.push(r);
    byDay.set(day, list);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => a - b)
    .map(([day, rs]) => {
      const from = dayStartMs + day * DAY_MS;
      const sog = (r: CpSensorRecord) =>
        r.sogKn ?? (r.distanceNm !== null && r.hours > 0 ? r.distanceNm / r.hours : null);
      const underWay = rs.filter((r) => (sog(r) ?? 0) >= UNDER_WAY_MIN_KN);
      const steamingHours = underWay.reduce((s, r) => s + r.hours, 0);
      const hourly = (f: (r: CpSensorRecord) => number | null) =>
        underWay.map((r) => [f(r), r.hours]) as [number | null, number][];
      const wind = meanOf(hourly((r) => r.windSpeedKn));
      const wave = meanOf(hourly((r) => r.waveHeightM));
      const seaState = meanOf(hourly((r) => r.seaState));
      const douglasHours = underWay.map((r) => douglasOf(r.seaState, r.waveHeightM));
      const currents = underWay.map((r) => (sog(r) !== null && r.stwKn !== null ? sog(r)! - r.stwKn : null));
      const directions = underWay.map((r) => r.windDirectionDeg).filter((d): d is number => d !== null);
      const headings = underWay.map((r) => r.headingDeg).filter((d): d is number => d !== null);
      return {
        from,
        to: from + DAY_MS,
        state: steamingHours > 0 ? "sea" : "port",
        periodHours: rs.reduce((s, r) => s + r.hours, 0),
        steamingHours,
        distanceNm: underWay.reduce((s, r) => s + (r.distanceNm ?? (sog(r) ?? 0) * r.hours), 0),
        fuelTonnes: underWay.reduce((s, r) => s + r.fuelTonnes, 0),
        fuelByGrade: sumByGrade(underWay),
        beaufort: wind !== null ? beaufortForceFromKnots(wind) : null,
        beaufortMax: maxOf(
          underWay.map((r) => (r.windSpeedKn !== null ? beaufortForceFromKnots(r.windSpeedKn) : null)),
        ),
        douglas:
          seaState !== null ? Math.round(seaState) : wave !== null ? douglasDegreeFromWaveHeight(wave) : null,
        douglasMax: maxOf(douglasHours),
        waveHeightM: wave,
        waveHeightMaxM: maxOf(underWay.map((r) => r.waveHeightM)),
        currentKn: meanOf(currents.map((c, i) => [c, underWay[i]!.hours])),
        currentMinKn: minOf(currents),
        powerKw: meanOf(hourly((r) => r.powerKw)),
        stwKn: meanOf(hourly((r) => r.stwKn)),
        windSpeedKn: wind,
        windDirectionDeg: directions.length > 0 ? circularMeanDeg(directions) : null,
        headingDeg: headings.length > 0 ? circularMeanDeg(headings) : null,
      } satisfies SeaDay;
    });
}
