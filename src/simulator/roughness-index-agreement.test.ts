/**
 * One meaning of "hull roughness index" (issue 11, one rule one place): the hull calculator and the
 * simulator's hull records derive the index from the same state with the same function
 * (domain roughnessIndexFromExcessPower). The simulator's fouling F (hull + propeller, % of calm-water
 * power, ship-simulation.ts) is what the calculator measures as excess power at equal speed; given the
 * fouled and the clean power, it must answer the index the record holds, up to the record's noise (sd 1).
 */
import { describe, expect, it } from "vitest";
import { calculateHullPerformance } from "../domain/hull/hull-calculator";
import { calmWaterPowerKw } from "./physics";
import { collect, smallRun } from "./test-helpers";

describe("hull roughness index means the same in the calculator and in the hull records", () => {
  it("on the full model (weather, fouling, drift, noise): the monthly fouling of the ground truth", () => {
    const run = collect(
      smallRun({ days: 730, ships: 3, scenarios: [{ overdueHullCleaning: true }, {}, {}] }),
    );
    const diffs: number[] = [];
    for (const s of run.truth.ships) {
      const v = run.fleet.vessels.find((x) => x.imoNumber === s.imoNumber)!;
      const hull = new Map(
        run
          .of("hull")
          .filter((h) => h.imo === s.imoNumber)
          .map((h) => [h.ts, h]),
      );
      for (const m of s.fouling.monthly) {
        const record = hull.get(Date.parse(m.date))!;
        const speed = 13;
        const clean = calmWaterPowerKw(v, speed, v.hull.designDisplacementT);
        const r = calculateHullPerformance({
          currentSfoc: 175,
          baselineSfoc: 175,
          baselinePower: clean,
          currentPower: clean * (1 + m.addedPowerPct / 100),
          currentSpeed: speed,
          baselineSpeed: speed,
        });
        diffs.push(record.roughnessIndex - r.hullRoughnessIndex);
      }
    }
    expect(diffs.length).toBeGreaterThan(20);
    // Record noise has sd 1 (report-builder.ts): no single month more than 4 sd away, no bias.
    expect(Math.max(...diffs.map(Math.abs))).toBeLessThan(4);
    expect(Math.abs(diffs.reduce((a, b) => a + b, 0) / diffs.length)).toBeLessThan(0.5);
    const worst = Math.max(...run.of("hull").map((h) => h.roughnessIndex));
    expect(worst).toBeGreaterThan(140); // the overdue hull reaches the red band, not only near-clean cases
  }, 60_000);
});
