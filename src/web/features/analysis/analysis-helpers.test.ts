import { describe, expect, it } from "vitest";
import type { AnalysisSummaryResponse } from "../../../contracts/analysis/analysis-summary";
import { sidebarMetrics } from "./sidebar-metrics";
import { dataQualityTone } from "./status-colors";

describe("dataQualityTone (spec §9: ≥95 green, ≥85 yellow, else red)", () => {
  it.each([
    [100, "good"],
    [95, "good"],
    [94.99, "fair"],
    [85, "fair"],
    [84.9, "poor"],
    [0, "poor"],
  ] as const)("%s %% is %s", (percent, tone) => {
    expect(dataQualityTone(percent)).toBe(tone);
  });
});

const range = {
  from: "2026-03-01T00:00:00Z",
  to: "2026-03-08T00:00:00Z",
  range: "7days",
  voyageId: null,
  engine: "main",
  resolution: "hourly",
} as const;

const empty: AnalysisSummaryResponse = {
  shipId: 1,
  range,
  fuel: { sfoc: null, fuelConsumptionRate: null, totalFuelT: null, costPerNm: null },
  hull: { roughnessIndex: null, hullEfficiency: null, daysSinceLastCleaning: null },
  engine: { loadFactor: null, auxiliaryPowerKw: null, trimM: null },
  environment: { windSpeedKn: null, waveHeightM: null, ciiRating: null },
  database: { fuelRecords: 0, dataQualityPercent: null },
};

describe("sidebarMetrics", () => {
  it("shows real figures with units", () => {
    const metrics = sidebarMetrics(
      {
        ...empty,
        fuel: { sfoc: 176.04, fuelConsumptionRate: 31.26, totalFuelT: 200, costPerNm: 41.234 },
        engine: { loadFactor: 72.35, auxiliaryPowerKw: 612.4, trimM: -0.456 },
        environment: { windSpeedKn: 14.2, waveHeightM: 1.84, ciiRating: "C" },
        database: { fuelRecords: 1234, dataQualityPercent: 97.25 },
      },
      "USD",
    );
    expect(metrics.fuel.map((m) => m.value)).toEqual(["176 g/kWh", "31.3 MT/day", "41.23 USD/nm"]);
    expect(metrics.engine.map((m) => m.value)).toEqual(["72.4 %", "612 kW", "-0.46 m"]);
    expect(metrics.environment.map((m) => m.value)).toEqual(["14.2 kn", "1.8 m", "C"]);
    expect(metrics.database.map((m) => m.value)).toEqual(["1,234", "97.3 %"]);
  });

  it("shows a dash with a hint where there is no data (never a sample figure)", () => {
    const metrics = sidebarMetrics(empty, null);
    for (const m of [...metrics.fuel, ...metrics.hull, ...metrics.engine, ...metrics.environment]) {
      expect(m.value).toBe("—");
      expect(m.hint).toMatch(/^No /);
    }
    expect(metrics.database[0]).toEqual({ label: "Fuel records", value: "0", hint: null });
  });
});
