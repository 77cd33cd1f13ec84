/**
 * One ship's history, stepped at min(cadence, 1 h) and reported at the cadence: voyages and port stays,
 * weather, fouling and maintenance, engine drift, main and auxiliary fuel. `records()` is a generator: it
 * holds the ship's current state only, never its history.
 */
import { FUEL_PROPERTIES, type FuelType } from "../domain/fuels/fuel-types";
import { DAY_MS, HOUR_MS } from "../domain/time/units";
import type { ShipTruthLog } from "./ground-truth";
import {
  calmWaterPowerKw,
  draughtAt,
  optimumTrimM,
  REFERENCE_LCV,
  shopTestSfoc,
  trimPenaltyFraction,
  weatherAddedPowerKw,
} from "./physics";
import { isInEca, PORTS, type PortCode, positionAlong } from "./ports";
import type { Random } from "./random";
import type { SimRecord, VoyageRecord } from "./records";
import { type PeriodTotals, ReportBuilder } from "./report-builder";
import type { Vessel } from "./vessel";
import { type PlannedLeg, VoyagePlanner } from "./voyages";
import { WeatherProcess } from "./weather";

/** Parts of the model that can be switched off, e.g. for calm-water, clean-hull tests. */
export type ModelSwitches = {
  weather: boolean;
  fouling: boolean;
  /** Crew sets the trim off the optimum (otherwise exactly at it). */
  trimError: boolean;
  drift: boolean;
  /** Measurement noise on the reported values. */
  noise: boolean;
};

export const FULL_MODEL: ModelSwitches = {
  weather: true,
  fouling: true,
  trimError: true,
  drift: true,
  noise: true,
};

/**
 * Story lines for the demo: a hull overdue for cleaning, an engine whose SFOC drifts upwards; and for the
 * charter-party truth test (issue 33), a ship floated out of dry dock at the start: hull and propeller
 * clean, its last dry-docking, hull cleaning and polish on the first day (the vessel's drawn history unused).
 */
export type Scenario = { overdueHullCleaning?: boolean; driftingEngine?: boolean; outOfDryDock?: boolean };

/**
 * One sub-step at sea as the simulator computed it, with what the same hour would have cost with a clean
 * hull and propeller (same speed, weather, trim, displacement and engine): the truth a charter-party test
 * compares with. Given only to a listener (`ShipRunOptions.onSeaStep`), never stored: it grows with rows.
 */
export type SeaStepTruth = {
  /** End of the sub-step, ms, and its hours at sea. */
  endMs: number;
  hours: number;
  voyageNumber: string;
  laden: boolean;
  /** The ordered service speed of the leg, the speed through the water sailed and over ground, kn. */
  serviceSpeedKn: number;
  stwKn: number;
  sogKn: number;
  /** The true weather: mean wind (kn) and significant height of wind sea and swell (m). */
  windSpeedKn: number;
  waveHeightM: number;
  /** Hull + propeller fouling, % added calm-water power. */
  foulingPct: number;
  /** Main-engine fuel burned, t, and what a clean hull would have burned at the same speed, t. */
  fuelT: number;
  cleanHullFuelT: number;
};

export type ShipRunOptions = {
  startMs: number;
  endMs: number;
  cadenceMinutes: number;
  model: ModelSwitches;
  scenario: Scenario;
  /** Told every sub-step at sea (truth tests); reads the state only, so the run is the same without it. */
  onSeaStep?: (step: SeaStepTruth) => void;
};

/** No hull cleaning, polishing or dry-dock in this many last days for an 'overdue' hull. */
export const OVERDUE_WINDOW_DAYS = 540;
/** A drifting engine's extra SFOC rise, %/year, over the last DRIFT_WINDOW_DAYS. */
export const DRIFT_EXTRA_PCT_PER_YEAR = 6;
export const DRIFT_WINDOW_DAYS = 270;
/** Days a dry-docking keeps the ship in port, first thing after arrival (out of the water throughout). */
const DRY_DOCK_HOURS = 24 * 16;
/** Fouling rate multiplier of an 'overdue' hull (neglected, e.g. long idle periods in warm water). */
export const OVERDUE_FOULING_SCALE = 1.2;

/** The ship's physical state, advanced by `ShipSimulation`. */
export type ShipState = {
  now: number;
  phase: "port" | "sea";
  port: PortCode;
  departAt: number;
  /** Cargo operations in port run from `cargoFrom` (after waiting at anchor) to `cargoUntil`. */
  cargoFrom: number;
  cargoUntil: number;
  leg: PlannedLeg | null;
  legDone: number;
  legStart: number;
  lat: number;
  lon: number;
  heading: number;
  displacement: number;
  draught: number;
  trim: number;
  hullPct: number;
  propPct: number;
  lastHullCleaning: number;
  lastPolish: number;
  lastDryDock: number;
  /** End of the current dry-docking (ms): the hull is out of the water until then and grows nothing. */
  dockedUntil: number;
};

