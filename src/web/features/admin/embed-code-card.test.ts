import { describe, expect, it } from "vitest";
import { remainingDays } from "./embed-code-card";

const now = Date.parse("2026-12-02T03:00:00Z");

describe("the embed link's days", () => {
  it.each([
    [
      "a link with 30 days left gets 29 whole days and some hours: 29, ending before it",
      "2027-01-01T02:00:00Z",
      29,
    ],
    ["exactly 7 days left: 7", "2026-12-09T03:00:00Z", 7],
    ["less than a day left: 0, no new link can end in time", "2026-12-02T20:00:00Z", 0],
    ["an expired link: 0", "2026-12-01T00:00:00Z", 0],
    ["never more than the API's 365", "2028-12-02T03:00:00Z", 365],
  ])("%s", (_rule, expiresAt, days) => {
    expect(remainingDays(expiresAt, now)).toBe(days);
  });
});
