import { describe, expect, it } from "vitest";
import { defaultColumnMappings } from "../../../../contracts/record-registry";
import {
  INVALID_MAPPING_JSON,
  MAPPING_NOT_AN_OBJECT,
  mappingConfigText,
  parseCustomMapping,
} from "./column-mapping";

describe("parseCustomMapping", () => {
  it("takes empty text as 'use the default'", () => {
    expect(parseCustomMapping("  \n")).toEqual({ ok: true, mapping: null });
  });
  it("reads an object of header to field, trimming the fields", () => {
    expect(parseCustomMapping('{"Fuel Rate": " fuelConsumptionRate ", "Date": "timestamp"}')).toEqual({
      ok: true,
      mapping: { "Fuel Rate": "fuelConsumptionRate", Date: "timestamp" },
    });
  });
  it.each([
    ["a trailing comma", '{"a": "b",}'],
    ["single quotes", "{'a': 'b'}"],
    ["unfinished text", '{"a": '],
  ])("rejects invalid JSON (%s) with the specification's message", (_rule, text) => {
    expect(parseCustomMapping(text)).toEqual({ ok: false, error: INVALID_MAPPING_JSON });
  });
  it.each([
    ["an array", '["a"]'],
    ["a number", "42"],
    ["null", "null"],
    ["a non-string field", '{"SFOC": 3}'],
    ["an empty field", '{"SFOC": ""}'],
    ["an empty header", '{"": "sfoc"}'],
  ])("rejects valid JSON that is not a mapping (%s)", (_rule, text) => {
    expect(parseCustomMapping(text)).toEqual({ ok: false, error: MAPPING_NOT_AN_OBJECT });
  });
});

describe("mappingConfigText", () => {
  it("sends the type's default mapping and skipRows 1 without a custom mapping", () => {
    expect(JSON.parse(mappingConfigText("hull", null))).toEqual({
      dataType: "hull",
      columnMappings: defaultColumnMappings("hull"),
      skipRows: 1,
    });
  });
  it("sends the custom mapping when there is one", () => {
    expect(JSON.parse(mappingConfigText("fuel", { Rate: "fuelConsumptionRate" }, 2))).toEqual({
      dataType: "fuel",
      columnMappings: { Rate: "fuelConsumptionRate" },
      skipRows: 2,
    });
  });
});
