import { describe, expect, test } from "vitest";
import {
  dryDockingPerformance,
  inServicePerformance,
  maintenanceEffect,
  maintenanceTrigger,
} from "./performance-indicators.js";

const DAY = 86_400_000;
const t0 = Date.UTC(2020, 0, 1);
// Synthetic daily series with known steps (definitions: ISO 19030-2 [MEM], reference-data.md §8):
// previous docking at day 0: 1.5 % loss for a year; latest docking at day 1000: 0.5 % for the first year,
// then 4 % until a hull cleaning at day 1600, then 1 % until day 1900.
function lossOn(day: number): number {
  if (day < 1000) return day < 365 ? 1.5 : 3;
  if (day < 1365) return 0.5;
  if (day < 1600) return 4;
  return 1;
}
const series = Array.from({ length: 1900 }, (_, d) => ({
  timestampMs: t0 + d * DAY,
  speedLossPercent: lossOn(d),
}));

describe("ISO 19030-2 indicators as differences of mean speed loss between periods", () => {
  test("dry-docking performance: 0.5 % after the latest docking vs 1.5 % after the previous → −1 (better)", () => {
    const r = dryDockingPerformance(series, {
      previousOutDockingMs: t0,
      latestOutDockingMs: t0 + 1000 * DAY,
    });
    expect(r.speedLossChangePercent).toBeCloseTo(-1, 12);
    expect(r.performanceValueChangePercent).toBeCloseTo(1, 12);
    expect(r.reference.count).toBe(365);
  });

  test("in-service performance: first year 0.5 % → last 200 days before the interval end 4 % → +3.5", () => {
    const r = inServicePerformance(series, {
      outDockingMs: t0 + 1000 * DAY,
      intervalEndMs: t0 + 1600 * DAY,
      evaluationDays: 200,
    });
    expect(r.speedLossChangePercent).toBeCloseTo(3.5, 12);
  });

  test("maintenance trigger: current 90 days (1 %) vs first year after docking (0.5 %) → +0.5", () => {
    const r = maintenanceTrigger(series, { outDockingMs: t0 + 1000 * DAY, nowMs: t0 + 1900 * DAY });
    expect(r.speedLossChangePercent).toBeCloseTo(0.5, 12);
    expect(r.evaluation.count).toBe(90);
  });

  test("maintenance effect: 90 days after the cleaning (1 %) vs 90 days before (4 %) → −3", () => {
    const r = maintenanceEffect(series, { eventMs: t0 + 1600 * DAY });
    expect(r.speedLossChangePercent).toBeCloseTo(-3, 12);
  });

  test("a period without data gives null, not zero", () => {
    const r = maintenanceEffect(series, { eventMs: t0 + 5000 * DAY });
    expect(r.speedLossChangePercent).toBeNull();
    expect(r.evaluation.meanSpeedLossPercent).toBeNull();
  });
});
