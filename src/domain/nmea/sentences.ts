/**
 * Field decoders of the sentences a bridge network carries (NMEA 0183 v4.11; field layouts as in the public
 * reference gpsd.gitlab.io/gpsd/NMEA.html, "NMEA Revealed" by Eric S. Raymond):
 *
 * - RMC  time, status, position, speed and course over ground, date — the log's clock
 * - ZDA  time and date — a clock too
 * - GGA  time of day, position, fix quality (0 = no fix)
 * - VTG  course and speed over ground (the NMEA 2.3 form with unit letters and the older four-field form)
 * - VHW  heading and speed through water
 * - HDT  heading, true
 * - MWV  wind angle from the bow and speed; reference R (relative, as the anemometer sees it) or T (true)
 * - MTW  sea water temperature
 * - RPM  engine or shaft revolutions
 * - XDR  transducer readings: tachometer (T, unit R) → rpm; temperature (C) named AIR… or WATER/SEA…;
 *        a generic reading (G) whose name holds LOAD → engine load, % MCR. XDR names are not standardised;
 *        these are the names the common bridge gateways use, and other readings are ignored.
 *
 * A decoder returns the values in the records' units (degrees, knots, °C, % MCR) or the reason it cannot.
 */
import { REVOLUTIONS_MAX } from "../data-quality/plausibility.js";
import type { BadSentenceReason, RawSentence } from "./sentence.js";

/** What the sentences measure, in the records' units. */
export type NmeaValues = {
  latitude: number;
  longitude: number;
  speedOverGround: number;
  courseOverGround: number;
  speedThroughWater: number;
  /** Degrees true. */
  heading: number;
  airTemperature: number;
  seaTemperature: number;
  engineRpm: number;
  shaftRpm: number;
  /** % MCR. */
  engineLoadFactor: number;
};

/** A wind reading: angle from the bow (clockwise, °), speed in knots; R relative (apparent) or T true. */
export type WindReading = { reference: "R" | "T"; angleDeg: number; speedKn: number };

export type Decoded = {
  /** Epoch ms of a sentence that carries its own date and time (RMC, ZDA). */
  instant?: number;
  /** Milliseconds since midnight UTC of a sentence that carries only a time of day (GGA). */
  timeOfDayMs?: number;
  values: Partial<NmeaValues>;
  wind?: WindReading;
};

export type DecodeResult =
  | { ok: true; decoded: Decoded }
  | { ok: false; reason: BadSentenceReason }
  | { ok: false; ignored: string };

class Bad extends Error {
  constructor(readonly reason: BadSentenceReason) {
    super(reason);
  }
}

const need = (s: string | undefined): string => {
  if (s === undefined || s === "") throw new Bad("missing-fields");
  return s;
};

function number(s: string | undefined, min: number, max: number): number {
  const text = need(s);
  if (!/^[-+]?\d*\.?\d+$/.test(text)) throw new Bad("invalid-value");
  const n = Number(text);
  if (!(n >= min && n <= max)) throw new Bad("invalid-value");
  return n;
}

const optional = (s: string | undefined, min: number, max: number) =>
  s === undefined || s === "" ? undefined : number(s, min, max);

/** `hhmmss(.sss)` → ms since midnight. */
function timeOfDay(s: string | undefined): number {
  const m = /^(\d{2})(\d{2})(\d{2}(?:\.\d+)?)$/.exec(need(s));
  if (!m) throw new Bad("invalid-value");
  const [h, min, sec] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (h > 23 || min > 59 || sec >= 61) throw new Bad("invalid-value");
  return Math.round(((h * 60 + min) * 60 + sec) * 1000);
}

/** Two-digit years: 80–99 are 1980–1999 (NMEA 0183 predates 1980 by little), 00–79 are 2000–2079. */
export const yearOfTwoDigits = (yy: number) => (yy >= 80 ? 1900 + yy : 2000 + yy);

function dayStart(year: number, month: number, day: number): number {
  const ms = Date.UTC(year, month - 1, day);
  const d = new Date(ms);
  if (d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) throw new Bad("invalid-value");
  return ms;
}

/** `ddmm.mmmm` with N/S (or `dddmm.mmmm` with E/W) → signed decimal degrees. */
function coordinate(value: string | undefined, hemisphere: string | undefined, degDigits: 2 | 3): number {
  const text = need(value);
  const m =
    degDigits === 2 ? /^(\d{2})(\d{2}(?:\.\d+)?)$/.exec(text) : /^(\d{3})(\d{2}(?:\.\d+)?)$/.exec(text);
  if (!m) throw new Bad("invalid-value");
  const minutes = Number(m[2]);
  if (minutes >= 60) throw new Bad("invalid-value");
  const deg = Number(m[1]) + minutes / 60;
  const h = need(hemisphere);
  const [plus, minus, limit] = degDigits === 2 ? ["N", "S", 90] : ["E", "W", 180];
  if ((h !== plus && h !== minus) || deg > limit) throw new Bad("invalid-value");
  return h === minus ? -deg : deg;
}

const KMH_IN_KN = 1.852;
const MPS_IN_KN = 1852 / 3600;
const MPH_IN_KN = 1852 / 1609.344;

/** A speed with its NMEA unit letter (N knots, K km/h, M m/s, S statute mph) → knots. */
function knots(value: string | undefined, unit: string | undefined): number {
  const v = number(value, 0, 1000);
  switch (unit) {
    case "N":
      return v;
    case "K":
      return v / KMH_IN_KN;
    case "M":
      return v / MPS_IN_KN;
    case "S":
      return v * MPH_IN_KN;
    default:
      throw new Bad(unit === undefined || unit === "" ? "missing-fields" : "invalid-value");
  }
}

