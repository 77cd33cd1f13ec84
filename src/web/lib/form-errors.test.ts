import { describe, expect, it } from "vitest";
import { issuesToFieldErrors, toFieldErrors } from "./form-errors";

describe("form errors", () => {
  it("keeps the first reason of each field", () => {
    expect(
      toFieldErrors([
        { field: "email", reason: "is required" },
        { field: "email", reason: "must be a valid email address" },
        { field: "password", reason: "must be at least 10 characters" },
      ]),
    ).toEqual({ email: "is required", password: "must be at least 10 characters" });
  });

  it("joins nested issue paths with dots", () => {
    expect(issuesToFieldErrors([{ path: ["fuels", 0, "tonnes"], message: "must be positive" }])).toEqual({
      "fuels.0.tonnes": "must be positive",
    });
  });
});
