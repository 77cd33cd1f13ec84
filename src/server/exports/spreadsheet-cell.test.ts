import { describe, expect, it } from "vitest";
import { csvField, csvLine, neutraliseText, safeCell } from "./spreadsheet-cell";

describe("formula injection (OWASP CSV Injection)", () => {
  it.each([
    ['=HYPERLINK("http://x")', `'=HYPERLINK("http://x")`],
    ["+1+1", "'+1+1"],
    ["-2+3", "'-2+3"],
    ["@SUM(1)", "'@SUM(1)"],
    ["\tcmd", "'\tcmd"],
    ["\rcmd", "'\rcmd"],
    ["Rotterdam", "Rotterdam"],
    ["a=b", "a=b"],
    ["", ""],
  ])("text %j becomes %j", (input, expected) => {
    expect(neutraliseText(input)).toBe(expected);
  });

  it("numbers stay numbers, negative ones included; dates and nulls pass", () => {
    expect(safeCell(-7.2)).toBe(-7.2);
    const d = new Date("2025-01-15T12:00:00Z");
    expect(safeCell(d)).toBe(d);
    expect(safeCell(null)).toBeNull();
  });
});

describe("CSV fields (RFC 4180)", () => {
  it.each([
    [-7.2, "-7.2"],
    [0.1 + 0.2, "0.30000000000000004"],
    [null, ""],
    [new Date("2025-01-15T12:00:00Z"), "2025-01-15T12:00:00Z"],
    [new Date("2025-01-15T12:00:00.250Z"), "2025-01-15T12:00:00.250Z"],
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ["Ho Chi Minh, VN", '"Ho Chi Minh, VN"'],
    ["two\nlines", '"two\nlines"'],
    ["@SUM(1)", "'@SUM(1)"],
  ])("%j is written %j", (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it("a line ends with CRLF", () => {
    expect(csvLine(["a", 1, null])).toBe("a,1,\r\n");
  });
});
