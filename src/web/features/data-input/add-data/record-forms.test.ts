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

  // What the analyses read must be enterable by hand too: EEOI needs a voyage's cargo, the hull analysis the sea
  // temperature, the voyage track the position (issue 35 item 4). These forms ask for every registry column.
  it.each([forms.VOYAGE_FORM, forms.ENVIRONMENTAL_FORM].map((s) => [s.id, s] as const))(
    "%s: asks for every column of the record registry",
    (id, spec) => {
      const asked = new Set([...spec.fields.map((f) => f.name), "shipId", "voyageId", "timestamp"]);
      expect(registryFields(typeOf(id)).filter((field) => !asked.has(field))).toEqual([]);
    },
  );
});
