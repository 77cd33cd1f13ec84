import { describe, expect, it } from "vitest";
import {
  formatCostPerNm,
  formatFixed,
  formatInstant,
  formatMoney,
  formatNumber,
  formatPricePerTonne,
  formatQuantity,
  formatUtcClock,
  formatUtcDateTime,
  humaniseKey,
  MISSING,
  rowsText,
} from "./format";

describe("formatUtcClock (24-hour UTC, spec §9)", () => {
  it.each([
    ["pads single digits", "2026-03-01T04:05:06Z", "04:05:06 UTC"],
    ["uses 24-hour time", "2026-03-01T23:59:59Z", "23:59:59 UTC"],
    ["converts an offset to UTC", "2026-03-01T01:30:00+02:00", "23:30:00 UTC"],
  ])("%s", (_rule, iso, expected) => {
    expect(formatUtcClock(new Date(iso))).toBe(expected);
  });

  it("formats date and time for the footer", () => {
    expect(formatUtcDateTime(new Date("2026-12-31T22:00:00-03:00"))).toBe("2027-01-01 01:00:00 UTC");
  });
});

describe("formatInstant", () => {
  it.each([
    ["shows minutes in UTC", "2026-03-01T12:34:56Z", "2026-03-01 12:34 UTC"],
    ["is a dash when missing", null, MISSING],
    ["is a dash when unreadable", "not a date", MISSING],
  ])("%s", (_rule, iso, expected) => {
    expect(formatInstant(iso)).toBe(expected);
  });
});

describe("formatNumber and formatQuantity", () => {
  it.each([
    ["groups thousands", 82000, 0, "82,000"],
    ["rounds to the given decimals", 12.345, 1, "12.3"],
    ["drops trailing zeros", 14, 1, "14"],
    ["shows a dash for null", null, 0, MISSING],
    ["shows a dash for NaN", Number.NaN, 0, MISSING],
    ["never writes a negative zero", -0.04, 1, "0"],
  ])("%s", (_rule, value, digits, expected) => {
    expect(formatNumber(value, digits)).toBe(expected);
  });

  it.each([
    ["keeps trailing zeros", 23, 1, "23.0"],
    ["groups thousands", 12345.678, 2, "12,345.68"],
    ["never writes a negative zero", -0.04, 1, "0.0"],
    ["shows a dash for null", null, 1, MISSING],
  ])("formatFixed %s", (_rule, value, digits, expected) => {
    expect(formatFixed(value, digits)).toBe(expected);
  });

  it("adds the unit only to a present value", () => {
    expect(formatQuantity(9500, "kW")).toBe("9,500 kW");
    expect(formatQuantity(null, "kW")).toBe(MISSING);
  });
});

describe("humaniseKey", () => {
  it.each([
    ["speedThroughWater", "Speed through water"],
    ["co2Emissions", "Co2 emissions"],
    ["eeoi_value", "Eeoi value"],
    ["ciiRating", "Cii rating"],
  ])("%s → %s", (key, expected) => {
    expect(humaniseKey(key)).toBe(expected);
  });
});

describe("money: the currency's code with every figure, cost per nm always with two decimals", () => {
  it.each([
    ["a total, whole units", formatMoney(12345.6, "USD"), "12,346 USD"],
    ["cost per nm, two decimals", formatCostPerNm(41.234, "USD"), "41.23 USD/nm"],
    ["cost per nm keeps its two decimals", formatCostPerNm(40.1, "EUR"), "40.10 EUR/nm"],
    ["a price per tonne", formatPricePerTonne(600, "USD"), "600 USD/t"],
    ["missing money is a dash without a unit", formatCostPerNm(null, "USD"), "—"],
  ])("%s", (_rule, text, expected) => {
    expect(text).toBe(expected);
  });
});

describe("rowsText", () => {
  it("lists a few sheet rows and counts the rest", () => {
    expect(rowsText([6])).toBe("6");
    expect(rowsText([1, 2, 3, 4], 2)).toBe("1, 2 and 2 more");
  });
});
