import { describe, expect, it } from "vitest";
import { UPLOAD_COLUMNS, UPLOAD_DATA_TYPES } from "../../../../contracts/upload-columns";
import {
  DEFAULT_COLUMN_MAPPINGS,
  INVALID_MAPPING_JSON,
  MAPPING_NOT_AN_OBJECT,
  mappingConfigText,
  parseCustomMapping,
} from "./column-mapping";

describe("DEFAULT_COLUMN_MAPPINGS", () => {
  it.each(UPLOAD_DATA_TYPES)("maps every %s header of upload-columns.ts, in its order", (type) => {
    expect(Object.keys(DEFAULT_COLUMN_MAPPINGS[type])).toEqual([...UPLOAD_COLUMNS[type]]);
  });
  it.each(UPLOAD_DATA_TYPES)("maps no two %s headers to one field", (type) => {
    const fields = Object.values(DEFAULT_COLUMN_MAPPINGS[type]);
    expect(new Set(fields).size).toBe(fields.length);
  });
});

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
      columnMappings: DEFAULT_COLUMN_MAPPINGS.hull,
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
