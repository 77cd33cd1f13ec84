import { describe, expect, it } from "vitest";
import { recordFields } from "./record-fields";

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
