import { describe, expect, it } from "vitest";
import type { TrimOptimizationSectionResponse } from "../../../contracts/analysis/trim-optimization-section";
import { MAX_TRIM_CURVES, noCurveText, trimChartBins } from "./trim-format";

type Bin = TrimOptimizationSectionResponse["bins"][number];

const bin = (draughtFromM: number, hoursAtSea: number, over: Partial<Bin> = {}): Bin => ({
  draughtFromM,
  draughtToM: draughtFromM + 0.5,
  speedFromKn: 12,
  speedToKn: 13,
  hoursAtSea,
  voyageCount: 6,
  model: "quadratic",
  optimumTrimM: -0.4,
  optimumSupported: true,
  unsupportedReason: null,
  fuelAtOptimumTonnesPerDay: 20,
  curve: { trimM: [-1, 0, 1], penaltyPercent: [1, 0.2, 4] },
  noCurveReason: null,
  observed: { trimM: [-1, 1], penaltyPercent: [1.1, 3.9], hoursAtSea: [30, 30] },
  implausibleHours: 0,
  ...over,
});

const reason = "only 3 voyages sailed this draught and speed (at least 5 needed)";
const unsupported = (draughtFromM: number, hoursAtSea: number) =>
  bin(draughtFromM, hoursAtSea, {
    optimumSupported: false,
    unsupportedReason: reason,
    curve: { trimM: [], penaltyPercent: [] },
    noCurveReason: reason,
  });

describe("trimChartBins: the trim chart draws only the bins the analysis' rule allows", () => {
  it("an unsupported bin draws neither curve nor dots, and says why", () => {
    const current = { meanDraughtM: 10.2, speedKn: 12.5, trimM: 0.5, at: "2025-05-06T00:00:00.000Z" };
    // the current condition's bin is the unsupported one, and it has the most hours: still not drawn
    const got = trimChartBins([unsupported(10, 500), bin(11, 100)], current);
    expect(got.series.map((s) => s.label)).toEqual([
      "T 11–11.5 m · 12–13 kn",
      "T 11–11.5 m · 12–13 kn, sailed",
    ]);
    expect(got.omitted).toEqual([{ label: "T 10–10.5 m · 12–13 kn", reason }]);
    expect(noCurveText(got.omitted[0]!)).toBe(`No curve for T 10–10.5 m · 12–13 kn: ${reason}`);
  });

  it("the current condition's supported bin first and thick, then the most sampled", () => {
    const current = { meanDraughtM: 9.1, speedKn: 12.5, trimM: 0, at: "2025-05-06T00:00:00.000Z" };
    const bins = [
      bin(8, 10),
      bin(9, 5),
      bin(10, 300),
      ...Array.from({ length: 6 }, (_, i) => bin(12 + i, 50)),
    ];
    const got = trimChartBins(bins, current);
    const lines = got.series.filter((s) => s.kind !== "points");
    expect(lines).toHaveLength(MAX_TRIM_CURVES);
    expect(lines[0]!.label).toBe("T 9–9.5 m · 12–13 kn");
    expect(lines[0]!.width).toBe(3);
    expect(lines[1]!.label).toBe("T 10–10.5 m · 12–13 kn");
    expect(lines[1]!.width).toBe(1.5);
    // bins left out for room are not said to have no curve
    expect(got.omitted).toEqual([]);
  });

  it("a supported bin whose curve the server emptied (physical cap) is listed with that reason", () => {
    const capped = bin(10, 100, {
      curve: { trimM: [], penaltyPercent: [] },
      noCurveReason: "the model's penalties exceed the 15 % trim can cause",
    });
    const got = trimChartBins([capped], null);
    expect(got.series).toEqual([]);
    expect(got.omitted[0]!.reason).toMatch(/exceed the 15 %/);
  });
});
