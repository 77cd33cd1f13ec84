import { describe, expect, it } from "vitest";
import {
  failsErrorCheck,
  noonReportChecks,
  type ReportForChecks,
  runNoonChecks,
  summariseNoonChecks,
} from "./noon-checks";

const base = (over: Partial<ReportForChecks> = {}): ReportForChecks => ({
  row: 2,
  timeMs: 0,
  steamingHours: 24,
  periodHours: 24,
  sincePreviousHours: 24,
  distanceNm: 300,
  speedOverGroundKn: 12.5,
  windForce: 4,
  reportedWindKn: 13,
  consumedByGrade: { HFO: 30 },
  rob: { HFO: 870 },
  bunkered: {},
  // 30 t/day at 7,000 kW: 178.6 g/kWh, a two-stroke main engine on HFO
  fuelRecords: [
    {
      consumer: "main",
      fuelType: "HFO",
      sfoc: 178,
      fuelConsumptionRate: 30,
      enginePower: 7000,
      distanceNm: 300,
      speedOverGround: 12.5,
    },
  ],
  negatives: false,
  duplicate: false,
  ...over,
});
const previous = base({ row: 1, rob: { HFO: 900 } });

describe("noon report checks", () => {
  it("a clean report passes every check", () => {
    expect(noonReportChecks(base(), previous)).toEqual([]);
  });
  it("distance against speed × hours: 3 nm and 5 % of slack", () => {
    expect(noonReportChecks(base({ distanceNm: 314 }), previous)).toEqual([]);
    expect(noonReportChecks(base({ distanceNm: 330 }), previous)).toEqual(["distance-vs-speed"]);
  });
  it("ROB continuity counts bunkers received and fuel consumed, per grade or in total", () => {
    expect(noonReportChecks(base({ rob: { HFO: 1170 }, bunkered: { HFO: 300 } }), previous)).toEqual([]);
    expect(noonReportChecks(base({ rob: { HFO: 1170 } }), previous)).toEqual(["rob-continuity"]);
    const anyPrev = base({ rob: { any: 900 } });
    expect(noonReportChecks(base({ rob: { any: 870 } }), anyPrev)).toEqual([]);
    expect(noonReportChecks(base({ rob: { any: 850 } }), anyPrev)).toEqual(["rob-continuity"]);
  });
  it("Beaufort force against a reported wind speed (more than one force apart)", () => {
    expect(noonReportChecks(base({ windForce: 5 }), previous)).toEqual([]);
    expect(noonReportChecks(base({ windForce: 7 }), previous)).toEqual(["beaufort-vs-wind-speed"]);
    expect(noonReportChecks(base({ windForce: 7, reportedWindKn: null }), previous)).toEqual([]);
  });
  it("time gaps beyond 25.5 h, overlaps beyond the time since the previous report", () => {
    expect(noonReportChecks(base({ sincePreviousHours: 25 }), previous)).toEqual([]);
    expect(noonReportChecks(base({ sincePreviousHours: 26 }), previous)).toEqual(["time-gap"]);
    expect(noonReportChecks(base({ sincePreviousHours: 20 }), previous)).toEqual(["time-overlap"]);
  });
  it("the SFOC rules are the stored records' (decision 007)", () => {
    const rec = base().fuelRecords[0]!;
    expect(noonReportChecks(base({ fuelRecords: [{ ...rec, enginePower: 2000 }] }), previous)).toContain(
      "sfoc-out-of-physical-range",
    );
    expect(noonReportChecks(base({ fuelRecords: [{ ...rec, sfoc: 210 }] }), previous)).toEqual([
      "sfoc-reported-vs-derived",
    ]);
  });
  it("a main engine's SFOC is not judged over less than 2 steaming hours (hours rounded to 0.1 h)", () => {
    const rec = base().fuelRecords[0]!;
    // 0.1 h rounded from 0.14 h: the daily rate read 40 % high, the SFOC with it
    const short = { steamingHours: 0.1, distanceNm: 1.25, fuelRecords: [{ ...rec, enginePower: 2000 }] };
    expect(noonReportChecks(base(short), previous)).not.toContain("sfoc-out-of-physical-range");
    expect(noonReportChecks(base({ ...short, steamingHours: 2, distanceNm: 25 }), previous)).toContain(
      "sfoc-out-of-physical-range",
    );
  });
  it("a duplicate is not the previous report of the next one; the summary lists rows per check", () => {
    const reports = [
      previous,
      base({ row: 2 }),
      base({ row: 3, duplicate: true, sincePreviousHours: null }),
      base({ row: 4, rob: { HFO: 840 } }),
    ];
    const byRow = runNoonChecks(reports);
    expect([...byRow]).toEqual([[3, ["duplicate-report"]]]);
    expect(summariseNoonChecks(byRow)).toEqual([
      expect.objectContaining({ check: "duplicate-report", rows: [3], severity: "error" }),
    ]);
  });
});

describe("failsErrorCheck", () => {
  it("flags a report failing an error-severity check, never one with warnings only", () => {
    expect(failsErrorCheck([])).toBe(false);
    expect(
      failsErrorCheck(["distance-vs-speed", "rob-continuity", "time-gap", "beaufort-vs-wind-speed"]),
    ).toBe(false);
    expect(failsErrorCheck(["time-gap", "time-overlap"])).toBe(true);
    expect(failsErrorCheck(["negative-values"])).toBe(true);
    expect(failsErrorCheck(["sfoc-out-of-physical-range"])).toBe(true);
    expect(failsErrorCheck(["sfoc-reported-vs-derived"])).toBe(false);
  });
});
