import { describe, expect, it } from "vitest";
import { fuelTonnesOver } from "../records/record-arithmetic";
import {
  compassPointDegrees,
  parseDirectionCell,
  parseNumberCell,
  parsePositionCell,
  parsePositionPairCell,
  parseUtcOffsetCell,
} from "./cells";
import { parseClockCell } from "./clock-cells";
import { inferVoyages, reportEventOf, seaAndPortHours } from "./events";
import { headerSignature, matchHeaders } from "./headers";
import { periodFuelRecords } from "./period";
import { parseNoonRow } from "./report";
import { locateHeader } from "./sheet";
import { beaufortDisagrees, beaufortMidpointKnots } from "./wind";

describe("header recognition", () => {
  it("recognises the usual names, case, spacing and units in brackets", () => {
    const headers = [
      "ME Cons (MT)",
      "M/E FO cons. [t]",
      "A/E MGO Cons (MT)",
      "Boiler HFO",
      "Steaming hrs",
      "Dist. OG (nm)",
      "Dist. TW",
      "Wind (Bft)",
      "Wind dir",
      "Sea state (Douglas)",
      "Fwd draft",
      "Aft draft",
      "Lat",
      "Lon",
      "Report type",
      "Local time",
      "UTC offset",
      "ROB HFO",
      "Bunkered",
      "  VESSEL  name ",
    ];
    expect(matchHeaders(headers).map((c) => c.field)).toEqual([
      "fuel.main",
      "fuel.main.HFO",
      "fuel.auxiliary.MGO",
      "fuel.boiler.HFO",
      "steamingHours",
      "distanceOverGround",
      "distanceThroughWater",
      "windForce",
      "windDirection",
      "seaState",
      "draughtFore",
      "draughtAft",
      "latitude",
      "longitude",
      "reportType",
      "localTime",
      "utcOffset",
      "rob.HFO",
      "bunkered",
      "ship",
    ]);
  });
  it("takes units from a second header row and converts kg of fuel to t", () => {
    const [fuel, speed] = matchHeaders(["ME HFO", "Wind"], ["kg", "m/s"]);
    expect(fuel).toMatchObject({ field: "fuel.main.HFO", factor: 0.001 });
    expect(speed!.field).toBe("windSpeed");
    expect(speed!.factor).toBeCloseTo(1.943844, 6);
  });
  it("gives the same signature to the same headers whatever their case and spacing", () => {
    expect(headerSignature(["ME Cons (MT)", "Date"])).toBe(headerSignature(["me  cons (mt)", " DATE "]));
  });
  it("finds the header under a title and a merged group row, with units under it", () => {
    const rows = [
      ["MV Nordic Star — noon reports 2025"],
      [],
      ["", "", "M/E Cons", null, "A/E Cons"],
      ["Date", "Steaming hrs", "HFO", "MGO", "MGO", "Dist. OG"],
      ["", "hrs", "(MT)", "(MT)", "(MT)", "nm"],
      ["2025-01-02", 24, 30, 1, 2, 300],
    ];
    const h = locateHeader(rows)!;
    expect(h.headerIndex).toBe(3);
    expect(h.unitsIndex).toBe(4);
    expect(h.columns.map((c) => c.field)).toEqual([
      "reportDate",
      "steamingHours",
      "fuel.main.HFO",
      "fuel.main.MGO",
      "fuel.auxiliary.MGO",
      "distanceOverGround",
    ]);
  });
});

