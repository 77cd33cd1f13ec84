import { describe, expect, it } from "vitest";
import { Duration, TimeOfDay } from "../spreadsheets/cell-kinds";
import { parseNumberCell } from "./cells";
import { decideDateOrder, parseClockCell, parseDurationCell } from "./clock-cells";
import { matchHeaders } from "./headers";
import { composeHeaders, locateHeader } from "./sheet";

const fieldOf = (header: string, unit?: string) => matchHeaders([header], unit ? [unit] : [])[0]!.field;

describe("the trade's header vocabulary (issue 29)", () => {
  it.each([
    ["Date/Time (UTC)", "reportTimeUtc"],
    ["Timestamp (UTC)", "reportTimeUtc"],
    ["Date (UTC)", "reportDateUtc"],
    ["Time (UTC)", "reportTimeUtc"],
    ["Date_UTC", "reportDateUtc"],
    ["Time_UTC", "reportTimeUtc"],
    ["Time (LT)", "localTime"],
    ["Date/Time (LT)", "localTime"],
    ["Date", "reportDate"],
    ["Distance Observed (nm)", "distanceOverGround"],
    ["Distance Made Good", "distanceOverGround"],
    ["Reported Distance (nm)", "distanceOverGround"],
    ["Distance by Log", "distanceThroughWater"],
    ["Hrs Steaming", "steamingHours"],
    ["Steaming Time", "steamingHours"],
    ["Time Sailed (hrs)", "steamingHours"],
    ["Time_Elapsed_Sailing", "steamingHours"],
    ["Time_Since_Previous_Report", "periodHours"],
    ["Zone (UTC±)", "utcOffset"],
    ["Latitude_Degree", "latitudeDegrees"],
    ["Latitude_North_South", "latitudeHemisphere"],
    ["Voyage_From", "voyageFrom"],
  ])("%s is %s", (header, field) => {
    expect(fieldOf(header)).toBe(field);
  });

  it("a units cell saying UTC under a date or time column makes it UTC", () => {
    expect(fieldOf("Time", "UTC")).toBe("reportTimeUtc");
    expect(fieldOf("Date", "GMT")).toBe("reportDateUtc");
    expect(fieldOf("Time", "LT")).toBe("localTime");
  });

  it.each([
    ["ME Cons VLSFO", "fuel.main.VLSFO"],
    ["ME Cons HSFO", "fuel.main.HSFO"],
    ["VLSFO ME", "fuel.main.VLSFO"],
    ["LSMGO AE", "fuel.auxiliary.LSMGO"],
    ["M/E VLSFO", "fuel.main.VLSFO"],
    ["G/E LSMGO", "fuel.auxiliary.LSMGO"],
    ["D/G MGO", "fuel.auxiliary.MGO"],
    ["Consumption (MT) M/E VLSFO", "fuel.main.VLSFO"],
    ["ME_Consumption_HFO", "fuel.main.HFO"],
    ["AE_Consumption_MGO", "fuel.auxiliary.MGO"],
    ["Boiler Cons IFO 380 (MT)", "fuel.boiler.IFO 380"],
    ["Aux Blr LSMGO", "fuel.boiler.LSMGO"],
    ["ME B24 VLSFO", "fuel.main.B24 VLSFO"],
    ["ME Cons", "fuel.main"],
    ["ROB VLSFO", "rob.VLSFO"],
    ["VLSFO ROB", "rob.VLSFO"],
    ["HFO_ROB", "rob.HFO"],
    ["Remaining on board LSMGO", "rob.LSMGO"],
    ["Bunkered LSMGO", "bunkered.LSMGO"],
  ])("fuel column %s is %s", (header, field) => {
    expect(fieldOf(header)).toBe(field);
  });

  it.each([
    "ME",
    "HFO",
    "ME FO Inlet Temp",
    "ME Running Hours RPM",
    "VLSFO Price (USD/t)",
    "HFO Sulphur %",
    "Distance to go",
    "ME Flowmeter Counter",
  ])("%s is no fuel consumed", (header) => {
    const field = fieldOf(header);
    expect(field === null || !field.startsWith("fuel.")).toBe(true);
  });

  it("two grades of one CO2 class are two fields; a grade's total without consumer is the main engine's only alone", () => {
    expect(matchHeaders(["ME Cons HSFO", "ME Cons VLSFO"]).map((c) => c.field)).toEqual([
      "fuel.main.HSFO",
      "fuel.main.VLSFO",
    ]);
    const alone = matchHeaders(["VLSFO Cons", "LSMGO Cons"]);
    expect(alone.map((c) => c.field)).toEqual(["fuel.main.VLSFO", "fuel.main.LSMGO"]);
    expect(alone[0]!.note).toMatch(/stored as the main engine's/);
    const beside = matchHeaders(["ME VLSFO", "AE LSMGO", "Total VLSFO"]);
    expect(beside.map((c) => c.field)).toEqual(["fuel.main.VLSFO", "fuel.auxiliary.LSMGO", null]);
    expect(beside[2]!.note).toMatch(/not counted twice/);
  });

  it("a plain field named twice keeps the first column and marks the second", () => {
    const [a, b] = matchHeaders(["Distance", "Distance Observed"]);
    expect(a!.field).toBe("distanceOverGround");
    expect(b).toMatchObject({ field: null, alsoNames: "distanceOverGround" });
  });
});

describe("headers over up to three rows", () => {
  it("'Consumption (MT)' over 'M/E' over 'VLSFO', merged cells carried; a column merged down keeps its name", () => {
    const top = ["Date/Time (UTC)", "Consumption (MT)", null, null, null, "Wind"];
    const mid = [null, "M/E", null, "A/E", null, null];
    const names = [null, "VLSFO", "LSMGO", "VLSFO", "LSMGO", null];
    expect(composeHeaders([top, mid], names)).toEqual([
      "Date/Time (UTC)",
      "Consumption (MT) M/E VLSFO",
      "Consumption (MT) M/E LSMGO",
      "Consumption (MT) A/E VLSFO",
      "Consumption (MT) A/E LSMGO",
      "Wind",
    ]);
    const located = locateHeader([
      ["Noon reports 2025"],
      [],
      top,
      mid,
      names,
      ["2025-01-01 12:00", 30, 0, 2, 1, 4],
    ])!;
    expect(located.headerIndex).toBe(4);
    expect(located.columns.map((c) => c.field)).toEqual([
      "reportTimeUtc",
      "fuel.main.VLSFO",
      "fuel.main.LSMGO",
      "fuel.auxiliary.VLSFO",
      "fuel.auxiliary.LSMGO",
      "windSpeed",
    ]);
    expect(located.columns[1]!.unit).toBe("mt");
  });
});

describe("dates, times and durations as written", () => {
  it.each([
    ["01-Jan-25", "2025-01-01T00:00:00.000Z"],
    ["1 Jan 2025", "2025-01-01T00:00:00.000Z"],
    ["Jan 1, 2025", "2025-01-01T00:00:00.000Z"],
    ["January 1, 2025 12:00", "2025-01-01T12:00:00.000Z"],
    ["01.02.2025 12:00", "2025-02-01T12:00:00.000Z"],
    ["2025/01/01 04:00Z", "2025-01-01T04:00:00.000Z"],
    ["2025-01-01T12:00+08:00", "2025-01-01T04:00:00.000Z"],
    ["2025-01-01 12:00 GMT+8", "2025-01-01T04:00:00.000Z"],
    ["2025-01-01 12:00 UTC", "2025-01-01T12:00:00.000Z"],
    ["01-01-2025", "2025-01-01T00:00:00.000Z"],
  ])("%s is %s", (text, iso) => {
    const p = parseClockCell(text);
    expect(p.ok && p.value && new Date(p.value.ms).toISOString()).toBe(iso);
  });

  it("month first when the column says so", () => {
    const p = parseClockCell("02/01/2025", { dateOrder: "mdy" });
    expect(p.ok && p.value && new Date(p.value.ms).toISOString()).toBe("2025-02-01T00:00:00.000Z");
  });

  it("a time of day cell is a time, never 1899-12-30", () => {
    expect(parseClockCell(new TimeOfDay(43_200_000))).toEqual({
      ok: true,
      value: { ms: 43_200_000, kind: "time", zoned: false },
    });
    expect(parseClockCell(new Date(Date.UTC(1899, 11, 30, 12)))).toMatchObject({
      ok: true,
      value: { kind: "time" },
    });
  });

  it.each([
    [["13/01/2025", "14/01/2025"], { order: "dmy", basis: "day" }],
    [["01/13/2025"], { order: "mdy", basis: "month" }],
    [["01/02/2025", "02/02/2025", "03/02/2025"], { order: "dmy", basis: "sequence" }],
    [["02/01/2025", "02/02/2025", "02/03/2025"], { order: "mdy", basis: "sequence" }],
    [["01/02/2025"], { order: "dmy", basis: "default" }],
  ])("the day/month order of %j", (texts, decision) => {
    expect(decideDateOrder(texts)).toMatchObject(decision);
  });

  it.each([
    ["23:30", 23.5],
    ["25:00", 25],
    ["23.5", 23.5],
    ["23,5", 23.5],
    ["23h30", 23.5],
    ["23 h 30 min", 23.5],
    ["24 hrs", 24],
  ])("steaming time %j is %d h", (text, hours) => {
    expect(parseDurationCell(text)).toEqual({ ok: true, value: hours });
  });

  it("duration, time and 24 h-and-more time cells are hours", () => {
    expect(parseDurationCell(new Duration(25))).toEqual({ ok: true, value: 25 });
    expect(parseDurationCell(new TimeOfDay(84_600_000))).toEqual({ ok: true, value: 23.5 });
    expect(parseDurationCell(new Date(Date.UTC(1899, 11, 31)))).toEqual({ ok: true, value: 24 });
    expect(parseDurationCell(new Date(Date.UTC(2025, 0, 1))).ok).toBe(false);
  });

  it("numbers with a decimal comma where the file writes them so", () => {
    expect(parseNumberCell("1.234,5", { decimalComma: true })).toEqual({ ok: true, value: 1234.5 });
    expect(parseNumberCell("12,5", { decimalComma: true })).toEqual({ ok: true, value: 12.5 });
    expect(parseNumberCell("12,5")).toEqual({ ok: true, value: 12.5 });
    expect(parseNumberCell("1,234")).toEqual({ ok: true, value: 1234 });
    expect(parseNumberCell(new TimeOfDay(0)).ok).toBe(false);
  });
});
