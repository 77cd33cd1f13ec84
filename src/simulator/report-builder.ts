/**
 * Turns a ship's state over one reporting period into records: sums fuel, energy and distance over the
 * period's sub-steps, adds measurement noise, and writes the daily hull and compliance records (EEOI per
 * voyage cycle after MEPC.1/Circ.684; attained CII year to date, rated by src/domain/cii).
 */

import { CAPACITY_BASIS } from "../domain/cii/capacity-basis";
import { assessCii } from "../domain/cii/cii-assessment";
import { co2FromFuel, FUEL_PROPERTIES, type FuelType } from "../domain/fuels/fuel-types";
import { hullEfficiencyFromExcessPower } from "../domain/hull/hull-efficiency";
import { roughnessIndexFromExcessPower } from "../domain/hull/roughness-bands";
import { DAY_MS, HOUR_MS } from "../domain/time/units";
import { auxSfoc, douglasSeaState, REFERENCE_LCV } from "./physics";
import { isInEca } from "./ports";
import type { Random } from "./random";
import { round, type SimRecord } from "./records";
import type { ShipRunOptions, ShipState } from "./ship-simulation";
import type { Vessel } from "./vessel";
import type { PlannedLeg } from "./voyages";
import type { Weather } from "./weather";

export type PeriodTotals = {
  seaH: number;
  mainFuelT: number;
  mainEcaFuelT: number;
  mainEnergyKwh: number;
  distNm: number;
  stwNm: number;
  sogNm: number;
  addedKwh: number;
  calmKwh: number;
  voyageNumber: string | null;
  auxH: number;
  hvacKwh: number;
  pumpsKwh: number;
  lightingKwh: number;
  navigationKwh: number;
  cargoKwh: number;
  auxFuelT: number;
  auxEcaFuelT: number;
  auxEnergyKwh: number;
  auxLoadH: number;
};

function emptyTotals(): PeriodTotals {
  return {
    seaH: 0,
    mainFuelT: 0,
    mainEcaFuelT: 0,
    mainEnergyKwh: 0,
    distNm: 0,
    stwNm: 0,
    sogNm: 0,
    addedKwh: 0,
    calmKwh: 0,
    voyageNumber: null,
    auxH: 0,
    hvacKwh: 0,
    pumpsKwh: 0,
    lightingKwh: 0,
    navigationKwh: 0,
    cargoKwh: 0,
    auxFuelT: 0,
    auxEcaFuelT: 0,
    auxEnergyKwh: 0,
    auxLoadH: 0,
  };
}

