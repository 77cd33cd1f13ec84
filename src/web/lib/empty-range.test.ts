import { describe, expect, it } from "vitest";
import type { RecordsByKind } from "../../contracts/analysis/record-presence";
import { emptyRangeReason, emptyText } from "./empty-range";

const none = { inRange: false, newest: null };
const records: RecordsByKind = {
  fuel: { inRange: false, newest: "2025-03-02T00:00:00.000Z" },
  environmental: none,
  hull: { inRange: true, newest: "2025-03-02T00:00:00.000Z" },
  trim: none,
  auxiliary: none,
};

describe("emptyRangeReason (issue 35 item 2: one rule for an empty range)", () => {
  it("records of the kind outside the range: the newest's day, widen the range", () => {
    expect(emptyRangeReason("fuel", records)).toBe(
      "No fuel records in this range; the newest is from 2025-03-02 — widen the range",
    );
  });
  it("no records of the kind at all: add or upload them", () => {
    expect(emptyRangeReason("environmental", records)).toBe(
      "No environmental records yet — add or upload them",
    );
  });
  it("records in the range: no range cause (the caller names the missing field)", () => {
    expect(emptyRangeReason("hull", records)).toBeNull();
    expect(emptyText("hull", records, "No roughness index in the hull records")).toBe(
      "No roughness index in the hull records",
    );
    expect(emptyText("trim", records, "x")).toBe("No trim records yet — add or upload them");
  });
  it("without the dashboard's answer yet, no claim", () => {
    expect(emptyRangeReason("fuel", undefined)).toBeNull();
  });
});
