import { describe, expect, it } from "vitest";
import { FUEL_PROPERTIES } from "../domain/fuels/fuel-types";
import {
  beaufortForce,
  calmWaterPowerKw,
  douglasSeaState,
  REFERENCE_LCV,
  shopTestSfoc,
  weatherAddedPowerKw,
} from "./physics";
import { Random } from "./random";
import type { FuelRecord, TrimRecord } from "./records";
import { CALM_CLEAN, collect, fit2, smallRun } from "./test-helpers";
import { createVessel } from "./vessel";

const byTs = <T extends { imo: string; ts: number }>(rows: T[]) =>
  new Map(rows.map((r) => [`${r.imo}@${r.ts}`, r]));
const key = (r: { imo: string; ts: number }) => `${r.imo}@${r.ts}`;
/** Main-engine rows covering a whole hour of sailing. */
const fullHours = (rows: FuelRecord[]) => rows.filter((f) => f.periodHours === 1);

describe("calm water: fuel rises with speed roughly with the cube", () => {
  it("fits fuel ∝ V^n·Δ^m on calm, clean-hull rows with n in 2.7–3.3 and m near 2/3", () => {
    const { mainFuel, of } = collect(smallRun({ days: 365, ships: 3, model: CALM_CLEAN }));
    const trim = byTs(of("trim") as TrimRecord[]);
    for (const imo of new Set(mainFuel.map((f) => f.imo))) {
      const rows = fullHours(mainFuel.filter((f) => f.imo === imo));
      const lnV = rows.map((f) => Math.log(f.stw));
      const lnD = rows.map((f) => Math.log(trim.get(key(f))!.displacement));
      const [, n, m] = fit2(
        lnV,
        lnD,
        rows.map((f) => Math.log(f.fuelRate)),
      );
      expect(rows.length).toBeGreaterThan(1000);
      expect(n).toBeGreaterThan(2.7);
      expect(n).toBeLessThan(3.3);
      expect(m).toBeGreaterThan(0.5);
      expect(m).toBeLessThan(0.8);
    }
  });

  it("gives exactly the admiralty power P = k·Δ^(2/3)·V³ when everything else is off", () => {
    const { mainFuel, of, fleet } = collect(smallRun({ days: 60, ships: 2, model: CALM_CLEAN }));
    const trim = byTs(of("trim") as TrimRecord[]);
    for (const f of fullHours(mainFuel)) {
      const v = fleet.vessels.find((x) => x.imoNumber === f.imo)!;
      const expected = calmWaterPowerKw(v, f.stw, trim.get(key(f))!.displacement);
      expect(Math.abs(f.enginePower / expected - 1)).toBeLessThan(0.002);
    }
  });
});

describe("fouling", () => {
  it("raises power at constant speed, more as the days since cleaning grow", () => {
    const clean = collect(smallRun({ days: 200, ships: 2, model: CALM_CLEAN }));
    const fouled = collect(smallRun({ days: 200, ships: 2, model: { ...CALM_CLEAN, fouling: true } }));
    const cleanRows = byTs(fullHours(clean.mainFuel));
    const hull = fouled.of("hull");
    const ratios: { ratio: number; fouling: number }[] = [];
    for (const f of fullHours(fouled.mainFuel)) {
      const c = cleanRows.get(key(f));
      if (!c || c.stw !== f.stw) continue;
      const day = hull.filter((h) => h.imo === f.imo && h.ts <= f.ts).at(-1);
      if (day) ratios.push({ ratio: f.enginePower / c.enginePower, fouling: -day.hullEfficiency });
    }
    expect(ratios.length).toBeGreaterThan(1000);
    for (const r of ratios) expect(r.ratio).toBeGreaterThan(1);
    const lo = ratios.filter((r) => r.fouling < 4);
    const hi = ratios.filter((r) => r.fouling > 8);
    const mean = (xs: { ratio: number }[]) => xs.reduce((s, x) => s + x.ratio, 0) / xs.length;
    expect(lo.length).toBeGreaterThan(0);
    expect(hi.length).toBeGreaterThan(0);
    expect(mean(hi)).toBeGreaterThan(mean(lo) + 0.04);
  });
});

