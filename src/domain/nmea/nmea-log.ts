/**
 * An NMEA 0183 log → one record per minute, with counts of what was used, ignored and bad.
 *
 * Time: RMC and ZDA carry date and time and set the log's clock; GGA carries a time of day, dated with the
 * clock's day (the next day when it is more than 12 h before the clock: the log crossed midnight). Every
 * other sentence (VTG, VHW, HDT, MWV, MTW, RPM, XDR) carries no time and takes the clock's last value; a
 * sentence before the first RMC/ZDA cannot be dated and is counted bad ('no-time'). Talkers commonly send
 * RMC every second, so an undated sentence is at most about a second off.
 *
 * Cadence: a bridge network repeats its sentences every 0.1–2 s; storing each would write 10⁵ rows per ship
 * and day with no more information than their minute means (the Analysis Center's finest bucket is 15 min,
 * the live tiles' sparklines a day). So one record per minute: the minute ENDING at its timestamp (sentences
 * timed in (t − 60 s, t], the records' convention that a value covers the time before it). Speeds,
 * temperatures, load and rpm are arithmetic means; heading is a circular mean; wind is the scalar mean speed
 * and the vector mean of its direction (the meteorological convention, WMO-No. 8 §5.8); the position is the
 * last fix of the minute (where the ship was at t, not the centroid of the minute's track).
 *
 * Wind: MWV T gives the true wind's angle from the bow, so its direction is heading + angle. MWV R is the
 * apparent wind the anemometer measures; the true wind is computed from it with the ship's last heading and
 * speed over ground (weather/relative-wind.ts, ITTC 7.5-04-01-01.1). Without a heading (HDT, VHW; else the
 * course over ground) and a speed over ground before it, a relative wind is counted bad ('no-heading').
 */

import { DAY_MS } from "../time/units.js";
import { circularMeanDeg } from "../weather/angles.js";
import { trueWindFromRelative } from "../weather/relative-wind.js";
import { normalizeDegrees360, toDegrees, toRadians } from "../weather/units.js";
import { type BadSentenceReason, frameSentence } from "./sentence.js";
import { decodeSentence, type NmeaValues } from "./sentences.js";

export const MINUTE_MS = 60_000;

/** One minute of a log, in the records' fields and units. */
export type NmeaMinute = {
  /** Epoch ms: the end of the minute. */
  ts: number;
  /** Environmental record fields (wind direction in whole degrees, as the records take it). */
  environmental: Partial<{
    latitude: number;
    longitude: number;
    heading: number;
    windSpeed: number;
    windDirection: number;
    airTemperature: number;
    seaTemperature: number;
  }>;
  /** Main-engine fuel record fields. */
  fuel: Partial<{
    speedOverGround: number;
    speedThroughWater: number;
    engineLoadFactor: number;
    engineRpm: number;
    shaftRpm: number;
  }>;
};

export type NmeaLogSummary = {
  /** Non-blank lines read. */
  lines: number;
  /** Sentences decoded and used. */
  used: number;
  /** Bad lines per reason. */
  bad: Partial<Record<BadSentenceReason, number>>;
  /** Valid sentences Sextant does not read, per formatter (GSV, GLL…, 'proprietary', 'encapsulated'). */
  ignored: Record<string, number>;
  /** Sentences used per talker id. */
  talkers: Record<string, number>;
  /** One per minute with data, in time order. */
  minutes: NmeaMinute[];
  /** The first bad lines (at most MAX_BAD_LINES_KEPT): 1-based line number, reason, text (cut to 120 characters). */
  badLines: { line: number; reason: BadSentenceReason; text: string }[];
};

export const MAX_BAD_LINES_KEPT = 100;

type Sums = { sum: number; n: number };
type Bucket = {
  sums: Map<keyof NmeaValues | "windSpeed", Sums>;
  headings: number[];
  windU: number;
  windV: number;
  windN: number;
  position?: { at: number; latitude: number; longitude: number };
};

const MEAN_FIELDS = [
  "speedOverGround",
  "speedThroughWater",
  "airTemperature",
  "seaTemperature",
  "engineRpm",
  "shaftRpm",
  "engineLoadFactor",
] as const;

/** Reads a log line by line (`push`), then `finish` gives the minutes and counts. Pure: no I/O. */
export class NmeaLogReader {
  private clock: number | undefined;
  private heading: number | undefined;
  private course: number | undefined;
  private sog: number | undefined;
  private readonly buckets = new Map<number, Bucket>();
  private lineNo = 0;
  private text = "";
  private readonly summary: Omit<NmeaLogSummary, "minutes"> = {
    lines: 0,
    used: 0,
    bad: {},
    ignored: {},
    talkers: {},
    badLines: [],
  };

  private bad(reason: BadSentenceReason) {
    this.summary.bad[reason] = (this.summary.bad[reason] ?? 0) + 1;
    if (this.summary.badLines.length < MAX_BAD_LINES_KEPT)
      this.summary.badLines.push({ line: this.lineNo, reason, text: this.text.slice(0, 120) });
  }

  private bucket(at: number): Bucket {
    const key = Math.ceil(at / MINUTE_MS) * MINUTE_MS;
    let b = this.buckets.get(key);
    if (!b) {
      b = { sums: new Map(), headings: [], windU: 0, windV: 0, windN: 0 };
      this.buckets.set(key, b);
    }
    return b;
  }

