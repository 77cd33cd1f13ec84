import { describe, expect, it } from "vitest";
import { inLoadBin, LOAD_HISTOGRAM, loadBand, loadHistogramBin } from "./load-bands";

describe("loadBand: below 40 % Low Load, 40–85 % Optimal Range (both ends included), above High Load", () => {
  it.each([
    [0, "Low Load"],
    [39.9, "Low Load"],
    [40, "Optimal Range"],
    [70, "Optimal Range"],
    [85, "Optimal Range"],
    [85.1, "High Load"],
    [110, "High Load"],
  ] as const)("load %d %% is %s", (load, band) => {
    expect(loadBand(load)).toBe(band);
  });
});

describe("LOAD_HISTOGRAM: seven bins; an edge belongs to the bin above it, from 85 % on to the bin below", () => {
  it("has the Engine Load section's labels and lower edges", () => {
    expect(LOAD_HISTOGRAM.map((b) => b.label)).toEqual([
      "<25",
      "25–40",
      "40–55",
      "55–70",
      "70–85",
      "85–100",
      ">100",
    ]);
    expect(LOAD_HISTOGRAM.map((b) => b.fromPercent)).toEqual([null, 25, 40, 55, 70, 85, 100]);
  });

  it.each([
    [0, "<25"],
    [24.99, "<25"],
    [25, "25–40"],
    [40, "40–55"],
    [55, "55–70"],
    [70, "70–85"],
    [85, "70–85"],
    [85.01, "85–100"],
    [100, "85–100"],
    [100.01, ">100"],
    [-5, "<25"],
  ] as const)("load %d %% falls in %s and in no other bin", (load, label) => {
    expect(LOAD_HISTOGRAM[loadHistogramBin(load)]!.label).toBe(label);
    expect(LOAD_HISTOGRAM.filter((b) => inLoadBin(b, load))).toHaveLength(1);
  });

  it("agrees with the KPI band at the optimal range's edges (40 and 85 % are optimal in both)", () => {
    for (const load of [40, 85]) expect(loadBand(load)).toBe("Optimal Range");
    expect(LOAD_HISTOGRAM[loadHistogramBin(85)]!.toPercent).toBe(85);
    expect(LOAD_HISTOGRAM[loadHistogramBin(40)]!.fromPercent).toBe(40);
  });
});
