import { describe, expect, it } from "vitest";
import { assessSheet, STORED_SHARE_REQUIRED } from "./causes";
import { matchHeaders } from "./headers";
import { preferFilledColumns, sharedFuelFields, sheetDateOrder, zoneNote } from "./sheet-reading";

const rows = (cells: unknown[][]) => cells.map((c, i) => ({ n: i + 2, cells: c }));

describe("decisions about a whole sheet", () => {
  it("of two columns naming one field, the one with figures is read, and said so", () => {
    const columns = matchHeaders(["Distance", "Distance Observed (nm)"]);
    const { columns: out, notes } = preferFilledColumns(
      columns,
      rows([
        [null, 300],
        ["", 280],
        [0, 310],
      ]),
    );
    expect(out.map((c) => c.field)).toEqual([null, "distanceOverGround"]);
    expect(notes).toEqual([
      "'Distance Observed (nm)' is read as distanceOverGround: 'Distance' names it too but is empty.",
    ]);
    // the first keeps it when it has figures
    expect(preferFilledColumns(columns, rows([[300, 301]])).columns.map((c) => c.field)).toEqual([
      "distanceOverGround",
      null,
    ]);
  });

  it("a date order written in the header's unit wins over the figures", () => {
    const columns = matchHeaders(["Date (mm/dd/yyyy)", "Time"]);
    expect(sheetDateOrder(columns, rows([["01/02/2025", "12:00"]])).order).toBe("mdy");
  });

  it("times without zone or offset are read as UTC, and said so; with an offset column nothing to say", () => {
    expect(zoneNote(matchHeaders(["Date", "Time"]), rows([["2025-01-01", "12:00"]]))).toMatch(/read as UTC/);
    expect(
      zoneNote(matchHeaders(["Date", "Time", "UTC offset"]), rows([["2025-01-01", "12:00", "+8"]])),
    ).toBeNull();
    expect(zoneNote(matchHeaders(["Date/Time (UTC)"]), rows([["2025-01-01 12:00"]]))).toBeNull();
  });

  it("two columns of one fuel figure are named", () => {
    expect(sharedFuelFields(matchHeaders(["ME Cons VLSFO", "ME VLSFO", "AE LSMGO"]))).toEqual([
      { field: "fuel.main.VLSFO", headers: ["ME Cons VLSFO", "ME VLSFO"] },
    ]);
  });
});

describe("causes, once each, and when a sheet is held back", () => {
  const base = {
    duplicates: 0,
    fieldOfColumn: new Map([
      ["Time (LT)", "localTime" as const],
      ["Remarks", null],
      ["Wind", "windForce" as const],
    ]),
    sharedFuelFields: [],
    hasFuel: true,
  };
  const errors = (n: number, column: string, reason: string) =>
    [...Array(n).keys()].map((i) => ({ row: i + 2, column, value: "12:00", reason }));

  it("300 rows failing for one reason are one cause with its column, an example and the count", () => {
    const a = assessSheet({
      ...base,
      rowsTotal: 365,
      errors: errors(300, "Time (LT)", "holds a time of day"),
    });
    expect(a.causes).toHaveLength(1);
    expect(a.causes[0]).toMatchObject({ column: "Time (LT)", example: "12:00", rows: 300 });
    expect(a.causes[0]!.cause).toBe(
      "'Time (LT)' holds a time of day in 300 of 365 reports (e.g. '12:00', row 2): those reports cannot be stored whole",
    );
    expect(a.storedWhole).toBe(65);
    expect(a.needsConfirmation).toBe(true);
  });

  it(`below ${STORED_SHARE_REQUIRED * 100} % stored whole it needs confirmation; a lost row now and then does not`, () => {
    expect(
      assessSheet({ ...base, rowsTotal: 100, errors: errors(6, "Time (LT)", "x") }).needsConfirmation,
    ).toBe(true);
    expect(
      assessSheet({ ...base, rowsTotal: 100, errors: errors(4, "Time (LT)", "x") }).needsConfirmation,
    ).toBe(false);
  });

  it("errors in a column that is not essential (the wind) lose no report", () => {
    const a = assessSheet({
      ...base,
      rowsTotal: 100,
      errors: errors(50, "Wind", "must be a Beaufort force"),
    });
    expect(a.storedWhole).toBe(100);
    expect(a.needsConfirmation).toBe(false);
    expect(a.causes).toHaveLength(1);
  });

  it("no fuel column, or two columns of one figure, hold a sheet back whatever its rows", () => {
    expect(assessSheet({ ...base, rowsTotal: 10, errors: [], hasFuel: false }).needsConfirmation).toBe(true);
    const shared = assessSheet({
      ...base,
      rowsTotal: 10,
      errors: [],
      sharedFuelFields: [{ field: "fuel.main.VLSFO", headers: ["ME Cons VLSFO", "ME VLSFO"] }],
    });
    expect(shared.needsConfirmation).toBe(true);
    expect(shared.causes[0]!.cause).toMatch(/^'ME Cons VLSFO' and 'ME VLSFO' give one figure/);
  });

  it("duplicates are not lost reports", () => {
    const a = assessSheet({ ...base, rowsTotal: 100, duplicates: 10, errors: [] });
    expect(a).toMatchObject({ storedWhole: 90, storable: 90, needsConfirmation: false });
  });
});
