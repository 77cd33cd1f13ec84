import { describe, expect, it } from "vitest";
import { optionalNumber, parsePointRows, rowsFromPoints } from "./baseline-form";

const keys = ["loadPercent", "sfoc"] as const;
const labels = ["load", "SFOC"] as const;

describe("parsePointRows", () => {
  it("reads rows, skips blank ones and sorts by the first field", () => {
    expect(
      parsePointRows(
        [
          { a: "75", b: "171.5" },
          { a: "", b: "" },
          { a: "50", b: "176,2" },
        ],
        keys,
        labels,
      ),
    ).toEqual({
      ok: true,
      points: [
        { loadPercent: 50, sfoc: 176.2 },
        { loadPercent: 75, sfoc: 171.5 },
      ],
    });
  });

  it.each([
    ["a half-filled row", { a: "50", b: "" }],
    ["an unreadable number", { a: "fifty", b: "176" }],
  ])("names the row of %s", (_rule, row) => {
    expect(parsePointRows([{ a: "25", b: "180" }, row], keys, labels)).toEqual({
      ok: false,
      error: "Row 2: give both load and SFOC as numbers",
    });
  });
});

describe("rowsFromPoints", () => {
  it("turns points into rows with a blank row to add to", () => {
    expect(rowsFromPoints([{ loadPercent: 50, sfoc: 176 }], keys)).toEqual([
      { a: "50", b: "176" },
      { a: "", b: "" },
    ]);
    expect(rowsFromPoints(null, keys)).toEqual([{ a: "", b: "" }]);
  });
});

describe("optionalNumber", () => {
  it.each([
    ["", null],
    [" 52000 ", 52000],
    ["x", Number.NaN],
  ])("%j → %s", (text, expected) => {
    expect(optionalNumber(text)).toEqual(expected);
  });
});
