import { describe, expect, it } from "vitest";
import { partialDaysNote } from "./fuel-consumption-section";

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;

describe("partialDaysNote: which buckets are partial, and from how many hours", () => {
  it("names the partial days with their hours; none when every day is whole", () => {
    const t = ["2025-03-01", "2025-03-02", "2025-03-03"].map(day);
    expect(partialDaysNote({ t, hours: [6.25, 24, 13], partial: [true, false, true], bucketHours: 24 })).toBe(
      "Partial days (fewer than 24 h of records), drawn as 24 × fuel ÷ hours covered: 2025-03-01 (6.3 h), 2025-03-03 (13 h).",
    );
    expect(
      partialDaysNote({ t, hours: [24, 24, 24], partial: [false, false, false], bucketHours: 24 }),
    ).toBeNull();
  });

  it("weeks for weekly ranges; beyond the limit the first ones, a count and the last", () => {
    const t = Array.from({ length: 10 }, (_, i) => day("2025-01-06") + i * 7 * 86_400);
    const note = partialDaysNote(
      { t, hours: t.map((_, i) => 100 + i), partial: t.map(() => true), bucketHours: 168 },
      4,
    );
    expect(note).toBe(
      "Partial weeks (fewer than 168 h of records), drawn as 24 × fuel ÷ hours covered: week of 2025-01-06 (100 h), week of 2025-01-13 (101 h), week of 2025-01-20 (102 h), 6 more, week of 2025-03-10 (109 h).",
    );
  });
});
