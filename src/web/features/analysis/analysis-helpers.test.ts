import { describe, expect, it } from "vitest";
import type { AnalysisSummaryResponse } from "../../../contracts/analysis/analysis-summary";
import type { Kpis } from "../../../contracts/analysis/kpis";
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

const noRecords = {
  fuel: { inRange: false, newest: null },
  environmental: { inRange: false, newest: null },
  hull: { inRange: false, newest: null },
  trim: { inRange: false, newest: null },
  auxiliary: { inRange: false, newest: null },
};
const empty: AnalysisSummaryResponse = {
  shipId: 1,
  range,
  fuel: { totalFuelT: null, costPerNm: null, currency: "USD", distanceSource: null },
  hull: {
    roughnessIndex: null,
    hullEfficiency: null,
    daysSinceLastCleaning: null,
    lastCleaningDate: null,
    lastCleaningSource: null,
    cleaningState: null,
  },
  engine: { auxiliaryPowerKw: null, trimM: null },
  environment: { windSpeedKn: null, waveHeightM: null, seaTemperatureC: null },
  database: {
    fuelRecords: 0,
    dataQualityPercent: null,
    dataQualityEmptyReason: "No fuel records yet: add them with Data Input & Tools or upload a file.",
  },
};
const noKpis: Kpis = {
  sfoc: null,
  fuelConsumptionRate: null,
  engineLoadFactor: null,
  cii: null,
  ciiEmptyReason: null,
};

