import { describe, expect, it } from "vitest";
import { registryFields } from "../../../../contracts/record-registry";
import type { UploadDataType } from "../../../../contracts/upload-columns";
import * as forms from "./record-forms";

// A form and a file fill the same contract fields: every field a form asks for is a column of the record
// registry for its type, so a field renamed there fails here too.
/** A form's data type: the form ids are the types' names, singular for ships, voyages and events. */
const typeOf = (id: forms.RecordFormId): UploadDataType =>
  id === "ship" ? "ships" : id === "voyage" ? "voyages" : id === "maintenance-event" ? "events" : id;

const SPECS = Object.values(forms).filter(
  (v): v is forms.RecordFormSpec => typeof v === "object" && v !== null && "fields" in v,
);

describe("Add Data forms", () => {
  it("finds all nine forms", () => {
    expect(SPECS).toHaveLength(9);
  });

  it.each(SPECS.map((s) => [s.id, s] as const))(
    "%s: every field is a column of the record registry",
    (id, spec) => {
      const columns = new Set<string>(registryFields(typeOf(id)));
      expect(spec.fields.map((f) => f.name).filter((name) => !columns.has(name))).toEqual([]);
    },
  );
});
