import { describe, expect, it } from "vitest";
import { registryFields } from "../../../../contracts/record-registry";
import type { UploadDataType } from "../../../../contracts/upload-columns";
import {
  AUXILIARY_FORM,
  COMPLIANCE_FORM,
  ENVIRONMENTAL_FORM,
  FUEL_FORM,
  HULL_FORM,
  type RecordFormSpec,
  SHIP_FORM,
  TRIM_FORM,
  VOYAGE_FORM,
} from "./record-forms";

// A form and a file fill the same contract fields: every field a form asks for is a column of the record
// registry for its type, so a field renamed there fails here too.
const FORMS: [UploadDataType, RecordFormSpec][] = [
  ["ships", SHIP_FORM],
  ["voyages", VOYAGE_FORM],
  ["fuel", FUEL_FORM],
  ["environmental", ENVIRONMENTAL_FORM],
  ["hull", HULL_FORM],
  ["trim", TRIM_FORM],
  ["compliance", COMPLIANCE_FORM],
  ["auxiliary", AUXILIARY_FORM],
];

describe("Add Data forms", () => {
  it.each(FORMS)("%s: every field is a column of the record registry", (type, form) => {
    const columns = new Set<string>(registryFields(type));
    expect(form.fields.map((f) => f.name).filter((name) => !columns.has(name))).toEqual([]);
  });
});