describe("cells as ships write them", () => {
  it("numbers with units, thousands separators and placeholders", () => {
    expect(parseNumberCell("12.5 kn")).toMatchObject({ ok: true, value: 12.5, unit: "kn" });
    expect(parseNumberCell("1,234.5")).toEqual({ ok: true, value: 1234.5 });
    for (const blank of ["N/A", "-", "", "  ", null])
      expect(parseNumberCell(blank)).toEqual({ ok: true, value: null });
    expect(parseNumberCell("about 12").ok).toBe(false);
  });
  it("compass points of the 16- and 32-point rose", () => {
    expect(compassPointDegrees("NNE")).toBe(22.5);
    expect(compassPointDegrees("NbE")).toBe(11.25);
    expect(compassPointDegrees("south west")).toBe(225);
    expect(parseDirectionCell("NW")).toEqual({ ok: true, value: 315 });
    expect(parseDirectionCell("NbW")).toEqual({ ok: true, value: 349 });
    expect(parseDirectionCell("360")).toEqual({ ok: true, value: 0 });
    expect(parseDirectionCell("Var")).toEqual({ ok: true, value: null });
  });
  it("positions in degrees and minutes or decimal", () => {
    expect(parsePositionCell("12°34.5'N", "lat")).toEqual({ ok: true, value: 12.575 });
    expect(parsePositionCell("12 34.5 S", "lat")).toEqual({ ok: true, value: -12.575 });
    expect(parsePositionCell("003°15'30\"W", "lon")).toEqual({ ok: true, value: -(3 + 15.5 / 60) });
    expect(parsePositionCell("-45.25", "lon")).toEqual({ ok: true, value: -45.25 });
    expect(parsePositionCell("12 75 N", "lat").ok).toBe(false);
    expect(parsePositionCell("12 30 E", "lat").ok).toBe(false);
  });
  it.each([
    ["12°34.5'N 045°12.3'E", 12.575, 45.205],
    ["12°34.5'S, 045°12.3'W", -12.575, -45.205],
    ["N 12 34.5 E 045 12.3", 12.575, 45.205],
    ["045°12.3'W 12°34.5'N", 12.575, -45.205],
    ["12-34.5N 045-12.3E", 12.575, 45.205],
    ["12.575, -45.205", 12.575, -45.205],
    ["-12.575/45.205", -12.575, 45.205],
  ])("a whole position in one cell: %s", (cell, lat, lon) => {
    const p = parsePositionPairCell(cell);
    expect(p.ok).toBe(true);
    if (!p.ok || !p.value) return;
    expect(p.value.lat).toBeCloseTo(lat, 12);
    expect(p.value.lon).toBeCloseTo(lon, 12);
  });
  it.each([
    ["12.575 45.205", "is not a position"],
    ["12°34.5'N", "is not a position"],
    ["12°34.5'E 045°12.3'E", "has a latitude that has hemisphere E"],
    ["95°00'N 045°00'E", "has a latitude that must be within ±90°"],
    ["12°34.5'N 190°00'E", "has a longitude that must be within ±180°"],
  ])("a position cell that cannot be read says why: %s", (cell, reason) => {
    const p = parsePositionPairCell(cell);
    expect(p.ok).toBe(false);
    if (!p.ok) expect(p.reason).toContain(reason);
  });
  it("an empty or placeholder position cell reports nothing", () => {
    expect(parsePositionPairCell("N/A")).toEqual({ ok: true, value: null });
    expect(parsePositionPairCell(null)).toEqual({ ok: true, value: null });
  });
  it("UTC offsets and local time to UTC", () => {
    expect(parseUtcOffsetCell("+8")).toEqual({ ok: true, value: 8 });
    expect(parseUtcOffsetCell("UTC+05:30")).toEqual({ ok: true, value: 5.5 });
    expect(parseUtcOffsetCell("GMT -3.5")).toEqual({ ok: true, value: -3.5 });
    expect(parseUtcOffsetCell("+15").ok).toBe(false);
    expect(parseClockCell("01/03/2025 12:00")).toEqual({
      ok: true,
      value: { ms: Date.UTC(2025, 2, 1, 12), kind: "datetime", zoned: false },
    });
    const { report } = parseNoonRow(
      2,
      ["2025-03-01 12:00", "+8"],
      matchHeaders(["Local time", "UTC offset"]),
    );
    expect(new Date(report!.timeMs).toISOString()).toBe("2025-03-01T04:00:00.000Z");
  });
});

describe("Beaufort", () => {
  it("force → the middle of its band (WMO scale), disagreement beyond one force", () => {
    expect(beaufortMidpointKnots(4)).toBe(13.5);
    expect(beaufortMidpointKnots(0)).toBe(0);
    expect(beaufortMidpointKnots(12)).toBe(64);
    expect(beaufortDisagrees(4, 17)).toBe(false);
    expect(beaufortDisagrees(2, 30)).toBe(true);
  });
});

