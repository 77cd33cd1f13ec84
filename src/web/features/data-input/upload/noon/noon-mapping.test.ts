import { describe, expect, it } from "vitest";
import { NOON_FIELDS } from "../../../../../domain/noon-reports/headers";
import { NOON_FIELD_OPTIONS, noonFieldLabel, noonFieldUnit, UNMAPPED } from "./noon-field-labels";
import { columnMappingsOf } from "./noon-mapping-table";

describe("noon mapping choices", () => {
  it("names every noon field in words, each once, after 'Not used'", () => {
    expect(NOON_FIELD_OPTIONS[0]).toEqual({ value: UNMAPPED, label: "Not used" });
    const labels = NOON_FIELD_OPTIONS.slice(1).map((o) => o.label);
    expect(NOON_FIELD_OPTIONS.slice(1).map((o) => o.value)).toEqual([...NOON_FIELDS]);
    expect(new Set(labels).size).toBe(labels.length);
    for (const label of labels) expect(label).not.toMatch(/^[a-z]+(\.[a-zA-Z]+)*$/);
  });

  it("says which consumer and grade a fuel, stock or bunker field is, and its stored unit", () => {
    expect(noonFieldLabel("fuel.main.HFO")).toBe("Fuel consumed, main engine, HFO");
    expect(noonFieldLabel("fuel.boiler")).toBe("Fuel consumed, boiler, grade of the row's fuel grade column");
    expect(noonFieldLabel("rob.MGO")).toBe("Remaining on board, MGO");
    expect(noonFieldLabel("bunkered")).toBe("Bunkers received, all grades");
    expect(noonFieldUnit("fuel.auxiliary.MDO")).toBe("t");
    expect(noonFieldUnit("distanceOverGround")).toBe("nm");
    expect(noonFieldUnit("not-a-field")).toBeNull();
  });

  it("sends every column, '' for one left out, so that the server recognises none behind the user's back", () => {
    expect(
      columnMappingsOf([
        { index: 0, header: "Date", unit: null, field: "reportDate" },
        { index: 1, header: "Remarks", unit: null, field: null },
      ]),
    ).toEqual({ Date: "reportDate", Remarks: "" });
  });
});
