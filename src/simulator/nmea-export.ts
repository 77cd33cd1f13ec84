/**
 * A simulated ship's voyage as the NMEA 0183 log its bridge network would carry: for every minute's
 * environmental and main-engine record, `perMinute` bursts of sentences spread over the minute ending at the
 * record's time (the last burst at the record's time), each burst RMC (GPS), GGA, HDT (gyro), VHW (log),
 * MWV (anemometer, relative wind as it measures it), MTW (sea temperature) and XDR (air temperature, engine
 * load). Positions in between are interpolated along the track from the previous record; other values are
 * the record's. Precision as instruments send it: minutes of arc to 4 decimals, speeds and angles to 0.1.
 *
 * The relative wind is computed from the record's true wind with its heading and speed over ground
 * (domain/weather/relative-wind.ts), the inverse of what the NMEA reader does, so an upload of the log gives
 * the simulator's truth back within the instruments' rounding (tested in uploads/nmea).
 */
import { formatSentence } from "../domain/nmea/sentence";
import { relativeWindFromTrue } from "../domain/weather/relative-wind";
import { FleetSimulation } from "./fleet";
import type { EnvironmentalRecord, FuelRecord, SimRecord } from "./records";

const pad = (n: number, width: number) => String(n).padStart(width, "0");

/** Signed degrees → `ddmm.mmmm` (or `dddmm.mmmm`) and its hemisphere letter. */
export function nmeaCoordinate(deg: number, axis: "lat" | "lon"): [string, string] {
  const abs = Math.abs(deg);
  let whole = Math.floor(abs);
  let minutes = Math.round((abs - whole) * 60 * 10_000) / 10_000;
  if (minutes >= 60) {
    whole += 1;
    minutes -= 60;
  }
  const hemisphere = axis === "lat" ? (deg < 0 ? "S" : "N") : deg < 0 ? "W" : "E";
  return [`${pad(whole, axis === "lat" ? 2 : 3)}${minutes.toFixed(4).padStart(7, "0")}`, hemisphere];
}

function clock(ms: number): { time: string; date: string } {
  const d = new Date(ms);
  return {
    time: `${pad(d.getUTCHours(), 2)}${pad(d.getUTCMinutes(), 2)}${pad(d.getUTCSeconds(), 2)}.00`,
    date: `${pad(d.getUTCDate(), 2)}${pad(d.getUTCMonth() + 1, 2)}${pad(d.getUTCFullYear() % 100, 2)}`,
  };
}

/** The sentences of one burst at `ms`. */
export function nmeaBurst(
  ms: number,
  env: EnvironmentalRecord,
  fuel: FuelRecord,
  at: { lat: number; lon: number },
): string[] {
  const { time, date } = clock(ms);
  const [lat, ns] = nmeaCoordinate(at.lat, "lat");
  const [lon, ew] = nmeaCoordinate(at.lon, "lon");
  const heading = env.heading.toFixed(1);
  const rel = relativeWindFromTrue({
    trueWindSpeed: env.windSpeed,
    trueWindDirectionDeg: env.windDirection,
    headingDeg: env.heading,
    shipSpeed: fuel.sog,
  });
  const relAngle = ((rel.angleDeg % 360) + 360) % 360;
  return [
    formatSentence("GP", "RMC", [
      time,
      "A",
      lat,
      ns,
      lon,
      ew,
      fuel.sog.toFixed(1),
      heading,
      date,
      "",
      "",
      "A",
    ]),
    formatSentence("GP", "GGA", [time, lat, ns, lon, ew, "1", "09", "0.9", "12.0", "M", "45.0", "M", "", ""]),
    formatSentence("HE", "HDT", [heading, "T"]),
    formatSentence("VW", "VHW", [
      heading,
      "T",
      "",
      "M",
      fuel.stw.toFixed(1),
      "N",
      (fuel.stw * 1.852).toFixed(1),
      "K",
    ]),
    formatSentence("WI", "MWV", [relAngle.toFixed(1), "R", rel.speed.toFixed(1), "N", "A"]),
    formatSentence("II", "MTW", [env.seaTemperature.toFixed(1), "C"]),
    formatSentence("II", "XDR", [
      "C",
      env.airTemperature.toFixed(1),
      "C",
      "AIRTEMP",
      "G",
      fuel.engineLoad.toFixed(1),
      "",
      "ENGINE_LOAD",
    ]),
  ];
}

