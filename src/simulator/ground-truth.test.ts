import { describe, expect, it } from "vitest";
import { PORTS, type PortCode, routeBetween } from "./ports";
import { OVERDUE_WINDOW_DAYS } from "./ship-simulation";
import { collect, smallRun } from "./test-helpers";

const DAY = 86_400_000;
const codeOf = (name: string) => (Object.keys(PORTS) as PortCode[]).find((c) => PORTS[c].name === name)!;

describe("ground truth is consistent with the generated rows", () => {
  const run = collect(
    smallRun({
      days: 730,
      ships: 3,
      scenarios: [{ overdueHullCleaning: true }, {}, { driftingEngine: true }],
    }),
  );
  const { truth, of } = run;

  it("lists the ships with the particulars of the ship rows", () => {
    expect(truth.ships.map((s) => s.imoNumber)).toEqual(of("ship").map((s) => s.vessel.imoNumber));
    for (const [i, s] of of("ship").entries())
      expect(truth.ships[i]!.particulars).toEqual(s.vessel.particulars);
  });

  it("resets days since cleaning at each hull cleaning or dry-dock, whose date becomes the last cleaning date", () => {
    let checked = 0;
    for (const s of truth.ships) {
      const hull = of("hull").filter((h) => h.imo === s.imoNumber);
      for (const e of s.fouling.events.filter((x) => x.kind !== "propeller_polishing")) {
        const at = Date.parse(e.date);
        const next = hull.find((h) => h.ts > at)!;
        expect(next.lastCleaningDate).toBe(e.date.slice(0, 10));
        expect(next.daysSinceCleaning).toBeLessThanOrEqual(1);
        expect(e.hullFoulingPctBefore).toBeGreaterThan(0);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("records the monthly fouling that the hull rows report as hull efficiency", () => {
    for (const s of truth.ships) {
      const hull = new Map(
        of("hull")
          .filter((h) => h.imo === s.imoNumber)
          .map((h) => [h.ts, h]),
      );
      for (const m of s.fouling.monthly) {
        const h = hull.get(Date.parse(m.date))!;
        expect(h.hullEfficiency).toBeCloseTo((-100 * m.addedPowerPct) / (100 + m.addedPowerPct), 1);
      }
    }
  });

  it("gives an overdue hull no maintenance in its last window and heavy fouling at the end", () => {
    const s = truth.ships[0]!;
    const end = Date.parse(truth.end);
    expect(s.fouling.events.filter((e) => Date.parse(e.date) > end - OVERDUE_WINDOW_DAYS * DAY)).toEqual([]);
    const last = of("hull")
      .filter((h) => h.imo === s.imoNumber)
      .at(-1)!;
    expect(last.daysSinceCleaning).toBeGreaterThanOrEqual(OVERDUE_WINDOW_DAYS);
    expect(last.roughnessIndex).toBeGreaterThanOrEqual(150);
    const others = truth.ships.slice(1).map((x) => x.fouling.atEnd!.hullFoulingPct);
    expect(s.fouling.atEnd!.hullFoulingPct).toBeGreaterThan(Math.max(...others));
  });

  it("marks the drifting engine's SFOC factor well above the others' at the end", () => {
    const [a, b, drifting] = truth.ships.map((s) => s.fouling.atEnd!.sfocFactor);
    expect(drifting!).toBeGreaterThan(1.04);
    expect(Math.max(a!, b!)).toBeLessThan(1.02);
    expect(truth.ships[2]!.engine.sfocDrift.extra).not.toBeNull();
  });

  it("gives speed–power curve points on P = k·Δ^(2/3)·V³", () => {
    for (const s of truth.ships) {
      for (const curve of [s.speedPowerCurve.design, s.speedPowerCurve.ballast]) {
        for (const p of curve.points) {
          expect(p.powerKw / (s.calmWater.k * curve.displacementT ** (2 / 3) * p.speedKn ** 3)).toBeCloseTo(
            1,
            3,
          );
        }
      }
    }
  });

  it("has voyages in order, between real ports, whose rows sail the route distance", () => {
    const fuel = run.mainFuel;
    for (const s of truth.ships) {
      const voyages = of("voyage").filter((v) => v.imo === s.imoNumber);
      expect(voyages.length).toBeGreaterThan(5);
      for (let i = 1; i < voyages.length; i++) {
        expect(voyages[i]!.departureMs).toBeGreaterThanOrEqual(voyages[i - 1]!.arrivalMs!);
        expect(voyages[i]!.origin).toBe(voyages[i - 1]!.destination);
      }
      for (const v of voyages.filter((x) => x.arrivalMs !== null)) {
        const sailed = fuel
          .filter((f) => f.imo === s.imoNumber && f.voyageNumber === v.voyageNumber)
          .reduce((sum, f) => sum + f.distanceNm, 0);
        const route = routeBetween(codeOf(v.origin), codeOf(v.destination)).distanceNm;
        expect(Math.abs(sailed / route - 1)).toBeLessThan(0.01);
        expect(v.laden).toBe(v.cargoTonnes > 0);
      }
      const numbers = new Set(voyages.map((v) => v.voyageNumber));
      for (const f of of("fuel").filter((x) => x.imo === s.imoNumber && x.voyageNumber)) {
        expect(numbers.has(f.voyageNumber!)).toBe(true);
      }
    }
  });

  it("writes a compliance rating and a positive EEOI on laden cycles", () => {
    const comp = of("compliance");
    expect(comp.filter((c) => c.ciiRating !== null).length).toBeGreaterThan(comp.length * 0.9);
    for (const c of comp) if (c.eeoi !== null) expect(c.eeoi).toBeGreaterThan(0);
  });
});
