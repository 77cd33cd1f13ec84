import { describe, expect, it } from "vitest";
import { timeAgo } from "./time-ago";

const now = new Date("2026-03-10T12:00:00Z");

describe("timeAgo", () => {
  it.each([
    ["under a minute is just now", "2026-03-10T11:59:30Z", "just now"],
    ["a slightly future instant is just now", "2026-03-10T12:00:20Z", "just now"],
    ["minutes", "2026-03-10T11:58:00Z", "2 min ago"],
    ["59 minutes", "2026-03-10T11:00:01Z", "59 min ago"],
    ["hours", "2026-03-10T09:00:00Z", "3 h ago"],
    ["hours up to two days", "2026-03-08T13:00:00Z", "47 h ago"],
    ["days", "2026-03-05T12:00:00Z", "5 days ago"],
    ["months", "2025-12-10T12:00:00Z", "2 months ago"],
    ["years", "2023-03-10T12:00:00Z", "3 years ago"],
    ["missing is null", null, null],
    ["unreadable is null", "yesterday", null],
  ])("%s", (_rule, iso, expected) => {
    expect(timeAgo(iso, now)).toBe(expected);
  });
});