/**
 * The log of one ship's records (environmental and main-engine fuel records at the same times, in time
 * order): lines ending CR LF as NMEA sends them.
 */
export function nmeaLog(records: Iterable<SimRecord>, imo: string, perMinute = 2): string {
  const env = new Map<number, EnvironmentalRecord>();
  const fuel = new Map<number, FuelRecord>();
  for (const r of records) {
    if (r.kind === "environmental" && r.imo === imo) env.set(r.ts, r);
    if (r.kind === "fuel" && r.imo === imo && r.consumer === "main") fuel.set(r.ts, r);
  }
  const lines: string[] = [];
  let previous: EnvironmentalRecord | undefined;
  for (const ts of [...env.keys()].sort((a, b) => a - b)) {
    const e = env.get(ts)!;
    const f = fuel.get(ts);
    if (!f) continue;
    const step = 60_000 / perMinute;
    for (let k = perMinute - 1; k >= 0; k--) {
      const ms = ts - k * step;
      const w = previous && ts - previous.ts <= 60_000 ? k / perMinute : 0;
      const at =
        previous && w > 0
          ? { lat: e.lat + (previous.lat - e.lat) * w, lon: e.lon + (previous.lon - e.lon) * w }
          : { lat: e.lat, lon: e.lon };
      lines.push(...nmeaBurst(ms, e, f, at));
    }
    previous = e;
  }
  return lines.map((l) => `${l}\r\n`).join("");
}

/**
 * The sample log of the tests (src/server/uploads/fixtures/simulated-voyage.nmea, written by
 * `npx tsx scripts/write-nmea-sample.ts`): the first ship of seed 11 at sea for two hours (2025-01-04
 * 00:00–02:00 UTC, one-minute records, two bursts a minute), with the faults a real feed has: a sentence
 * before the first time fix, foreign sentences (GSV, AIS), a corrupted byte, a line cut short, a void fix
 * and line noise.
 */
export const NMEA_SAMPLE = {
  fleet: { ships: 1, seed: 11, cadence: "1m", startMs: Date.UTC(2025, 0, 3), endMs: Date.UTC(2025, 0, 4, 2) },
  fromMs: Date.UTC(2025, 0, 4),
} as const;

export function corruptLog(clean: string): string {
  const lines = clean.split("\r\n").filter((l) => l !== "");
  const flip = (line: string) => line.replace(/(\d)(?=[^\d]*\*)/, (d) => String((Number(d) + 1) % 10));
  lines[100] = flip(lines[100]!);
  lines[200] = lines[200]!.slice(0, 12);
  lines.splice(
    300,
    0,
    formatSentence("GP", "RMC", ["003000.00", "V", "", "", "", "", "", "", "040125", "", "", "N"]),
  );
  lines.splice(400, 0, "~~~ ##### line noise #####");
  return [
    formatSentence("HE", "HDT", ["212.0", "T"]),
    formatSentence("GP", "GSV", ["3", "1", "11", "03", "03", "111", "00", "04", "15", "270", "00"]),
    "!AIVDM,1,1,,A,13aGmP0P00PD;88MD5MTDww@2<0L,0*23",
    ...lines,
  ]
    .map((l) => `${l}\r\n`)
    .join("");
}

/** The sample log (corrupted as above) and the simulator's records it was written from (the truth). */
export function nmeaSampleLog(): {
  text: string;
  environmental: EnvironmentalRecord[];
  mainFuel: FuelRecord[];
} {
  const fleet = new FleetSimulation(NMEA_SAMPLE.fleet);
  const imo = fleet.vessels[0]!.imoNumber;
  const records = [...fleet.records()].filter(
    (r) => (r.kind === "environmental" || r.kind === "fuel") && r.ts > NMEA_SAMPLE.fromMs,
  ) as (EnvironmentalRecord | FuelRecord)[];
  return {
    text: corruptLog(nmeaLog(records, imo)),
    environmental: records.filter((r): r is EnvironmentalRecord => r.kind === "environmental"),
    mainFuel: records.filter((r): r is FuelRecord => r.kind === "fuel" && r.consumer === "main"),
  };
}
