import { describe, expect, it } from "vitest";
import { retentionCutoff } from "./retention";

describe("retentionCutoff", () => {
  it("goes back whole calendar months at the same time of day", () => {
    expect(retentionCutoff(new Date("2026-11-24T07:30:00Z"), 24).toISOString()).toBe(
      "2024-11-24T07:30:00.000Z",
    );
    expect(retentionCutoff(new Date("2026-01-15T00:00:00Z"), 13).toISOString()).toBe(
      "2024-12-15T00:00:00.000Z",
    );
  });
  it("clamps a day the earlier month lacks to its last day", () => {
    expect(retentionCutoff(new Date("2026-03-31T12:00:00Z"), 12).toISOString()).toBe(
      "2025-03-31T12:00:00.000Z",
    );
    expect(retentionCutoff(new Date("2025-03-31T12:00:00Z"), 13).toISOString()).toBe(
      "2024-02-29T12:00:00.000Z",
    );
  });
});
