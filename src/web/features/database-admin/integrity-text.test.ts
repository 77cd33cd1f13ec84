import { describe, expect, it } from "vitest";
import { integrityPassText } from "./integrity-text";

describe("integrityPassText (issue 35: 'every fuel record passes' said of no records)", () => {
  it("counts the records checked", () => {
    expect(integrityPassText({ fuelRecordsChecked: 21_504 })).toBe(
      "21,504 fuel records checked: every one passes the report checks.",
    );
    expect(integrityPassText({ fuelRecordsChecked: 1 })).toBe(
      "1 fuel record checked: it passes the report checks.",
    );
  });
  it("says there was nothing to check", () => {
    expect(integrityPassText({ fuelRecordsChecked: 0 })).toMatch(/^No fuel records to check/);
  });
});
