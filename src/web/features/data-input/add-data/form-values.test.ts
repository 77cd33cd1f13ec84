import { describe, expect, it } from "vitest";
import { environmentalRecordBody, fuelRecordBody, fuelRecordFields } from "../../../../contracts/records";
import { createShipBody } from "../../../../contracts/ships";
import {
  type FieldSpec,
  initialValues,
  missingRequired,
  numberBounds,
  reasonText,
  toBody,
  toBodyValue,
} from "./form-values";

const number: FieldSpec = { name: "sfoc", label: "SFOC", kind: "number" };

describe("toBodyValue (spec §5: empty numbers are sent as null)", () => {
  it.each<[string, FieldSpec, string, unknown]>([
    ["parses a number", number, "176.5", 176.5],
    ["sends an empty number as null", number, "", null],
    ["sends a blank number as null", number, "  ", null],
    ["parses an integer", { name: "seaState", label: "", kind: "integer" }, "4", 4],
    [
      "keeps text as typed (the schema trims)",
      { name: "name", label: "", kind: "text" },
      " Aurora ",
      " Aurora ",
    ],
    ["sends an empty optional select as null", { name: "ciiRating", label: "", kind: "select" }, "", null],
    [
      "keeps an empty required select empty",
      { name: "type", label: "", kind: "select", required: true },
      "",
      "",
    ],
    ["keeps a date", { name: "lastCleaningDate", label: "", kind: "date" }, "2025-01-02", "2025-01-02"],
    ["leaves out an empty optional date-time", { name: "t", label: "", kind: "datetime" }, "", undefined],
  ])("%s", (_rule, field, text, expected) => {
    expect(toBodyValue(field, text)).toEqual(expected);
  });
});

describe("toBody", () => {
  it("builds the body the contract takes, nulls for empty numbers, and HFO for an empty fuel type", () => {
    const fields: FieldSpec[] = [
      number,
      { name: "enginePower", label: "", kind: "number" },
      { name: "fuelType", label: "", kind: "select", required: true },
    ];
    const body = toBody(fields, { sfoc: "180", enginePower: "", fuelType: "" });
    expect(body).toEqual({ sfoc: 180, enginePower: null, fuelType: "" });
    const parsed = fuelRecordBody.parse({ ...body, shipId: 1 });
    expect(parsed.fuelType).toBe("HFO");
    expect(parsed.fuelGrade).toBe("HFO");
    expect(parsed.enginePower).toBeNull();
  });
  it("lets the schema reject what the physics rules out", () => {
    const body = toBody([{ name: "seaState", label: "", kind: "integer" }], { seaState: "12" });
    expect(environmentalRecordBody.safeParse({ ...body, shipId: 1 }).success).toBe(false);
  });
});

describe("initialValues and missingRequired", () => {
  const fields: FieldSpec[] = [
    { name: "name", label: "", kind: "text", required: true },
    { name: "fuelType", label: "", kind: "select", options: [{ value: "HFO", label: "HFO" }] },
    { name: "x", label: "", kind: "number", defaultValue: "1" },
  ];
  it("starts from defaults and a select's first option", () => {
    expect(initialValues(fields)).toEqual({ name: "", fuelType: "HFO", x: "1" });
  });
  it("names each required field left blank", () => {
    expect(missingRequired(fields, { name: " " })).toEqual({ name: "is required" });
    expect(missingRequired(fields, { name: "Aurora" })).toEqual({});
  });
});

describe("numberBounds (the inputs' min/max come from the contract)", () => {
  it.each([
    ["sea state 0-9, whole", environmentalRecordBody, "seaState", { min: 0, max: 9, integer: true }],
    ["wind direction 0-359", environmentalRecordBody, "windDirection", { min: 0, max: 359, integer: true }],
    ["engine load up to 110 %", fuelRecordFields, "engineLoadFactor", { min: 0, max: 110, integer: false }],
    ["a text field has none", createShipBody, "name", { integer: false }],
    ["an unknown field has none", fuelRecordFields, "nope", { integer: false }],
  ] as const)("%s", (_rule, schema, name, expected) => {
    expect(numberBounds(schema, name)).toEqual(expected);
  });
});

describe("reasonText", () => {
  it("capitalises a server or schema reason", () => {
    expect(reasonText("must be at most 9")).toBe("Must be at most 9");
  });
});
