import { describe, expect, it } from "vitest";
import { createMaintenanceEventBody } from "./maintenance-events";
import { defaultColumnMappings, exampleRow, RECORD_REGISTRY, registryFields } from "./record-registry";
import { RECORD_BODIES } from "./records";
import { createShipBody } from "./ships";
import { UPLOAD_COLUMNS, UPLOAD_DATA_TYPES } from "./upload-columns";
import { createVoyageBody } from "./voyages";

const bodyOf = (type: (typeof UPLOAD_DATA_TYPES)[number]) =>
  type === "ships"
    ? createShipBody
    : type === "voyages"
      ? createVoyageBody
      : type === "events"
        ? createMaintenanceEventBody
        : RECORD_BODIES[type];

describe("record registry", () => {
  it.each(UPLOAD_DATA_TYPES)("%s: the default mapping takes every header, in file order", (type) => {
    expect(Object.keys(defaultColumnMappings(type))).toEqual([...UPLOAD_COLUMNS[type]]);
  });

  it.each(UPLOAD_DATA_TYPES)("%s: no two headers fill one field", (type) => {
    const fields = registryFields(type);
    expect(new Set(fields).size).toBe(fields.length);
  });

  it.each(UPLOAD_DATA_TYPES)("%s: one example cell per header", (type) => {
    expect(exampleRow(type)).toHaveLength(RECORD_REGISTRY[type].length);
  });

  it.each(UPLOAD_DATA_TYPES)("%s: the example row passes its contract (references aside)", (type) => {
    const values: Record<string, unknown> = {};
    for (const c of RECORD_REGISTRY[type]) {
      if (c.example === null) continue;
      // Ship and voyage cells name records; the upload resolves them to ids before validation.
      values[c.field] = c.field === "shipId" ? 1 : c.field === "voyageId" ? 1 : c.example;
    }
    const result = bodyOf(type).safeParse(values);
    expect(result.error?.issues ?? []).toEqual([]);
  });
});