/** ISO date (YYYY-MM-DD) of an instant. */
export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export class ReportBuilder {
  readonly totals: PeriodTotals = emptyTotals();
  readonly noiseRng: Random;
  private tickStart = 0;
  private lastDay = Number.NaN;
  private ytdYear = Number.NaN;
  private ytdFuel = new Map<FuelType, number>();
  private ytdDistance = 0;
  private cycleCo2G = 0;
  private cycleCargoNm = 0;
  private cargo = 0;
  readonly eeoiTarget: number;
  private readonly ecaAux: FuelType = "MGO";

  constructor(
    private readonly v: Vessel,
    private readonly opts: ShipRunOptions,
    rng: Random,
  ) {
    this.noiseRng = rng;
    // Design EEOI: 75 % MCR at the design speed, best SFOC, HFO, 93 % cargo; a round trip with a ballast leg.
    const p = v.particulars;
    const co2PerDay = co2FromFuel((0.75 * p.mcrKw * v.engine.sfocMinGPerKwh * 24) / 1e6, "HFO") * 1e6;
    const workPerDay = 0.93 * p.deadweightT * p.designSpeedKn * 24;
    this.eeoiTarget = round((co2PerDay / workPerDay) * (v.shipType === "container_ship" ? 1.3 : 2.2), 2);
  }

  private n(sd: number): number {
    return this.opts.model.noise ? this.noiseRng.normal(0, sd) : 0;
  }

  reset(tickStart: number): void {
    Object.assign(this.totals, emptyTotals());
    this.tickStart = tickStart;
    const year = new Date(tickStart).getUTCFullYear();
    if (year !== this.ytdYear) {
      this.ytdYear = year;
      this.ytdFuel = new Map();
      this.ytdDistance = 0;
    }
  }

  onDepart(leg: PlannedLeg): void {
    this.cargo = leg.cargoTonnes;
    if (leg.laden) {
      this.cycleCo2G = 0;
      this.cycleCargoNm = 0;
    }
  }

  private burn(type: FuelType, tonnes: number): void {
    this.ytdFuel.set(type, (this.ytdFuel.get(type) ?? 0) + tonnes);
    this.cycleCo2G += co2FromFuel(tonnes, type) * 1e6;
  }

  addMain(
    h: number,
    powerKw: number,
    sfoc: number,
    stw: number,
    sog: number,
    type: FuelType,
    addedKw: number,
    calmKw: number,
    t: PeriodTotals,
  ): void {
    const fuel = (powerKw * h * sfoc) / 1e6;
    t.seaH += h;
    if (type === this.v.fuels.main) t.mainFuelT += fuel;
    else t.mainEcaFuelT += fuel;
    t.mainEnergyKwh += powerKw * h;
    t.distNm += sog * h;
    t.stwNm += stw * h;
    t.sogNm += sog * h;
    t.addedKwh += addedKw * h;
    t.calmKwh += calmKw * h;
    this.burn(type, fuel);
    this.ytdDistance += sog * h;
    this.cycleCargoNm += this.cargo * sog * h;
  }

  addAux(h: number, s: ShipState, w: Weather, atSea: boolean, cargoOps: boolean, t: PeriodTotals): void {
    const a = this.v.aux;
    const solarHour = (((((s.now / HOUR_MS) % 24) + s.lon / 15) % 24) + 24) % 24;
    const hvac = a.hvacKw * (1 + 0.03 * Math.abs(w.airTempC - 22));
    const pumps = atSea ? a.pumpsKw : 0.6 * a.pumpsKw;
    const lighting = a.lightingKw * (solarHour < 6 || solarHour >= 18 ? 1.4 : 1);
    const navigation = atSea ? a.navigationKw : 0.3 * a.navigationKw;
    const reefers = a.reeferPlugs * 0.6 * a.reeferKwPerPlug * Math.max(0.5, 1 + 0.03 * (w.airTempC - 20));
    const cargo = reefers + (cargoOps ? a.portCargoKw : 0);
    const total = hvac + pumps + lighting + navigation + cargo;
    const sets = Math.min(a.gensets, Math.max(1, Math.ceil(total / (0.85 * a.gensetKw))));
    const load = total / (sets * a.gensetKw);
    const eca = isInEca(s.lat, s.lon);
    const type = eca ? this.ecaAux : this.v.fuels.aux;
    const sfoc = (auxSfoc(this.v, load) * REFERENCE_LCV) / FUEL_PROPERTIES[type].lcvKjPerKg;
    const fuel = (total * h * sfoc) / 1e6;
    t.auxH += h;
    t.hvacKwh += hvac * h;
    t.pumpsKwh += pumps * h;
    t.lightingKwh += lighting * h;
    t.navigationKwh += navigation * h;
    t.cargoKwh += cargo * h;
    t.auxEnergyKwh += total * h;
    t.auxLoadH += load * h;
    if (type === this.v.fuels.aux) t.auxFuelT += fuel;
    else t.auxEcaFuelT += fuel;
    if (atSea) t.voyageNumber = s.leg?.voyageNumber ?? null;
    this.burn(type, fuel);
  }

  /** The records of the period ending at `ts`. */
  *emit(ts: number, s: ShipState, w: Weather): Generator<SimRecord> {
    const v = this.v;
    const t = this.totals;
    const imo = v.imoNumber;
    const voyage = s.phase === "sea" ? (s.leg?.voyageNumber ?? null) : null;
    const periodH = (ts - this.tickStart) / HOUR_MS;
    if (t.seaH > 1e-6) {
      const fuel = (t.mainFuelT + t.mainEcaFuelT) * (1 + this.n(0.008));
      const energy = t.mainEnergyKwh * (1 + this.n(0.005));
      const type = t.mainEcaFuelT > t.mainFuelT ? v.fuels.eca : v.fuels.main;
      const fuelRate = round((fuel * 24) / t.seaH, 3);
      yield {
        kind: "fuel",
        imo,
        voyageNumber: t.voyageNumber,
        ts,
        consumer: "main",
        sfoc: round((fuel * 1e6) / energy, 2),
        fuelRate,
        engineLoad: round((100 * energy) / t.seaH / v.engine.mcrKw, 2),
        stw: round(Math.max(0, t.stwNm / t.seaH + this.n(0.1)), 2),
        sog: round(Math.max(0, t.sogNm / t.seaH + this.n(0.05)), 2),
        enginePower: round(energy / t.seaH, 1),
        fuelType: type,
        co2: round(fuelRate * FUEL_PROPERTIES[type].cf, 6),
        distanceNm: round(t.distNm, 3),
        periodHours: round(t.seaH, 4),
      };
    }
    const auxFuel = (t.auxFuelT + t.auxEcaFuelT) * (1 + this.n(0.01));
    const auxType = t.auxEcaFuelT > t.auxFuelT ? this.ecaAux : v.fuels.aux;
    const auxRate = round((auxFuel * 24) / periodH, 3);
    yield {
      kind: "fuel",
      imo,
      voyageNumber: t.voyageNumber,
      ts,
      consumer: "auxiliary",
      sfoc: round((auxFuel * 1e6) / t.auxEnergyKwh, 2),
      fuelRate: auxRate,
      engineLoad: round((100 * t.auxLoadH) / t.auxH, 2),
      stw: round(t.stwNm / periodH, 2),
      sog: round(t.sogNm / periodH, 2),
      enginePower: round(t.auxEnergyKwh / periodH, 1),
      fuelType: auxType,
      co2: round(auxRate * FUEL_PROPERTIES[auxType].cf, 6),
      distanceNm: 0,
      periodHours: round(periodH, 4),
    };
    const hs = Math.max(0, Math.sqrt(w.windSeaM * w.windSeaM + w.swellM * w.swellM) + this.n(0.1));
    yield {
      kind: "environmental",
      imo,
      voyageNumber: voyage,
      ts,
      windSpeed: round(Math.max(0, w.windSpeedKn + this.n(1.5)), 1),
      waveHeight: round(hs, 2),
      windDirection: ((Math.round(w.windFromDeg + this.n(8)) % 360) + 360) % 360,
      seaState: douglasSeaState(round(hs, 2)),
      weatherImpact: t.calmKwh > 0 ? round((100 * t.addedKwh) / t.calmKwh, 2) : 0,
      airTemperature: round(w.airTempC, 1),
      seaTemperature: round(w.seaTempC, 1),
      lat: round(s.lat, 4),
      lon: round(s.lon, 4),
      heading: Math.round(s.heading) % 360,
    };
    const fore = round(s.draught - s.trim / 2 + this.n(0.03), 2);
    const aft = round(s.draught + s.trim / 2 + this.n(0.03), 2);
    yield {
      kind: "trim",
      imo,
      voyageNumber: voyage,
      ts,
      draughtFore: fore,
      draughtAft: aft,
      trim: round(aft - fore, 2),
      displacement: Math.round(s.displacement),
    };
    const m = (kwh: number) => round((kwh / t.auxH) * (1 + this.n(0.02)), 1);
    yield {
      kind: "auxiliary",
      imo,
      voyageNumber: voyage,
      ts,
      hvac: m(t.hvacKwh),
      pumps: m(t.pumpsKwh),
      lighting: m(t.lightingKwh),
      navigation: m(t.navigationKwh),
      cargoHandling: m(t.cargoKwh),
    };
    const day = Math.floor(ts / DAY_MS);
    if (day === this.lastDay) return;
    this.lastDay = day;
    const fouling = s.hullPct + s.propPct;
    yield {
      kind: "hull",
      imo,
      ts,
      // Same definition as the hull calculator (one rule): the index is read from the excess power at equal
      // speed, hull + propeller fouling, as the calculator measures it (domain roughness-bands.ts).
      roughnessIndex: round(roughnessIndexFromExcessPower(fouling) + this.n(1), 1),
      propellerSlip: round(v.operation.baseSlipPct + 0.35 * fouling + 0.6 * hs + this.n(0.5), 2),
      hullEfficiency: round(hullEfficiencyFromExcessPower(fouling), 2),
      daysSinceCleaning: Math.floor((ts - s.lastHullCleaning) / DAY_MS),
      lastCleaningDate: isoDay(s.lastHullCleaning),
      currentTrim: round(s.trim, 2),
    };
    yield {
      kind: "compliance",
      imo,
      voyageNumber: voyage,
      ts,
      ...this.compliance(),
      eeoiTarget: this.eeoiTarget,
    };
  }

  private compliance(): { eeoi: number | null; ciiRating: string | null; ciiAttained: number | null } {
    const eeoi = this.cycleCargoNm > 0 ? round(this.cycleCo2G / this.cycleCargoNm, 3) : null;
    if (this.ytdDistance < 100) return { eeoi, ciiRating: null, ciiAttained: null };
    const p = this.v.particulars;
    const capacity = CAPACITY_BASIS[this.v.shipType] === "GT" ? p.grossTonnage : p.deadweightT;
    try {
      const a = assessCii({
        shipType: this.v.shipType,
        capacity,
        fuels: [...this.ytdFuel].map(([fuelType, tonnes]) => ({ fuelType, tonnes })),
        distanceNm: this.ytdDistance,
        year: this.ytdYear,
      });
      return { eeoi, ciiRating: a.rating, ciiAttained: round(a.attainedCii, 3) };
    } catch {
      return { eeoi, ciiRating: null, ciiAttained: null };
    }
  }
}
