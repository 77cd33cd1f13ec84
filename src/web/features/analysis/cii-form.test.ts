import { describe, expect, it } from "vitest";
import { calculateCiiBody } from "../../../contracts/cii-calculator";
import { CII_FORM_DEFAULTS, ciiBody, usesGrossTonnage, wholeNumber } from "./cii-form";

describe("the CII calculator form", () => {
  it("starts with the specification's defaults, which the contract accepts", () => {
    const body = ciiBody(CII_FORM_DEFAULTS);
    expect(body).toEqual({
      shipType: "bulk_carrier",
      deadweight: 50000,
      fuelConsumption: 6570,
      distanceTravelled: 120000,
      calculationYear: 2024,
    });
    expect(calculateCiiBody.safeParse(body).success).toBe(true);
  });

  it.each([
    ["whole numbers stay", "6570", 6570],
    ["decimals are cut as the specification parses them", "6570.9", 6570],
    ["leading digits count", "120000nm", 120000],
    ["empty is missing", "", undefined],
  ])("wholeNumber: %s", (_rule, text, expected) => {
    expect(wholeNumber(text)).toBe(expected);
  });

  it("asks gross tonnage of GT-rated types instead of deadweight", () => {
    expect(usesGrossTonnage("cruise_passenger_ship")).toBe(true);
    expect(usesGrossTonnage("tanker")).toBe(false);
    const body = ciiBody({ ...CII_FORM_DEFAULTS, shipType: "cruise_passenger_ship", grossTonnage: "90000" });
    expect(body).toMatchObject({ grossTonnage: 90000 });
    expect(body).not.toHaveProperty("deadweight");
  });
});
