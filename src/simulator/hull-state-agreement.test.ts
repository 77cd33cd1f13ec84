/**
 * One meaning of "hull efficiency" and of "hull roughness index" (issue 11 item 5, one rule one place): the
 * hull calculator and the hull records give the same numbers for the same hull state. The simulator's fouling
 * F (hull + propeller, % of calm-water power, ship-simulation.ts) multiplies calm-water power and its hull
 * records report hullEfficiency and roughnessIndex from F (domain hullEfficiencyFromExcessPower,
 * roughnessIndexFromExcessPower); the calculator, given the fouled and the clean power at the same speed,
 * must answer the same figures (the roughness index up to the record's noise, sd 1).
 */
import { describe, expect, it } from "vitest";
import { calculateHullPerformance } from "../domain/hull/hull-calculator";
import { calmWaterPowerKw } from "./physics";
import type { FuelRecord, TrimRecord } from "./records";
import { CALM_CLEAN, collect, smallRun } from "./test-helpers";

const sfoc = { currentSfoc: 175, baselineSfoc: 175 };

/**
 * Each month of the ground truth's fouling on the full model (weather, fouling, drift, noise): the hull
 * record of that date and the calculator's answer for that fouling at 13 kn. One run serves both figures.
 */
function monthlyPairs() {
  const run = collect(smallRun({ days: 730, ships: 3, scenarios: [{ overdueHullCleaning: true }, {}, {}] }));
  const pairs = run.truth.ships.flatMap((s) => {
    const v = run.fleet.vessels.find((x) => x.imoNumber === s.imoNumber)!;
    const hull = new Map(
      run
        .of("hull")
        .filter((h) => h.imo === s.imoNumber)
        .map((h) => [h.ts, h]),
    );
    return s.fouling.monthly.map((m) => {
      const speed = 13;
      const clean = calmWaterPowerKw(v, speed, v.hull.designDisplacementT);
      const answer = calculateHullPerformance({
        ...sfoc,
        baselinePower: clean,
        currentPower: clean * (1 + m.addedPowerPct / 100),
        currentSpeed: speed,
        baselineSpeed: speed,
      });
      return { record: hull.get(Date.parse(m.date))!, answer };
    });
  });
  return { run, pairs };
}

describe("hull efficiency and roughness index mean the same in the calculator and in the hull records", () => {
  const monthly = monthlyPairs();

  it("hull efficiency, on the full model: the monthly fouling of the ground truth", () => {
    const { run, pairs } = monthly;
    expect(pairs.length).toBeGreaterThan(20);
    for (const { record, answer } of pairs) {
      expect(Math.abs(answer.hullEfficiency - record.hullEfficiency)).toBeLessThanOrEqual(0.006);
    }
    const worst = Math.min(...run.of("hull").map((h) => h.hullEfficiency));
    expect(worst).toBeLessThan(-10); // the overdue hull reaches real fouling, not only near-zero cases
  });

  it("roughness index, on the full model: the monthly fouling of the ground truth", () => {
    const { run, pairs } = monthly;
    const diffs = pairs.map(({ record, answer }) => record.roughnessIndex - answer.hullRoughnessIndex);
    expect(diffs.length).toBeGreaterThan(20);
    // Record noise has sd 1 (report-builder.ts): no single month more than 4 sd away, no bias.
    expect(Math.max(...diffs.map(Math.abs))).toBeLessThan(4);
    expect(Math.abs(diffs.reduce((a, b) => a + b, 0) / diffs.length)).toBeLessThan(0.5);
    const worst = Math.max(...run.of("hull").map((h) => h.roughnessIndex));
    expect(worst).toBeGreaterThan(140); // the overdue hull reaches the red band, not only near-clean cases
  });

  it("from the generated hourly rows: engine power now vs the clean-hull power at the same speed and displacement", () => {
    const run = collect(smallRun({ days: 365, ships: 2, model: { ...CALM_CLEAN, fouling: true } }));
    const trim = new Map((run.of("trim") as TrimRecord[]).map((t) => [`${t.imo}@${t.ts}`, t]));
    const fuel = new Map(
      (run.mainFuel as FuelRecord[]).filter((f) => f.periodHours === 1).map((f) => [`${f.imo}@${f.ts}`, f]),
    );
    let checked = 0;
    for (const h of run.of("hull")) {
      const f = fuel.get(`${h.imo}@${h.ts}`);
      const t = trim.get(`${h.imo}@${h.ts}`);
      if (!f || !t) continue;
      const v = run.fleet.vessels.find((x) => x.imoNumber === h.imo)!;
      const r = calculateHullPerformance({
        ...sfoc,
        currentPower: f.enginePower,
        baselinePower: calmWaterPowerKw(v, f.stw, t.displacement),
        currentSpeed: f.stw,
        baselineSpeed: f.stw,
      });
      // Within the hour the hull grows a little and power is rounded to 0.1 kW.
      expect(Math.abs(r.hullEfficiency - h.hullEfficiency)).toBeLessThan(0.05);
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
  }, 60_000);
});