export class ShipSimulation {
  readonly state: ShipState;
  private readonly planner: VoyagePlanner;
  private readonly weather: WeatherProcess;
  private readonly report: ReportBuilder;
  private readonly stepMs: number;
  private readonly pending: VoyageRecord[] = [];
  private readonly foulingScale: number;
  private readonly noCareAfter: number;
  private readonly driftOnset: number;

  constructor(
    readonly vessel: Vessel,
    private readonly opts: ShipRunOptions,
    rng: Random,
    readonly truth: ShipTruthLog,
  ) {
    this.stepMs = Math.min(opts.cadenceMinutes, 60) * 60_000;
    this.planner = new VoyagePlanner(vessel, rng.fork("voyages"));
    this.weather = new WeatherProcess(rng.fork("weather"), this.stepMs / HOUR_MS, opts.model.weather);
    this.report = new ReportBuilder(vessel, opts, rng.fork("noise"));
    const sc = opts.scenario;
    this.foulingScale = opts.model.fouling ? (sc.overdueHullCleaning ? OVERDUE_FOULING_SCALE : 1) : 0;
    this.noCareAfter = sc.overdueHullCleaning
      ? opts.endMs - OVERDUE_WINDOW_DAYS * DAY_MS
      : Number.POSITIVE_INFINITY;
    this.driftOnset = sc.driftingEngine
      ? Math.max(opts.startMs, opts.endMs - DRIFT_WINDOW_DAYS * DAY_MS)
      : Number.POSITIVE_INFINITY;
    const drawn = vessel.fouling.initial;
    const f = sc.outOfDryDock
      ? {
          ...drawn,
          hullPct: 0,
          propellerPct: 0,
          daysSinceHullCleaning: 0,
          daysSincePolish: 0,
          daysSinceDryDock: 0,
        }
      : drawn;
    const port = this.planner.firstPort();
    const start = opts.startMs;
    this.state = {
      now: start,
      phase: "port",
      port,
      departAt: start + Math.round(rng.uniform(0, 48)) * HOUR_MS,
      cargoFrom: start,
      cargoUntil: start,
      leg: null,
      legDone: 0,
      legStart: start,
      lat: PORTS[port].lat,
      lon: PORTS[port].lon,
      heading: 0,
      displacement: vessel.hull.lightshipT + 0.3 * vessel.particulars.deadweightT,
      draught: 0,
      trim: 0,
      hullPct: opts.model.fouling ? f.hullPct : 0,
      propPct: opts.model.fouling ? f.propellerPct : 0,
      lastHullCleaning: start - f.daysSinceHullCleaning * DAY_MS,
      lastPolish: start - f.daysSincePolish * DAY_MS,
      lastDryDock: start - f.daysSinceDryDock * DAY_MS,
      dockedUntil: 0,
    };
    this.state.draught = draughtAt(vessel, this.state.displacement);
    this.state.trim = optimumTrimM(vessel, this.state.draught, 0.8 * vessel.particulars.designSpeedKn);
  }

  /** SFOC multiplier of the engine's slow degradation (and a drifting engine's extra rise) at an instant. */
  sfocFactor(ms: number): number {
    if (!this.opts.model.drift) return 1;
    const years = (ms - this.opts.startMs) / (365.25 * DAY_MS);
    const extra =
      ms > this.driftOnset ? ((ms - this.driftOnset) / (365.25 * DAY_MS)) * DRIFT_EXTRA_PCT_PER_YEAR : 0;
    return 1 + (this.vessel.engine.baseDriftPctPerYear * years + extra) / 100;
  }

  /** Yields the ship's records, period after period, then the voyage still under way. */
  *records(): Generator<SimRecord> {
    const { startMs, endMs, cadenceMinutes } = this.opts;
    const cadenceMs = cadenceMinutes * 60_000;
    const subSteps = cadenceMs / this.stepMs;
    const totals = this.report.totals;
    for (let tickEnd = startMs + cadenceMs; tickEnd <= endMs; tickEnd += cadenceMs) {
      this.report.reset(tickEnd - cadenceMs);
      for (let k = 0; k < subSteps; k++) this.advance(tickEnd - cadenceMs + (k + 1) * this.stepMs, totals);
      yield* this.pending.splice(0);
      yield* this.report.emit(tickEnd, this.state, this.weather.now);
      this.truth.snapshot(tickEnd, this.state, this.sfocFactor(tickEnd));
    }
    const s = this.state;
    if (s.phase === "sea" && s.leg) yield this.voyageRecord(s.leg, s.legStart, null);
  }

