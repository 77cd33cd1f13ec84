import { describe, expect, it } from "vitest";
import { fuelHeaderOf } from "./fuel-headers";
import { NOON_FIELD_NAMES } from "./header-names";
import { normaliseHeader } from "./headers";

describe("the header vocabulary", () => {
  it("lists each name once, under one field, already normalised, and never as a fuel column", () => {
    const seen = new Map<string, string>();
    for (const [field, spec] of Object.entries(NOON_FIELD_NAMES)) {
      for (const name of spec.names) {
        expect(seen.get(name), `${name} under ${field} and ${seen.get(name)}`).toBeUndefined();
        seen.set(name, field);
        expect(normaliseHeader(name).name, name).toBe(name);
        if (field !== "fuelGrade") expect(fuelHeaderOf(name), name).toBeUndefined();
      }
    }
  });
});