describe("period quantities", () => {
  it("one record per consumer and grade: each grade's share of the hours at the consumer's rate gives its tonnes back, CO2 grade by grade", () => {
    const records = periodFuelRecords(
      { main: { HFO: 30, MGO: 2 }, auxiliary: { MGO: 3 }, boiler: { HFO: 1 } },
      24,
      20,
    );
    if (!Array.isArray(records)) throw new Error(records.reason);
    const of = (consumer: string, fuelType: string) =>
      records.find((r) => r.consumer === consumer && r.fuelType === fuelType)!;
    expect(records.map((r) => `${r.consumer}/${r.fuelType}`)).toEqual([
      "main/HFO",
      "main/MGO",
      "auxiliary/MGO",
      "boiler/HFO",
    ]);
    // main engine over the 20 steaming hours: 32 t → 38.4 t/day; HFO 30/32 of the hours, MGO 2/32
    const hfo = of("main", "HFO");
    const mgo = of("main", "MGO");
    expect(hfo.fuelConsumptionRate).toBeCloseTo(38.4, 12);
    expect(hfo.periodHours).toBeCloseTo(18.75, 12);
    expect(mgo.periodHours).toBeCloseTo(1.25, 12);
    expect(fuelTonnesOver(hfo.fuelConsumptionRate, hfo.periodHours)).toBeCloseTo(30, 12);
    expect(fuelTonnesOver(mgo.fuelConsumptionRate, mgo.periodHours)).toBeCloseTo(2, 12);
    // Worked example, Cf HFO 3.114, MGO 3.206 t CO2/t (MEPC.364(79), reference-data.md §fuels):
    // 30 × 3.114 = 93.42 t, 2 × 3.206 = 6.412 t
    expect(fuelTonnesOver(hfo.co2Emissions, hfo.periodHours)).toBeCloseTo(93.42, 9);
    expect(fuelTonnesOver(mgo.co2Emissions, mgo.periodHours)).toBeCloseTo(6.412, 9);
    // auxiliaries and boilers over the 24 h period, each a consumer of its own
    const aux = of("auxiliary", "MGO");
    expect(aux.periodHours).toBe(24);
    expect(fuelTonnesOver(aux.fuelConsumptionRate, aux.periodHours)).toBeCloseTo(3, 12);
    const boiler = of("boiler", "HFO");
    expect(boiler.periodHours).toBe(24);
    expect(fuelTonnesOver(boiler.co2Emissions, boiler.periodHours)).toBeCloseTo(3.114, 12);
  });
  it("an engine that did not run keeps one record of 0 t; a negative figure one record of the total", () => {
    const records = periodFuelRecords({ main: { HFO: 0, MGO: 0 }, auxiliary: { HFO: 3, MGO: -1 } }, 24, 0);
    if (!Array.isArray(records)) throw new Error(records.reason);
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({ consumer: "main", fuelConsumptionRate: 0, periodHours: 24 });
    expect(records[1]).toMatchObject({ consumer: "auxiliary", fuelType: "HFO", periodHours: 24 });
    expect(fuelTonnesOver(records[1]!.fuelConsumptionRate, 24)).toBeCloseTo(2, 12);
  });
  it("fuel without any hours is an error, not a guess", () => {
    expect(periodFuelRecords({ main: { HFO: 3 } }, null, null)).toHaveProperty("reason");
  });
});

describe("events and voyages", () => {
  it("names, sea and port time, voyages from departure to arrival", () => {
    expect(reportEventOf("COSP")).toBe("departure");
    expect(reportEventOf("EOSP")).toBe("arrival");
    expect(reportEventOf("At anchor")).toBe("anchor");
    expect(reportEventOf("Noon Report")).toBe("noon");
    const h = 3_600_000;
    const reports = [
      { event: "port" as const, timeMs: 0, port: "Rotterdam", steamingHours: 0, periodHours: 24 },
      { event: "departure" as const, timeMs: 6 * h, port: "Rotterdam", steamingHours: 0, periodHours: 6 },
      { event: "noon" as const, timeMs: 30 * h, port: null, steamingHours: 24, periodHours: 24 },
      { event: "arrival" as const, timeMs: 40 * h, port: "Hamburg", steamingHours: 10, periodHours: 10 },
      { event: "port" as const, timeMs: 64 * h, port: "Hamburg", steamingHours: 0, periodHours: 24 },
    ];
    expect(seaAndPortHours(reports)).toEqual({ seaHours: 34, portHours: 54 });
    expect(inferVoyages(reports)).toEqual([
      {
        voyageNumber: "1970-01-01",
        origin: "Rotterdam",
        destination: "Hamburg",
        departureMs: 6 * h,
        arrivalMs: 40 * h,
        reports: [1, 2, 3],
      },
    ]);
  });
});
