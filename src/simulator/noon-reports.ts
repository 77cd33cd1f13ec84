/**
 * One simulated ship's hourly history cut into the noon reports its master would send: a report at noon of
 * the ship's clock every day (the nautical zone of its longitude, changed at noon), one at each departure
 * (COSP) and arrival (EOSP), the port days as Anchor / Drifting / In Port / Bunkering, and with each report
 * what it covers since the previous one: fuel per consumer and grade, distance over ground and through
 * water, steaming hours, remaining on board after bunkering. These are the ground truth of the noon-report
 * fixtures (scripts/make-noon-workbook.ts, scripts/make-noon-corpus.ts): each quantity is the sum of the
 * simulator's hourly records over the report's period, unrounded; the files round what they write.
 */

import type { FuelType } from "../domain/fuels/fuel-types";
import { DAY_MS } from "../domain/time/units";
import { type FleetOptions, FleetSimulation } from "./fleet";
import type { EnvironmentalRecord, FuelRecord, TrimRecord, VoyageRecord } from "./records";
import type { Vessel, VesselSpec } from "./vessel";

const HOUR = 3_600_000;

export type SimHour = { fuel: FuelRecord[]; env?: EnvironmentalRecord; trim?: TrimRecord };

/** A ship's simulated hours, keyed by the hour's end (epoch ms), with its voyages. */
export type ShipHistory = {
  vessel: Vessel;
  startMs: number;
  endMs: number;
  hours: Map<number, SimHour>;
  voyages: VoyageRecord[];
};

/**
 * Simulates the first ship of `seed` hourly (full model) over [startMs, endMs]; `more` picks its type (one
 * spec), its scenario, or listens to its sea steps' truth (the charter-party truth test).
 */
export function simulateShipHours(
  seed: number,
  startMs: number,
  endMs: number,
  more: Pick<FleetOptions, "scenarios" | "onSeaStep"> & { ship?: VesselSpec } = {},
): ShipHistory {
  const { ship, ...rest } = more;
  const fleet = new FleetSimulation({
    ships: ship ? [ship] : 1,
    seed,
    cadence: "1h",
    startMs,
    endMs,
    ...rest,
  });
  const hours = new Map<number, SimHour>();
  const voyages: VoyageRecord[] = [];
  const hourOf = (ts: number) => {
    let h = hours.get(ts);
    if (!h) {
      h = { fuel: [] };
      hours.set(ts, h);
    }
    return h;
  };
  for (const rec of fleet.records()) {
    if (rec.kind === "fuel") hourOf(rec.ts).fuel.push(rec);
    else if (rec.kind === "environmental") hourOf(rec.ts).env = rec;
    else if (rec.kind === "trim") hourOf(rec.ts).trim = rec;
    else if (rec.kind === "voyage") voyages.push(rec);
  }
  return { vessel: fleet.vessels[0]!, startMs, endMs, hours, voyages };
}

/** The ship as the fixtures' truth files name it: the particulars a user enters when adding the ship. */
export function shipFacts(vessel: Vessel) {
  const p = vessel.particulars;
  return {
    name: vessel.name,
    imoNumber: vessel.imoNumber,
    shipType: vessel.shipType,
    deadweight: p.deadweightT,
    grossTonnage: p.grossTonnage,
    mcrKw: p.mcrKw,
    designSpeedKn: p.designSpeedKn,
    yearBuilt: p.yearBuilt,
  };
}

export type NoonReportType = "Noon" | "COSP" | "EOSP" | "Anchor" | "Drifting" | "In Port" | "Bunkering";
export type NoonConsumer = "main" | "auxiliary";

/** The grade a report names the fuel of one consumer's hour as ('VLSFO', 'LSMGO'); by default its class. */
export type GradeOf = (consumer: NoonConsumer, fuelType: FuelType, hourMs: number) => string;

