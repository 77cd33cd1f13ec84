import { describe, expect, test } from "vitest";
import { fuelRecordChecks } from "../report-checks/report-checks.js";
import { completeness, expectedSampleCount } from "./completeness.js";
import { assessDataQuality, type QualitySample } from "./data-quality-score.js";
import { hampelOutlierIndices, modifiedZScores, outlierIndices } from "./outliers.js";
import {
  isPlausible,
  PLAUSIBILITY_RANGES,
  type PlausibleField,
  sfocPlausibilityRange,
} from "./plausibility.js";
import { stuckRuns } from "./stuck-values.js";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const t0 = new Date("2025-01-01T00:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);
const day1 = { start: t0, end: at(DAY) };

describe("completeness against the expected cadence (Sextant rule)", () => {
  test.each([
    ["hourly over a day", DAY, HOUR, 24],
    ["noon reports over 30 days", 30 * DAY, DAY, 30],
    ["partial slot counts", 90 * 60_000, HOUR, 2],
    ["empty period", 0, HOUR, 0],
  ])("%s: %d ms at %d ms cadence → %d expected", (_name, duration, cadence, expected) => {
    expect(expectedSampleCount({ start: t0, end: at(duration) }, cadence)).toBe(expected);
  });
  test("18 of 24 hourly slots, a duplicate and an out-of-period sample → 75 %", () => {
    const ts = [...Array.from({ length: 18 }, (_, h) => at(h * HOUR)), at(5 * HOUR + 60_000), at(DAY + HOUR)];
    expect(completeness(ts, day1, HOUR)).toEqual({ expected: 24, present: 18, missing: 6, ratio: 0.75 });
  });
  test("expected only within given intervals: a main engine in port 06–12 h is not missing there", () => {
    // hourly records 00–05 and 12–17 h; the ship sailed 00–06 and 12–24 h
    const ts = [
      ...Array.from({ length: 6 }, (_, h) => at(h * HOUR)),
      ...Array.from({ length: 6 }, (_, h) => at((12 + h) * HOUR)),
    ];
    const sailing = [
      { start: t0, end: at(6 * HOUR) },
      { start: at(12 * HOUR), end: at(DAY) },
    ];
    expect(completeness(ts, day1, HOUR, sailing)).toEqual({
      expected: 18,
      present: 12,
      missing: 6,
      ratio: 12 / 18,
    });
    // a record in port counts neither way; no interval at all → nothing expected
    expect(completeness([...ts, at(8 * HOUR)], day1, HOUR, sailing).present).toBe(12);
    expect(completeness(ts, day1, HOUR, [])).toEqual({ expected: 0, present: 0, missing: 0, ratio: 1 });
  });
  test("a period ending before it starts is an input error", () => {
    expect(() => expectedSampleCount({ start: at(DAY), end: t0 }, HOUR)).toThrow(
      expect.objectContaining({ field: "period.end" }),
    );
  });
});

describe("plausibility ranges of the specification's fields, inclusive at both ends", () => {
  test.each([
    ["engineLoadFactor", 110, true],
    ["engineLoadFactor", 110.1, false],
    ["engineLoadFactor", -0.1, false],
    ["windDirection", 0, true],
    ["windDirection", 359, true],
    ["windDirection", 360, false], // north is written 0, as the records' contract takes it (DEFINED_RANGES)
    ["seaState", 9, true],
    ["seaState", 10, false],
    ["seaState", 4.5, false],
    ["speedThroughWater", 14.2, true],
    ["speedThroughWater", Number.NaN, false],
  ] as [PlausibleField, number, boolean][])("%s = %d → %s", (field, value, ok) => {
    expect(isPlausible(value, PLAUSIBILITY_RANGES[field])).toBe(ok);
  });
});

describe("SFOC plausibility is the report check's physical range (one rule, decision 007)", () => {
  test.each([
    ["main", "HFO", 131.9, false], // issue 11: a brake thermal efficiency of 68 %
    ["main", "HFO", 178, true],
    ["main", "HFO", 300, false],
    ["main", "LNG", 140, true], // LNG's higher LCV: a lower g/kWh is not an error
    ["auxiliary", "MGO", 215, true],
    ["auxiliary", "MGO", 160, false],
    ["main", "unknown", 152, false], // unknown fuel: the ISO reference LCV, 153–241 g/kWh
  ] as const)("%s engine on %s, %d g/kWh → plausible %s", (consumer, fuelType, sfoc, ok) => {
    expect(isPlausible(sfoc, sfocPlausibilityRange({ consumer, fuelType }))).toBe(ok);
  });

  test("plausible exactly when the report check does not call the SFOC physically impossible", () => {
    let checked = 0;
    for (const consumer of ["main", "auxiliary"] as const)
      for (const fuelType of ["HFO", "MGO", "LNG", "METHANOL", "unknown"])
        for (let sfoc = 100; sfoc <= 500; sfoc += 0.5) {
          const impossible = fuelRecordChecks({
            consumer,
            fuelType,
            sfoc,
            fuelConsumptionRate: null,
            enginePower: null,
            distanceNm: 1,
            speedOverGround: null,
          }).includes("sfoc-out-of-physical-range");
          expect(isPlausible(sfoc, sfocPlausibilityRange({ consumer, fuelType }))).toBe(!impossible);
          checked++;
        }
    expect(checked).toBeGreaterThan(8_000);
  });
});

describe("stuck values: N identical consecutive samples; gaps break a run", () => {
  test.each([
    ["a run of 4 with minRun 3", [1, 2, 2, 2, 2, 3], 3, [{ start: 1, length: 4, value: 2 }]],
    ["a run of 2 with minRun 3", [1, 2, 2, 3], 3, []],
    ["a run at the end", [5, 7, 7, 7], 3, [{ start: 1, length: 3, value: 7 }]],
    ["null breaks the run", [7, 7, null, 7, 7], 3, []],
    [
      "two runs",
      [0, 0, 0, 1, 1, 1],
      3,
      [
        { start: 0, length: 3, value: 0 },
        { start: 3, length: 3, value: 1 },
      ],
    ],
  ] as const)("%s", (_name, values, minRun, runs) => {
    expect(stuckRuns(values, minRun)).toEqual(runs);
  });
});

describe("outliers by modified z-score > 3.5 (Iglewicz & Hoaglin 1993)", () => {
  test("180 ± 1 with one 240 → only the 240 flagged", () => {
    const values = [179, 180, 181, 180, 179, 181, 180, 240];
    expect(outlierIndices(values)).toEqual([7]);
    expect(modifiedZScores(values)[7]).toBeCloseTo(0.6745 * 60, 9); // median 180, MAD 1;
  });
  test("no spread (MAD = 0) → nothing flagged", () => {
    expect(outlierIndices([5, 5, 5, 5, 9])).toEqual([]);
  });
});

describe("one data-quality percent = completeness × clean share, with its parts", () => {
  const samples: QualitySample[] = Array.from({ length: 20 }, (_, h) => ({
    timestamp: at(h * HOUR),
    values: { sfoc: h === 3 ? 1_800 : h === 9 ? 250 : 180 + (h % 3), engineLoadFactor: 75 + (h % 5) },
  }));
  const r = assessDataQuality({
    samples,
    period: day1,
    cadenceMs: HOUR,
    ranges: {
      sfoc: sfocPlausibilityRange({ consumer: "main", fuelType: "HFO" }),
      engineLoadFactor: PLAUSIBILITY_RANGES.engineLoadFactor,
    },
    stuckMinRun: 4,
  });
  test("20 of 24 hours present; sfoc 1800 implausible, sfoc 250 an outlier", () => {
    expect(r.counts).toEqual({ expected: 24, present: 20, valuesChecked: 40, flaggedValues: 2 });
    expect(r.issues).toEqual([
      { field: "sfoc", kind: "implausible", count: 1 },
      { field: "sfoc", kind: "outlier", count: 1 },
    ]);
  });
  test("percent = 20/24 × 38/40 × 100", () => {
    expect(r.percent).toBeCloseTo((20 / 24) * (38 / 40) * 100, 9);
    expect(r.parts.completeness).toBeCloseTo((20 / 24) * 100, 9);
    expect(r.parts.plausibility).toBeCloseTo(97.5, 9);
    expect(r.parts.notStuck).toBe(100);
    expect(r.parts.notOutlier).toBeCloseTo(97.5, 9);
  });
  test("a frozen sensor is flagged as stuck", () => {
    const frozen = samples.map((s) => ({ ...s, values: { engineLoadFactor: 80 } }));
    const q = assessDataQuality({
      samples: frozen,
      period: day1,
      cadenceMs: HOUR,
      ranges: { engineLoadFactor: PLAUSIBILITY_RANGES.engineLoadFactor },
    });
    expect(q.issues).toEqual([{ field: "engineLoadFactor", kind: "stuck", count: 20 }]);
    expect(q.parts.notStuck).toBe(0);
    expect(q.percent).toBe(0);
  });
  test("no samples → 0 %", () => {
    expect(assessDataQuality({ samples: [], period: day1, cadenceMs: HOUR, ranges: {} }).percent).toBe(0);
  });
});

describe("outliers by the Hampel filter (Pearson 2002): local, so a change of regime is not an outlier", () => {
  // Hourly fuel rate with a level shift (ballast 18 t/day to laden 30 t/day) and small weather wiggles.
  const wiggle = (i: number) => [0.3, -0.2, 0.1, -0.4, 0.2][i % 5]!;
  const shift = Array.from({ length: 48 }, (_, i) => (i < 24 ? 18 : 30) + wiggle(i));

  test("a level shift flags nothing", () => {
    expect(hampelOutlierIndices(shift)).toEqual([]);
  });

  test("an isolated spike on either side of the shift is flagged, and only it", () => {
    const spiky = [...shift];
    spiky[10] = 45;
    spiky[36] = 5;
    expect(hampelOutlierIndices(spiky)).toEqual([10, 36]);
  });

  test("the global modified z-score would have judged the shift differently (why the filter is local)", () => {
    const withSpike = [...shift];
    withSpike[10] = 24; // between the regimes: no outlier globally, an outlier among its neighbours
    expect(outlierIndices(withSpike)).toEqual([]);
    expect(hampelOutlierIndices(withSpike)).toEqual([10]);
  });
});