  /** Reads the log's next line (blank lines count for the line numbers only). */
  push(line: string): void {
    this.lineNo += 1;
    if (line.trim() === "") return;
    this.text = line;
    this.summary.lines += 1;
    const framed = frameSentence(line);
    if (!framed.ok) {
      if ("ignored" in framed)
        this.summary.ignored[framed.ignored] = (this.summary.ignored[framed.ignored] ?? 0) + 1;
      else this.bad(framed.reason);
      return;
    }
    const result = decodeSentence(framed.sentence);
    if (!result.ok) {
      if ("ignored" in result)
        this.summary.ignored[result.ignored] = (this.summary.ignored[result.ignored] ?? 0) + 1;
      else this.bad(result.reason);
      return;
    }
    const d = result.decoded;
    let at: number | undefined;
    if (d.instant !== undefined) at = this.clock = d.instant;
    else if (d.timeOfDayMs !== undefined && this.clock !== undefined) {
      at = Math.floor(this.clock / DAY_MS) * DAY_MS + d.timeOfDayMs;
      if (at < this.clock - DAY_MS / 2) at += DAY_MS;
      this.clock = at;
    } else at = this.clock;
    if (at === undefined) {
      this.bad("no-time");
      return;
    }
    const v = d.values;
    if (v.heading !== undefined) this.heading = v.heading;
    if (v.courseOverGround !== undefined) this.course = v.courseOverGround;
    if (v.speedOverGround !== undefined) this.sog = v.speedOverGround;
    let wind: { speed: number; directionDeg: number } | undefined;
    if (d.wind) {
      const heading = this.heading ?? this.course;
      if (heading === undefined || (d.wind.reference === "R" && this.sog === undefined)) {
        this.bad("no-heading");
        return;
      }
      wind =
        d.wind.reference === "T"
          ? { speed: d.wind.speedKn, directionDeg: normalizeDegrees360(heading + d.wind.angleDeg) }
          : trueWindFromRelative({
              relativeWindSpeed: d.wind.speedKn,
              relativeWindAngleDeg: d.wind.angleDeg,
              headingDeg: heading,
              shipSpeed: this.sog!,
            });
    }
    this.summary.used += 1;
    const talker = framed.sentence.talker;
    this.summary.talkers[talker] = (this.summary.talkers[talker] ?? 0) + 1;
    const b = this.bucket(at);
    for (const f of MEAN_FIELDS) {
      const value = v[f];
      if (value !== undefined) add(b.sums, f, value);
    }
    if (v.heading !== undefined) b.headings.push(v.heading);
    if (v.latitude !== undefined && v.longitude !== undefined && (!b.position || at >= b.position.at))
      b.position = { at, latitude: v.latitude, longitude: v.longitude };
    if (wind) {
      add(b.sums, "windSpeed", wind.speed);
      b.windU += Math.sin(toRadians(wind.directionDeg));
      b.windV += Math.cos(toRadians(wind.directionDeg));
      b.windN += 1;
    }
  }

  /** Reads a whole text (CR LF or LF line endings). */
  pushText(text: string): void {
    const lines = text.split(/\r?\n/);
    if (lines.at(-1) === "") lines.pop();
    for (const line of lines) this.push(line);
  }

  finish(): NmeaLogSummary {
    return { ...this.summary, minutes: this.take(() => true) };
  }

  /**
   * For a live feed: removes and returns the minutes already over — those ending before the log's clock (a
   * minute (t − 60 s, t] is complete once a sentence is timed after t) — or every minute with `all`.
   */
  drainComplete(all = false): NmeaMinute[] {
    const clock = this.clock;
    return this.take((ts) => all || (clock !== undefined && ts < clock));
  }

  /** The counts so far (bad, ignored, talkers, lines). */
  get counts(): Omit<NmeaLogSummary, "minutes"> {
    return this.summary;
  }

  private take(wanted: (ts: number) => boolean): NmeaMinute[] {
    const minutes: NmeaMinute[] = [];
    for (const ts of [...this.buckets.keys()].sort((a, b) => a - b)) {
      if (!wanted(ts)) continue;
      minutes.push(minuteOf(ts, this.buckets.get(ts)!));
      this.buckets.delete(ts);
    }
    return minutes;
  }
}

/** A bucket's record values (see the module comment for which are means, circular means or last values). */
function minuteOf(ts: number, b: Bucket): NmeaMinute {
  const mean = (f: keyof NmeaValues | "windSpeed") => {
    const s = b.sums.get(f);
    return s ? s.sum / s.n : undefined;
  };
  const m: NmeaMinute = { ts, environmental: {}, fuel: {} };
  set(m.environmental, "latitude", b.position?.latitude);
  set(m.environmental, "longitude", b.position?.longitude);
  if (b.headings.length > 0) m.environmental.heading = circularMeanDeg(b.headings);
  set(m.environmental, "windSpeed", mean("windSpeed"));
  if (b.windN > 0)
    m.environmental.windDirection =
      Math.round(normalizeDegrees360(toDegrees(Math.atan2(b.windU, b.windV)))) % 360;
  set(m.environmental, "airTemperature", mean("airTemperature"));
  set(m.environmental, "seaTemperature", mean("seaTemperature"));
  set(m.fuel, "speedOverGround", mean("speedOverGround"));
  set(m.fuel, "speedThroughWater", mean("speedThroughWater"));
  set(m.fuel, "engineLoadFactor", mean("engineLoadFactor"));
  set(m.fuel, "engineRpm", mean("engineRpm"));
  set(m.fuel, "shaftRpm", mean("shaftRpm"));
  return m;
}

function add(sums: Map<string, Sums>, field: string, value: number) {
  const s = sums.get(field);
  if (s) {
    s.sum += value;
    s.n += 1;
  } else sums.set(field, { sum: value, n: 1 });
}

function set<T extends object, K extends keyof T>(target: T, key: K, value: T[K] | undefined) {
  if (value !== undefined) target[key] = value;
}

/** Reads a whole log text. */
export function readNmeaLog(text: string): NmeaLogSummary {
  const reader = new NmeaLogReader();
  reader.pushText(text);
  return reader.finish();
}
