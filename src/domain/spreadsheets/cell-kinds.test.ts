import { describe, expect, test } from "vitest";
import {
  builtInFormatKind,
  Duration,
  isoDurationHours,
  numberFormatKind,
  serialCellValue,
  TimeOfDay,
} from "./cell-kinds";

describe("number formats → what the cell shows (ECMA-376 §18.8.31)", () => {
  test.each([
    ["YYYY-MM-DD", "date"],
    ["DD/MM/YY", "date"],
    ["dd\\-mmm\\-yy", "date"],
    ["d-mmm", "date"],
    ["mmm yyyy", "date"],
    ["m/d/yyyy", "date"],
    ["HH:MM", "time"],
    ["h:mm AM/PM", "time"],
    ["hh:mm:ss", "time"],
    ["mm:ss", "time"],
    ["[HH]:MM", "duration"],
    ["[h]:mm:ss", "duration"],
    ["[mm]:ss", "duration"],
    ["YYYY-MM-DD HH:MM", "datetime"],
    ["dd/mm/yyyy hh:mm", "datetime"],
    ["m/d/yy h:mm", "datetime"],
    ["[$-409]d-mmm-yy;@", "date"],
    ["[Red]0.00", null],
    ["0.00", null],
    ['#,##0.00 "kn"', null],
    ['0.0" hrs"', null],
    ["General", null],
    ['"Date:" 0', null],
    [undefined, null],
  ])("%j is %j", (format, kind) => {
    expect(numberFormatKind(format)).toBe(kind);
  });

  test.each([
    [14, "date"],
    [20, "time"],
    [22, "datetime"],
    [46, "duration"],
    [0, null],
    [2, null],
  ])("built-in format %i is %j", (id, kind) => {
    expect(builtInFormatKind(id)).toBe(kind);
  });
});

describe("a serial number as its format shows it", () => {
  test("a time of day stays a time of day (12:00 is not 1899-12-30 12:00)", () => {
    const v = serialCellValue(0.5, "time");
    expect(v).toBeInstanceOf(TimeOfDay);
    expect((v as TimeOfDay).ms).toBe(43_200_000);
    expect(String(v)).toBe("12:00");
  });
  test("a duration is hours elapsed (25:00 = 1.041 666 days)", () => {
    const v = serialCellValue(25 / 24, "duration");
    expect(v).toBeInstanceOf(Duration);
    expect((v as Duration).hours).toBeCloseTo(25, 9);
    expect(String(v)).toBe("25:00");
  });
  test("a date and a date-time are instants (45658.5 = 2025-01-01 12:00 UTC)", () => {
    expect(serialCellValue(45658, "date")).toEqual(new Date("2025-01-01T00:00:00Z"));
    expect(serialCellValue(45658.5, "datetime")).toEqual(new Date("2025-01-01T12:00:00Z"));
    // a date-time formatted to show its time only is still the date-time it holds
    expect(serialCellValue(45658.5, "time")).toEqual(new Date("2025-01-01T12:00:00Z"));
  });
  test("a plain number stays a number", () => {
    expect(serialCellValue(23.5, null)).toBe(23.5);
  });
});

describe("ISO 8601 durations (OpenDocument time cells)", () => {
  test.each([
    ["PT12H00M00S", 12],
    ["PT25H30M", 25.5],
    ["P1DT1H", 25],
    ["PT0.5H", 0.5],
    ["-PT1H", -1],
  ])("%s is %d h", (text, hours) => {
    expect(isoDurationHours(text)).toBeCloseTo(hours, 9);
  });
  test.each(["", "P", "PT", "12:00", "PTxH"])("%j is none", (text) => {
    expect(isoDurationHours(text)).toBeUndefined();
  });
});
