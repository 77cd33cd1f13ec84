import { describe, expect, it } from "vitest";
import { isoInstant } from "../../contracts/common";
import { utcDateInputProps, utcDateTimeInputProps, utcInputValue } from "./utc-input";

describe("UTC date and date-time inputs", () => {
  it("show an instant as 24-hour UTC text, seconds dropped", () => {
    expect(utcInputValue(new Date("2026-03-01T23:45:59.900Z"))).toBe("2026-03-01 23:45");
  });

  it("give text the contract reads back as the same UTC minute (no offset: UTC)", () => {
    const instant = new Date("2026-07-04T13:05:00Z");
    expect(isoInstant.parse(utcInputValue(instant)).toISOString()).toBe("2026-07-04T13:05:00.000Z");
  });

  it.each([
    ["a 24-hour date-time", utcDateTimeInputProps.pattern, "2026-03-01 14:05", true],
    ["an ISO date-time with T", utcDateTimeInputProps.pattern, "2026-03-01T14:05", true],
    ["a US 12-hour date-time", utcDateTimeInputProps.pattern, "03/01/2026, 02:05 PM", false],
    ["a day", utcDateInputProps.pattern, "2026-03-01", true],
    ["a US day", utcDateInputProps.pattern, "03/01/2026", false],
  ])("the pattern accepts %s: %s", (_name, pattern, text, ok) => {
    expect(new RegExp(`^(?:${pattern})$`, "v").test(text)).toBe(ok);
  });
});