describe("weather", () => {
  it("adds power in head seas, more with higher waves and stronger wind, less in following seas", () => {
    const v = createVessel(0, { shipType: "bulk_carrier" }, new Random(1));
    const sea = (windSpeedKn: number, h: number, from: number) => ({
      windSpeedKn,
      windFromDeg: from,
      windSeaM: h,
      swellM: 0,
      swellFromDeg: from,
    });
    expect(weatherAddedPowerKw(v, 12, 0, sea(0, 0, 0))).toBe(0);
    const head2 = weatherAddedPowerKw(v, 12, 0, sea(20, 2, 0));
    const head4 = weatherAddedPowerKw(v, 12, 0, sea(30, 4, 0));
    expect(head2).toBeGreaterThan(0);
    expect(head4).toBeGreaterThan(head2);
    expect(weatherAddedPowerKw(v, 12, 0, sea(30, 4, 180))).toBeLessThan(head4 / 3);
  });

  it("shows higher power per V³·Δ^(2/3) in heavy seas than in calm ones in the generated rows", () => {
    const { mainFuel, of, fleet } = collect(
      smallRun({ days: 365, ships: 2, model: { ...CALM_CLEAN, weather: true } }),
    );
    const env = byTs(of("environmental"));
    const trim = byTs(of("trim") as TrimRecord[]);
    const calm: number[] = [];
    const heavy: number[] = [];
    for (const f of fullHours(mainFuel)) {
      const e = env.get(key(f))!;
      const v = fleet.vessels.find((x) => x.imoNumber === f.imo)!;
      const r = f.enginePower / calmWaterPowerKw(v, f.stw, trim.get(key(f))!.displacement);
      if (e.seaState <= 3) calm.push(r);
      if (e.seaState >= 6) heavy.push(r);
      expect(e.weatherImpact).toBeGreaterThan(-30);
    }
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(heavy.length).toBeGreaterThan(20);
    expect(mean(heavy)).toBeGreaterThan(mean(calm) + 0.1);
  });

  it("reports a sea state that is the Douglas degree of the reported wave height", () => {
    const { of } = collect(smallRun({ days: 60 }));
    for (const e of of("environmental")) expect(e.seaState).toBe(douglasSeaState(e.waveHeight));
  });

  it.each([
    [0.5, 0],
    [2, 1],
    [5, 2],
    [8, 3],
    [15, 4],
    [20, 5],
    [25, 6],
    [30, 7],
    [38, 8],
    [45, 9],
    [50, 10],
    [70, 12],
  ])("Beaufort: %s kn is force %s", (kn, force) => expect(beaufortForce(kn)).toBe(force));

  it.each([
    [0, 0],
    [0.05, 1],
    [0.3, 2],
    [1, 3],
    [2, 4],
    [3, 5],
    [5, 6],
    [8, 7],
    [12, 8],
    [15, 9],
  ])("Douglas: %s m is sea state %s", (m, degree) => expect(douglasSeaState(m)).toBe(degree));
});

describe("engine and fuel", () => {
  it("CO2 equals fuel × the Cf of its type, exactly to the written precision", () => {
    const { of } = collect(smallRun({ days: 90, ships: 5 }));
    const fuel = of("fuel");
    expect(new Set(fuel.map((f) => f.fuelType))).toEqual(new Set(["HFO", "MGO", "MDO", "LNG"]));
    for (const f of fuel) {
      expect(f.co2).toBe(Math.round(f.fuelRate * FUEL_PROPERTIES[f.fuelType].cf * 1e6) / 1e6);
    }
  });

  it("SFOC follows the shop-test curve at the load, corrected to the fuel's LCV", () => {
    const { mainFuel, fleet } = collect(
      smallRun({ days: 120, ships: 5, model: { ...CALM_CLEAN, weather: true, fouling: true } }),
    );
    for (const f of fullHours(mainFuel)) {
      const v = fleet.vessels.find((x) => x.imoNumber === f.imo)!;
      const expected =
        (shopTestSfoc(v, f.engineLoad / 100) * REFERENCE_LCV) / FUEL_PROPERTIES[f.fuelType].lcvKjPerKg;
      expect(Math.abs(f.sfoc - expected)).toBeLessThan(0.05);
    }
  });

  it("keeps the engine within its service load and the shop-test minimum near 75–80 % MCR at 164–172 g/kWh", () => {
    const { mainFuel, truth } = collect(smallRun({ days: 120, ships: 5 }));
    for (const f of mainFuel) expect(f.engineLoad).toBeLessThanOrEqual(91);
    for (const s of truth.ships) {
      expect(s.engine.loadAtMin).toBeGreaterThanOrEqual(0.74);
      expect(s.engine.loadAtMin).toBeLessThanOrEqual(0.8);
      expect(s.engine.sfocMinGPerKwh).toBeGreaterThanOrEqual(164);
      expect(s.engine.sfocMinGPerKwh).toBeLessThanOrEqual(172);
    }
  });

  it("SFOC of a drifting engine rises against the shop test over its last months", () => {
    const { mainFuel, fleet } = collect(
      smallRun({
        days: 365,
        ships: 1,
        scenarios: [{ driftingEngine: true }],
        model: { ...CALM_CLEAN, drift: true },
      }),
    );
    const v = fleet.vessels[0]!;
    const ratio = (f: FuelRecord) =>
      (f.sfoc * FUEL_PROPERTIES[f.fuelType].lcvKjPerKg) / REFERENCE_LCV / shopTestSfoc(v, f.engineLoad / 100);
    const rows = fullHours(mainFuel);
    const first = rows.slice(0, 500).map(ratio);
    const last = rows.slice(-500).map(ratio);
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(mean(last) - mean(first)).toBeGreaterThan(0.03);
  });
});