export type NoonReport = {
  /** The report instant, epoch ms (UTC). */
  ms: number;
  /** The ship's clock: hours ahead of UTC. */
  utcOffset: number;
  /** Hours the clock was changed at this report (+ advanced, − retarded). */
  clockChange: number;
  type: NoonReportType;
  /** Hours since the previous report (or since the simulation's start for the first). */
  periodHours: number;
  steamingHours: number;
  distanceOverGroundNm: number;
  distanceThroughWaterNm: number;
  /** Main-engine energy over the period, kWh. */
  mainEnergyKwh: number;
  /** Fuel consumed since the previous report, t, per consumer and grade. */
  fuel: Record<NoonConsumer, Record<string, number>>;
  /** Remaining on board after this report's consumption and bunkering, t per grade. */
  rob: Record<string, number>;
  /** Bunkers received at this report, t per grade (empty when none). */
  bunkered: Record<string, number>;
  env: EnvironmentalRecord;
  trim: TrimRecord;
  voyage: VoyageRecord | undefined;
  /** The port on departure, arrival and port reports; null at sea. */
  port: string | null;
  /** Cargo on board at sea and on arrival; null in port. */
  cargoTonnes: number | null;
  atSea: boolean;
};

export type CutOptions = {
  gradeOf?: GradeOf;
  /** Tank capacity per grade kept in remaining on board, t (starts 80 % full, bunkered below 45 % to 90 %). */
  tanks: Record<string, number>;
};

/** The nautical time zone of a longitude (15° per hour), as masters set the ship's clock. */
export const zoneOf = (lon: number) => Math.max(-12, Math.min(12, Math.round(lon / 15)));

/** The report instants: noon of each day of the ship's clock, and departures (COSP) and arrivals (EOSP). */
function reportInstants(history: ShipHistory) {
  const { hours, voyages, startMs, endMs } = history;
  const toHour = (ms: number) => Math.round(ms / HOUR) * HOUR;
  const events = new Map<number, { type: NoonReportType; voyage: VoyageRecord }>();
  for (const v of voyages) {
    if (v.departureMs > startMs) events.set(toHour(v.departureMs), { type: "COSP", voyage: v });
    if (v.arrivalMs !== null && v.arrivalMs < endMs)
      events.set(toHour(v.arrivalMs), { type: "EOSP", voyage: v });
  }
  // Noon of each day at the ship's local clock, its zone from the position at the previous noon.
  const instants: { ms: number; type: NoonReportType; offset: number }[] = [];
  let zone = zoneOf(hours.get(startMs + HOUR)!.env!.lon);
  for (let day = startMs; day < endMs; day += DAY_MS) {
    const ms = day + 12 * HOUR - zone * HOUR;
    if (ms > startMs && ms <= endMs) instants.push({ ms, type: "Noon", offset: zone });
    const env = hours.get(toHour(ms))?.env;
    if (env) zone = zoneOf(env.lon);
  }
  for (const [ms, e] of events) {
    const near = instants.find((i) => i.ms === ms);
    if (near) near.type = e.type;
    else instants.push({ ms, type: e.type, offset: zoneOf(hours.get(ms)?.env?.lon ?? 0) });
  }
  instants.sort((a, b) => a.ms - b.ms);
  return { instants, events };
}

