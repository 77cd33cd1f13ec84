/**
 * One SFOC rule on realistic data (issue 11): on the simulator's full model with faults (weather, fouling,
 * drift, noise, sensor faults), the data-quality score counts as implausible exactly the reported SFOCs the
 * report check "sfoc-out-of-physical-range" calls impossible, and no more (clean values stay plausible).
 */
import { describe, expect, it } from "vitest";
import { assessDataQuality } from "../domain/data-quality/data-quality-score";
import { sfocPlausibilityRange } from "../domain/data-quality/plausibility";
import { isSfocPhysical } from "../domain/engine/sfoc-physical-range";
import { sfocRangeOfRecord } from "../domain/report-checks/report-checks";
import type { FuelRecord } from "./records";
import { collect, smallRun } from "./test-helpers";

describe("SFOC plausibility and the physical-range report check agree on the simulator's data", () => {
  it("on the full model with faults: one count per engine series", () => {
    const run = collect(smallRun({ days: 120, ships: 3, faults: true }));
    const fuel = run.of("fuel") as FuelRecord[];
    let impossibleTotal = 0;
    for (const consumer of ["main", "auxiliary"] as const) {
      const series = fuel.filter((f) => f.consumer === consumer && Number.isFinite(f.sfoc));
      const impossible = series.filter((f) => !isSfocPhysical(f.sfoc, sfocRangeOfRecord(f))).length;
      const q = assessDataQuality({
        samples: series.map((f) => ({
          timestamp: new Date(f.ts),
          fuelType: f.fuelType,
          values: { sfoc: f.sfoc },
        })),
        period: { start: new Date(series[0]!.ts), end: new Date(series.at(-1)!.ts + 1) },
        cadenceMs: 3_600_000,
        ranges: { sfoc: (s) => sfocPlausibilityRange({ consumer, fuelType: s.fuelType ?? "" }) },
        stuckFields: [],
      });
      const implausible = q.issues.find((i) => i.kind === "implausible")?.count ?? 0;
      expect(implausible).toBe(impossible);
      expect(impossible).toBeLessThan(series.length * 0.01); // faults are rare; clean values all plausible
      impossibleTotal += impossible;
    }
    expect(impossibleTotal).toBeGreaterThan(0); // the faults put some SFOCs out of range: the test bites
  }, 60_000);
});
