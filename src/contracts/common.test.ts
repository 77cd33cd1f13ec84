import { describe, expect, it } from "vitest";
import { isoInstant } from "./common";

describe("isoInstant: ISO 8601 dates and date-times, UTC unless an offset is given", () => {
  it.each([
    ["2026-03-01", "2026-03-01T00:00:00.000Z"],
    ["2026-03-01T12:30", "2026-03-01T12:30:00.000Z"],
    ["2026-03-01 12:30:15", "2026-03-01T12:30:15.000Z"],
    ["2026-03-01T12:30:00+02:00", "2026-03-01T10:30:00.000Z"],
    ["2026-03-01T23:59:59.999Z", "2026-03-01T23:59:59.999Z"],
  ])("reads %s as %s", (text, iso) => {
    expect(isoInstant.parse(text).toISOString()).toBe(iso);
  });

  it.each([
    ["a day the calendar lacks", "2026-02-30"],
    ["a month 13", "2026-13-01"],
    ["hour 24 (JavaScript would roll it to the next day)", "2026-03-01T24:00"],
    ["minute 60", "2026-03-01T12:60"],
    ["a day-first date", "01/03/2026"],
  ])("rejects %s", (_name, text) => {
    expect(isoInstant.safeParse(text).success).toBe(false);
  });
});