describe("sidebarMetrics: the summary's figures, and the KPI cards' own for SFOC, consumption, load and CII", () => {
  it("an unverified SFOC says so, as on the card", () => {
    const sfoc = {
      value: 131.9,
      reference: 185,
      differencePercent: -28.7,
      referenceSource: "specification" as const,
      referenceLoadPercent: null,
      reported: 178,
      reportedDifferencePercent: 34.9,
      verified: false,
      flags: ["reported-vs-derived" as const],
    };
    const [m] = sidebarMetrics(empty, { ...noKpis, sfoc }).fuel;
    expect(m).toEqual({ label: "SFOC", value: "131.9 g/kWh", hint: "SFOC unverified: see Report checks" });
    expect(
      sidebarMetrics(empty, { ...noKpis, sfoc: { ...sfoc, verified: true, flags: [] } }).fuel[0]!.hint,
    ).toBeNull();
    const derived = sidebarMetrics(
      { ...empty, fuel: { totalFuelT: 10, costPerNm: 41.2, currency: "USD", distanceSource: "derived" } },
      noKpis,
    ).fuel[2];
    expect(derived?.hint).toBe("Cost per nm: distance derived from SOG × hours");
  });
  it("shows real figures with units", () => {
    const metrics = sidebarMetrics(
      {
        ...empty,
        fuel: { totalFuelT: 200, costPerNm: 41.234, currency: "EUR", distanceSource: "reported" },
        engine: { auxiliaryPowerKw: 612.4, trimM: -0.456 },
        environment: { windSpeedKn: 14.2, waveHeightM: 1.84, seaTemperatureC: 18.26 },
        database: { fuelRecords: 1234, dataQualityPercent: 97.25, dataQualityEmptyReason: null },
      },
      {
        sfoc: {
          value: 176.04,
          reference: 185,
          differencePercent: -4.8,
          referenceSource: "specification",
          referenceLoadPercent: null,
          reported: null,
          reportedDifferencePercent: null,
          verified: true,
          flags: [],
        },
        fuelConsumptionRate: {
          value: 31.26,
          reference: null,
          referenceHoursAtSea: null,
          referenceBasis: null,
          differencePercent: null,
          atSeaSource: "speed-through-water",
        },
        engineLoadFactor: { value: 72.35, band: "Optimal Range" },
        ciiEmptyReason: null,
        cii: {
          rating: "C",
          attained: 5,
          required: 5,
          complianceStatus: "Compliant",
          year: 2026,
          distanceSource: "reported",
          projection: {
            attained: 5,
            rating: "C",
            low: 4.5,
            high: 5.5,
            lowRating: "B",
            highRating: "D",
            required: 5,
            basedOnDays: 200,
            method: "",
            basis: {
              kind: "ship-months",
              blocks: 7,
              blockDays: 28.6,
              degreesOfFreedom: 6,
              daysWithData: 200,
              driftPercentPerYear: 0,
              halfWidthPercent: 10,
            },
          },
        },
      },
    );
    // the currency is the summary's own, so the sidebar never shows a bare '41.23/nm'
    expect(metrics.fuel.map((m) => m.value)).toEqual(["176 g/kWh", "31.3 MT/day", "41.23 EUR/nm"]);
    expect(metrics.engine.map((m) => m.value)).toEqual(["72.4 %", "612 kW", "-0.46 m"]);
    expect(metrics.environment.map((m) => m.value)).toEqual(["14.2 kn", "1.8 m", "18.3 °C", "C"]);
    expect(metrics.database.map((m) => m.value)).toEqual(["1,234", "97.3 %"]);
  });

  it("hull figures: the roughness with its spec §4 state, days since the last cleaning event and its date", () => {
    const metrics = sidebarMetrics(
      {
        ...empty,
        hull: {
          roughnessIndex: 215,
          hullEfficiency: -16.7,
          daysSinceLastCleaning: 879,
          lastCleaningDate: "2024-07-01",
          lastCleaningSource: "hull-record",
          cleaningState: "Poor",
        },
      },
      noKpis,
    );
    expect(metrics.hull.map((m) => m.value)).toEqual(["215 (Poor)", "-16.7 %", "879 days"]);
    expect(metrics.hull[2]!.hint).toBe("Last cleaning 2024-07-01 (hull records' last cleaning date)");
  });

  it("trim figures from the trim section's answer: its optimum and saving, or its reason", () => {
    const trim = {
      recommendation: {
        optimumTrimM: 0.8,
        expectedSavingPercent: 2.34,
        expectedSavingTonnesPerDay: 0.7,
        method: "quadratic" as const,
        savingInterval: { lowPercent: 1, highPercent: 3 },
        voyageCount: 9,
      },
      noRecommendationReason: null,
    } as unknown as Parameters<typeof sidebarMetrics>[2];
    expect(
      sidebarMetrics(empty, noKpis, trim)
        .engine.slice(3)
        .map((m) => m.value),
    ).toEqual(["0.8 m", "2.3 %"]);
    const none = {
      recommendation: null,
      noRecommendationReason: "Fewer than 5 voyages",
    } as unknown as Parameters<typeof sidebarMetrics>[2];
    expect(sidebarMetrics(empty, noKpis, none).engine[3]).toEqual({
      label: "Optimum trim",
      value: "—",
      hint: "Fewer than 5 voyages",
    });
    // Before the section answers, no trim recommendation row is shown at all.
    expect(sidebarMetrics(empty, noKpis).engine).toHaveLength(3);
  });

  it("shows a dash with a hint where there is no data (never a sample figure)", () => {
    const metrics = sidebarMetrics(empty, noKpis, undefined, noRecords);
    for (const m of [...metrics.fuel, ...metrics.hull, ...metrics.engine, ...metrics.environment]) {
      expect(m.value).toBe("—");
      expect(m.hint).toMatch(/^No /);
    }
    expect(metrics.database[0]).toEqual({ label: "Fuel records in range", value: "0", hint: null });
  });

  it("says why a figure is missing: the range outside the records, none yet, or a field (issue 35 item 2)", () => {
    const records = {
      ...noRecords,
      fuel: { inRange: false, newest: "2025-03-02T00:00:00.000Z" },
      hull: { inRange: true, newest: "2025-03-02T00:00:00.000Z" },
    };
    const metrics = sidebarMetrics(empty, noKpis, undefined, records);
    expect(metrics.fuel[1]!.hint).toBe(
      "No fuel records in this range; the newest is from 2025-03-02 — widen the range",
    );
    expect(metrics.environment[0]!.hint).toBe("No environmental records yet — add or upload them");
    expect(metrics.hull[0]!.hint).toBe("The hull records in this range carry no roughness index — add it");
  });

  it("the CII rating says the server's cause, as the card does (issue 35 item 2)", () => {
    const reason = "The ship has no deadweight; add it on the ship's page.";
    const cii = sidebarMetrics(empty, { ...noKpis, ciiEmptyReason: reason }).environment.at(-1);
    expect(cii).toEqual({ label: "CII rating", value: "—", hint: reason });
  });
});
