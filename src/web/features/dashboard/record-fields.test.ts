import { describe, expect, it } from "vitest";
import { RECORD_REGISTRY } from "../../../contracts/record-registry";
import { displayUnitOf, recordFields } from "./record-fields";

describe("recordFields", () => {
  const record = {
    id: 9,
    shipId: 2,
    voyageId: null,
    timestamp: "2026-03-01T12:00:00.000Z",
    sfoc: 178.44,
    fuelType: "HFO",
    co2Emissions: null,
    someNewField: 1234.5,
  };

  it("drops bookkeeping fields and labels the rest with units", () => {
    expect(recordFields(record)).toEqual([
      { key: "sfoc", label: "SFOC", value: "178.4 g/kWh" },
      { key: "fuelType", label: "Fuel type", value: "HFO" },
      { key: "co2Emissions", label: "CO₂ emissions", value: "—" },
      { key: "someNewField", label: "Some new field", value: "1,234.5" },
    ]);
  });
});

/** Spelling the screen may vary without changing the unit: MT for t, CO₂ for CO2, dwt for t, no brackets. */
const sameUnit = (unit: string) =>
  unit
    .replace(/\bMT\b/g, "t")
    .replace(/₂/g, "2")
    .replace(/\bdwt\b/g, "t")
    .replace(/[()]/g, "")
    .replace(/ (MCR|from|added power)$/, "");

describe("the latest records show each field in the unit the record registry stores it in", () => {
  const columns = (["fuel", "environmental", "hull", "auxiliary", "compliance"] as const).flatMap((type) =>
    RECORD_REGISTRY[type].map((c) => [type, c.field, "unit" in c ? c.unit : undefined] as const),
  );
  it.each(columns.filter(([, field, unit]) => unit !== undefined && displayUnitOf(field) !== undefined))(
    "%s %s in %s",
    (_type, field, unit) => {
      expect(sameUnit(displayUnitOf(field)!)).toBe(sameUnit(unit!));
    },
  );
  it("CO₂ emissions are a rate, t/day, as the fuel rate they come from", () => {
    expect(recordFields({ co2Emissions: 86.57 } as never)).toEqual([
      { key: "co2Emissions", label: "CO₂ emissions", value: "86.6 t/day" },
    ]);
  });
});