/** Cuts the history into reports (see the module comment); `gradeOf` names the fuel, `tanks` the ROB grades. */
export function cutNoonReports(history: ShipHistory, opts: CutOptions): NoonReport[] {
  const { hours, voyages, startMs } = history;
  const gradeOf: GradeOf = opts.gradeOf ?? ((_c, t) => t);
  const { instants, events } = reportInstants(history);
  const grades = Object.keys(opts.tanks);
  const rob: Record<string, number> = Object.fromEntries(grades.map((g) => [g, opts.tanks[g]! * 0.8]));

  const reports: NoonReport[] = [];
  let prev = startMs;
  let atSea = voyages.some(
    (v) => v.departureMs <= startMs && (v.arrivalMs === null || v.arrivalMs > startMs),
  );
  let portDays = 0;
  let arrivals = 0;
  let lastOffset = instants[0]!.offset;
  let lastPort = voyages.find((v) => v.departureMs > startMs)?.origin;

  for (const inst of instants) {
    const fuel: NoonReport["fuel"] = { main: {}, auxiliary: {} };
    let dog = 0;
    let dtw = 0;
    let steaming = 0;
    let energy = 0;
    for (let ts = prev + HOUR; ts <= inst.ms; ts += HOUR) {
      for (const f of hours.get(ts)?.fuel ?? []) {
        const grade = gradeOf(f.consumer, f.fuelType, ts);
        fuel[f.consumer][grade] = (fuel[f.consumer][grade] ?? 0) + (f.fuelRate * f.periodHours) / 24;
        if (f.consumer === "main") {
          dog += f.distanceNm;
          dtw += f.stw * f.periodHours;
          steaming += f.periodHours;
          energy += f.enginePower * f.periodHours;
        }
      }
    }
    const periodHours = (inst.ms - prev) / HOUR;
    prev = inst.ms;

    let type = inst.type;
    if (type === "COSP") atSea = true;
    if (type === "EOSP") {
      atSea = false;
      arrivals++;
      portDays = 0;
    } else if (type === "Noon" && !atSea) {
      // Waiting for a berth: at anchor, or drifting off the port every third call; then alongside.
      portDays++;
      type = portDays === 1 && arrivals > 0 ? (arrivals % 3 === 0 ? "Drifting" : "Anchor") : "In Port";
    }
    for (const g of grades) rob[g]! -= (fuel.main[g] ?? 0) + (fuel.auxiliary[g] ?? 0);
    const bunkered: Record<string, number> = {};
    if (type === "In Port" && portDays === 2) {
      for (const g of grades) {
        if (rob[g]! < opts.tanks[g]! * 0.45) {
          bunkered[g] = Math.round((opts.tanks[g]! * 0.9 - rob[g]!) / 10) * 10;
          rob[g]! += bunkered[g]!;
        }
      }
      if (Object.keys(bunkered).length > 0) type = "Bunkering";
    }

    const h = hours.get(inst.ms)!;
    const voyage =
      events.get(inst.ms)?.voyage ??
      voyages.find((v) => v.departureMs <= inst.ms && (v.arrivalMs ?? Infinity) >= inst.ms);
    if (type === "EOSP") lastPort = voyage?.destination;
    reports.push({
      ms: inst.ms,
      utcOffset: inst.offset,
      clockChange: inst.offset - lastOffset,
      type,
      periodHours,
      steamingHours: steaming,
      distanceOverGroundNm: dog,
      distanceThroughWaterNm: dtw,
      mainEnergyKwh: energy,
      fuel,
      rob: { ...rob },
      bunkered,
      env: h.env!,
      trim: h.trim!,
      voyage,
      port: type === "COSP" ? (voyage?.origin ?? null) : atSea ? null : (lastPort ?? null),
      cargoTonnes: atSea || type === "EOSP" ? (voyage?.cargoTonnes ?? 0) : null,
      atSea,
    });
    lastOffset = inst.offset;
  }
  return reports;
}

/** The 16 points of the compass, 22.5° apart (Bowditch, American Practical Navigator). */
const POINTS16 = "N NNE NE ENE E ESE SE SSE S SSW SW WSW W WNW NW NNW".split(" ");

/** A direction in degrees as the compass point a deck officer writes ('SSE'). */
export const compass = (deg: number) => POINTS16[Math.round((((deg % 360) + 360) % 360) / 22.5) % 16]!;

/** A latitude or longitude as degrees and decimal minutes with the hemisphere: `20°18.6'S`, `004°05.0'E`. */
export function degMin(value: number, axis: "lat" | "lon"): string {
  const { deg, min, hemi } = degreesMinutes(value, axis);
  const d = String(deg).padStart(axis === "lat" ? 2 : 3, "0");
  return `${d}°${min.toFixed(1).padStart(4, "0")}'${hemi}`;
}

/** Whole degrees, minutes to 0.1 and the hemisphere letter of a latitude or longitude. */
export function degreesMinutes(value: number, axis: "lat" | "lon") {
  const hemi = axis === "lat" ? (value < 0 ? "S" : "N") : value < 0 ? "W" : "E";
  const abs = Math.abs(value);
  let deg = Math.floor(abs);
  let min = Math.round((abs - deg) * 600) / 10;
  if (min >= 60) {
    deg += 1;
    min = 0;
  }
  return { deg, min, hemi };
}