  /** Advances the state from `now` to `until` (one sub-step), adding to the period totals. */
  private advance(until: number, totals: PeriodTotals): void {
    const s = this.state;
    this.weather.step(s.now, s.lat, s.lon);
    while (s.now < until - 1e-6) {
      if (s.phase === "port") {
        if (s.now >= s.departAt) {
          this.depart();
          continue;
        }
        const end = Math.min(until, s.departAt);
        this.inPort((end - s.now) / HOUR_MS, totals);
        s.now = end;
      } else {
        const hours = this.atSea((until - s.now) / HOUR_MS, totals);
        s.now += hours * HOUR_MS;
        if (s.leg && s.legDone >= s.leg.route.distanceNm - 1e-9) this.arrive();
      }
    }
    s.now = until;
  }

  private inPort(hours: number, totals: PeriodTotals): void {
    const s = this.state;
    // in dry dock the hull is out of the water: fouling grows again once the ship is floated out
    const dockedHours = Math.max(0, Math.min(hours, (s.dockedUntil - s.now) / HOUR_MS));
    this.grow(hours - dockedHours, true);
    const cargoOps = s.now >= s.cargoFrom && s.now < s.cargoUntil;
    this.report.addAux(hours, s, this.weather.now, false, cargoOps, totals);
  }

  /** Sails for up to `hours` (less when the leg ends first); returns the hours sailed. */
  private atSea(hours: number, totals: PeriodTotals): number {
    const s = this.state;
    const v = this.vessel;
    const leg = s.leg!;
    const w = this.weather.now;
    const hs = Math.sqrt(w.windSeaM * w.windSeaM + w.swellM * w.swellM);
    const fouling = (s.hullPct + s.propPct) / 100;
    const powerAt = (speed: number) =>
      calmWaterPowerKw(v, speed, s.displacement) *
        (1 + fouling) *
        (1 + trimPenaltyFraction(v, s.trim, s.draught, speed)) +
      weatherAddedPowerKw(v, speed, s.heading, w);
    // Masters slow down in heavy seas; the engine never exceeds its service load (involuntary speed loss).
    let speed = leg.serviceSpeedKn * (hs > 4.5 ? Math.max(0.6, 1 - 0.06 * (hs - 4.5)) : 1);
    let power = powerAt(speed);
    const cap = v.engine.maxServiceLoad * v.engine.mcrKw;
    if (power > cap) {
      let lo = 1;
      let hi = speed;
      for (let i = 0; i < 24; i++) {
        const mid = (lo + hi) / 2;
        if (powerAt(mid) > cap) hi = mid;
        else lo = mid;
      }
      speed = lo;
      power = powerAt(speed);
    }
    power = Math.max(0.05 * v.engine.mcrKw, power);
    const calm =
      calmWaterPowerKw(v, speed, s.displacement) *
      (1 + fouling) *
      (1 + trimPenaltyFraction(v, s.trim, s.draught, speed));
    const rad = (s.heading * Math.PI) / 180;
    const sog = Math.max(0.5, speed + w.currentEastKn * Math.sin(rad) + w.currentNorthKn * Math.cos(rad));
    const left = leg.route.distanceNm - s.legDone;
    const h = Math.min(hours, left / sog);
    const eca = isInEca(s.lat, s.lon);
    const fuelType: FuelType = eca ? v.fuels.eca : v.fuels.main;
    const load = power / v.engine.mcrKw;
    const sfoc =
      (shopTestSfoc(v, load) * this.sfocFactor(s.now) * REFERENCE_LCV) / FUEL_PROPERTIES[fuelType].lcvKjPerKg;
    this.report.addMain(h, power, sfoc, speed, sog, fuelType, power - calm, calm, totals);
    if (this.opts.onSeaStep && h > 0) {
      const cleanPower = Math.max(
        0.05 * v.engine.mcrKw,
        calmWaterPowerKw(v, speed, s.displacement) * (1 + trimPenaltyFraction(v, s.trim, s.draught, speed)) +
          weatherAddedPowerKw(v, speed, s.heading, w),
      );
      const cleanSfoc =
        (shopTestSfoc(v, cleanPower / v.engine.mcrKw) * this.sfocFactor(s.now) * REFERENCE_LCV) /
        FUEL_PROPERTIES[fuelType].lcvKjPerKg;
      this.opts.onSeaStep({
        endMs: s.now + h * HOUR_MS,
        hours: h,
        voyageNumber: leg.voyageNumber,
        laden: leg.laden,
        serviceSpeedKn: leg.serviceSpeedKn,
        stwKn: speed,
        sogKn: sog,
        windSpeedKn: w.windSpeedKn,
        waveHeightM: hs,
        foulingPct: s.hullPct + s.propPct,
        fuelT: (power * h * sfoc) / 1e6,
        cleanHullFuelT: (cleanPower * h * cleanSfoc) / 1e6,
      });
    }
    this.report.addAux(h, s, w, true, false, totals);
    this.grow(h, false);
    s.legDone = Math.min(leg.route.distanceNm, s.legDone + sog * h);
    const p = positionAlong(leg.route, s.legDone);
    s.lat = p.lat;
    s.lon = p.lon;
    s.heading = p.headingDeg;
    return h;
  }