const decoders: Record<string, (f: string[]) => Decoded> = {
  RMC: (f) => {
    const tod = timeOfDay(f[0]);
    const status = need(f[1]);
    // NMEA 2.3 adds a mode indicator (field 12): N = data not valid.
    if (status !== "A" || f[11] === "N") throw new Bad("no-fix");
    const date = /^(\d{2})(\d{2})(\d{2})$/.exec(need(f[8]));
    if (!date) throw new Bad("invalid-value");
    const instant = dayStart(yearOfTwoDigits(Number(date[3])), Number(date[2]), Number(date[1])) + tod;
    const values: Partial<NmeaValues> = {
      latitude: coordinate(f[2], f[3], 2),
      longitude: coordinate(f[4], f[5], 3),
    };
    const sog = optional(f[6], 0, 1000);
    if (sog !== undefined) values.speedOverGround = sog;
    const cog = optional(f[7], 0, 360);
    if (cog !== undefined) values.courseOverGround = cog % 360;
    return { instant, values };
  },
  ZDA: (f) => {
    const tod = timeOfDay(f[0]);
    const instant = dayStart(number(f[3], 1900, 2100), number(f[2], 1, 12), number(f[1], 1, 31)) + tod;
    return { instant, values: {} };
  },
  GGA: (f) => {
    const tod = timeOfDay(f[0]);
    if (need(f[5]) === "0") throw new Bad("no-fix");
    return {
      timeOfDayMs: tod,
      values: { latitude: coordinate(f[1], f[2], 2), longitude: coordinate(f[3], f[4], 3) },
    };
  },
  VTG: (f) => {
    // NMEA 2.3: cog,T,cogMag,M,sogKn,N,sogKmh,K[,mode]; NMEA 1.5: cog,cogMag,sogKn,sogKmh.
    const modern = f[1] === "T" || f[3] === "M" || f[5] === "N";
    if (modern && f[8] === "N") throw new Bad("no-fix");
    const values: Partial<NmeaValues> = {};
    const cog = optional(f[0], 0, 360);
    if (cog !== undefined) values.courseOverGround = cog % 360;
    const kn = modern ? f[4] : f[2];
    const kmh = modern ? f[6] : f[3];
    if (kn !== undefined && kn !== "") values.speedOverGround = number(kn, 0, 1000);
    else if (kmh !== undefined && kmh !== "") values.speedOverGround = number(kmh, 0, 2000) / KMH_IN_KN;
    if (Object.keys(values).length === 0) throw new Bad("missing-fields");
    return { values };
  },
  VHW: (f) => {
    const values: Partial<NmeaValues> = {};
    const heading = optional(f[0], 0, 360);
    if (heading !== undefined) values.heading = heading % 360;
    if (f[4] !== undefined && f[4] !== "") values.speedThroughWater = number(f[4], 0, 1000);
    else if (f[6] !== undefined && f[6] !== "") values.speedThroughWater = number(f[6], 0, 2000) / KMH_IN_KN;
    if (Object.keys(values).length === 0) throw new Bad("missing-fields");
    return { values };
  },
  HDT: (f) => ({ values: { heading: number(f[0], 0, 360) % 360 } }),
  MWV: (f) => {
    const angleDeg = number(f[0], 0, 360);
    const reference = need(f[1]);
    if (reference !== "R" && reference !== "T") throw new Bad("invalid-value");
    const speedKn = knots(f[2], f[3]);
    if (need(f[4]) !== "A") throw new Bad("no-fix");
    return { values: {}, wind: { reference, angleDeg, speedKn } };
  },
  MTW: (f) => {
    if (need(f[1]) !== "C") throw new Bad("invalid-value");
    return { values: { seaTemperature: number(f[0], -5, 50) } };
  },
  RPM: (f) => {
    const source = need(f[0]);
    const rpm = number(f[2], -REVOLUTIONS_MAX, REVOLUTIONS_MAX);
    if (f[4] !== undefined && f[4] !== "" && f[4] !== "A") throw new Bad("no-fix");
    if (source === "E") return { values: { engineRpm: rpm } };
    if (source === "S") return { values: { shaftRpm: rpm } };
    throw new Bad("invalid-value");
  },
  XDR: (f) => {
    if (f.length < 4) throw new Bad("missing-fields");
    const values: Partial<NmeaValues> = {};
    for (let i = 0; i < f.length; i += 4) {
      const [type, value, unit, name = ""] = f.slice(i, i + 4);
      if (value === undefined || value === "") continue;
      const id = name.toUpperCase();
      if (type === "T" && unit === "R")
        values[id.includes("SHAFT") ? "shaftRpm" : "engineRpm"] = number(
          value,
          -REVOLUTIONS_MAX,
          REVOLUTIONS_MAX,
        );
      else if (type === "C" && unit === "C" && id.includes("AIR"))
        values.airTemperature = number(value, -80, 70);
      else if (type === "C" && unit === "C" && (id.includes("WATER") || id.includes("SEA")))
        values.seaTemperature = number(value, -5, 50);
      else if (type === "G" && id.includes("LOAD")) values.engineLoadFactor = number(value, 0, 110);
    }
    return { values };
  },
};

/** Formatters Sextant reads (others are counted as ignored, not bad). */
export const DECODED_FORMATTERS = Object.keys(decoders);

/** Decodes one framed sentence. */
export function decodeSentence(sentence: RawSentence): DecodeResult {
  const decode = decoders[sentence.formatter];
  if (!decode) return { ok: false, ignored: sentence.formatter };
  try {
    return { ok: true, decoded: decode(sentence.fields) };
  } catch (err) {
    if (err instanceof Bad) return { ok: false, reason: err.reason };
    throw err;
  }
}
