import { describe, expect, it } from "vitest";
import { cellText, firstErrors, moreErrorsText, uploadErrorText } from "./upload-errors";

describe("firstErrors (bulk result: the first 5, then 'and N more errors')", () => {
  const errors = Array.from({ length: 8 }, (_, i) => `e${i + 1}`);
  it("keeps the first five and counts the rest", () => {
    expect(firstErrors(errors)).toEqual({ shown: ["e1", "e2", "e3", "e4", "e5"], more: 3 });
  });
  it("leaves nothing out when there are five or fewer", () => {
    expect(firstErrors(errors.slice(0, 5))).toEqual({ shown: errors.slice(0, 5), more: 0 });
    expect(firstErrors([])).toEqual({ shown: [], more: 0 });
  });
  it("takes another limit", () => {
    expect(firstErrors(errors, 2).more).toBe(6);
  });
  it("words the remainder as the specification does", () => {
    expect(moreErrorsText(3)).toBe("and 3 more errors");
  });
});

describe("uploadErrorText", () => {
  it.each([
    ["keeps a string error", "File is empty", "File is empty"],
    [
      "names row, column and value",
      { row: 4, column: "SFOC", value: "-3", reason: "must be at least 0 g/kWh" },
      "Row 4, column 'SFOC', value '-3': must be at least 0 g/kWh",
    ],
    [
      "names the sheet of a workbook",
      { sheet: "fuel", row: 2, column: "Ship ID", value: "X", reason: "unknown ship" },
      "Sheet 'fuel', row 2, column 'Ship ID', value 'X': unknown ship",
    ],
    [
      "leaves out an empty value",
      { row: 3, column: "Date", value: "", reason: "is required" },
      "Row 3, column 'Date': is required",
    ],
    [
      "prefers the server's own sentence",
      { row: 4, column: "SFOC", value: "-3", reason: "x", message: 'Row 4, column "SFOC": x' },
      'Row 4, column "SFOC": x',
    ],
    ["falls back to the reason alone", { reason: "too many rows" }, "too many rows"],
  ])("%s", (_rule, error, expected) => {
    expect(uploadErrorText(error)).toBe(expected);
  });
});

describe("cellText", () => {
  it.each([
    [null, ""],
    [undefined, ""],
    [12.5, "12.5"],
    [true, "true"],
    ["a", "a"],
    [{ a: 1 }, '{"a":1}'],
  ])("%j → %j", (value, expected) => {
    expect(cellText(value)).toBe(expected);
  });
});