  /** Fouling growth over `hours`: faster in warm water and when idle. */
  private grow(hours: number, idle: boolean): void {
    if (this.foulingScale === 0) return;
    const s = this.state;
    const f = this.vessel.fouling;
    const warm = Math.max(f.coldFloor, 1 + f.warmWaterGainPerC * (this.weather.now.seaTempC - 15));
    const k = (this.foulingScale * warm * (idle ? f.idleFactor : 1) * hours) / 24;
    s.hullPct += f.hullRatePctPerDay * k;
    s.propPct += f.propellerRatePctPerDay * k;
  }

  private depart(): void {
    const s = this.state;
    const v = this.vessel;
    const leg = this.planner.nextLeg(s.port);
    s.leg = leg;
    s.legDone = 0;
    s.legStart = s.now;
    s.phase = "sea";
    s.displacement = leg.displacementT;
    s.draught = draughtAt(v, leg.displacementT);
    const optimum = optimumTrimM(v, s.draught, leg.serviceSpeedKn);
    s.trim = this.opts.model.trimError
      ? optimum + this.report.noiseRng.normal(0, v.trim.crewErrorSdM)
      : optimum;
    const p = positionAlong(leg.route, 0);
    s.heading = p.headingDeg;
    this.report.onDepart(leg);
  }

  private arrive(): void {
    const s = this.state;
    const leg = s.leg!;
    this.pending.push(this.voyageRecord(leg, s.legStart, s.now));
    s.phase = "port";
    s.port = leg.to;
    s.leg = null;
    s.lat = PORTS[leg.to].lat;
    s.lon = PORTS[leg.to].lon;
    const stay = this.planner.portStay(leg.laden);
    const maintenanceHours = this.maintain(leg.to);
    s.cargoFrom = s.now + stay.waitingHours * HOUR_MS;
    s.cargoUntil = s.cargoFrom + stay.cargoHours * HOUR_MS;
    const hours = stay.waitingHours + stay.cargoHours + maintenanceHours;
    s.departAt = Math.ceil((s.now + hours * HOUR_MS) / 60_000) * 60_000;
  }

  /** Hull cleaning, propeller polishing and dry-docking when due; returns the extra hours in port. */
  private maintain(port: PortCode): number {
    const s = this.state;
    const f = this.vessel.fouling;
    if (s.now > this.noCareAfter || !this.opts.model.fouling) return 0;
    const days = (since: number) => (s.now - since) / DAY_MS;
    const where = PORTS[port].name;
    if (days(s.lastDryDock) >= f.dryDockIntervalDays) {
      this.truth.event(s.now, "dry_dock", where, s);
      s.hullPct = 0;
      s.propPct = 0;
      s.lastDryDock = s.lastHullCleaning = s.lastPolish = s.now;
      s.dockedUntil = s.now + DRY_DOCK_HOURS * HOUR_MS;
      return DRY_DOCK_HOURS;
    }
    let hours = 0;
    if (days(s.lastHullCleaning) >= f.hullCleaningIntervalDays) {
      this.truth.event(s.now, "hull_cleaning", where, s);
      s.hullPct *= f.cleaningResidual;
      s.lastHullCleaning = s.now;
      hours += 12;
    }
    if (days(s.lastPolish) >= f.propellerPolishIntervalDays || hours > 0) {
      this.truth.event(s.now, "propeller_polishing", where, s);
      s.propPct = 0;
      s.lastPolish = s.now;
      hours += 6;
    }
    return hours;
  }

  private voyageRecord(leg: PlannedLeg, departureMs: number, arrivalMs: number | null): VoyageRecord {
    return {
      kind: "voyage",
      imo: this.vessel.imoNumber,
      voyageNumber: leg.voyageNumber,
      origin: PORTS[leg.from].name,
      destination: PORTS[leg.to].name,
      departureMs: Math.round(departureMs / 60_000) * 60_000,
      arrivalMs: arrivalMs === null ? null : Math.round(arrivalMs / 60_000) * 60_000,
      cargoTonnes: leg.cargoTonnes,
      laden: leg.laden,
    };
  }
}
