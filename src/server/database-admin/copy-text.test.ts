import { describe, expect, it } from "vitest";
import { arrayElements, type ColumnKind, CopyFieldError, copyValue, splitCopyLine } from "./copy-text";

describe("COPY text as a backup writes it", () => {
  it.each([
    ["a UTC instant", "2024-05-01 12:00:00+00", "2024-05-01T12:00:00.000Z"],
    ["microseconds (kept to the millisecond)", "2024-05-01 12:00:00.123456+00", "2024-05-01T12:00:00.123Z"],
    ["a session in India (+05:30)", "2024-05-01 17:30:00+05:30", "2024-05-01T12:00:00.000Z"],
    [
      "a local mean time offset with seconds (Amsterdam 1930)",
      "1930-05-01 12:19:32+00:19:32",
      "1930-05-01T12:00:00.000Z",
    ],
    ["a negative offset", "2024-05-01 07:00:00-05", "2024-05-01T12:00:00.000Z"],
  ])("reads %s", (_name, text, iso) => {
    expect((copyValue("timestamp with time zone", text) as Date).toISOString()).toBe(iso);
  });

  it.each([
    ["timestamp with time zone", "infinity"],
    ["timestamp with time zone", "2024-05-01 12:00:00"],
    ["timestamp with time zone", "0044-03-15 12:00:00+00 BC"],
    ["timestamp with time zone", "2025-02-29 00:00:00+00"],
    ["date", "2024-02-30"],
    ["double precision", "NaN"],
    ["double precision", "1e400"],
    ["double precision", " 5"],
    ["integer", "2147483648"],
    ["integer", "1.5"],
    ["boolean", "true"],
    ["jsonb", "{nope"],
    ["integer[]", "{1,NULL}"],
    ["integer[]", "{{1,2},{3,4}}"],
  ] as [ColumnKind, string][])("refuses %s %s", (kind, text) => {
    expect(() => copyValue(kind, text)).toThrow(CopyFieldError);
  });

  it("reads fields, escapes and arrays", () => {
    expect(splitCopyLine("a\\tb\t\\N\tc\\\\d\te\\nf")).toEqual(["a\tb", null, "c\\d", "e\nf"]);
    expect(() => splitCopyLine("a\\101")).toThrow(/escape/);
    expect(arrayElements('{"https://a.example.com","x \\"y\\"",NULL,plain}')).toEqual([
      "https://a.example.com",
      'x "y"',
      null,
      "plain",
    ]);
    expect(copyValue("integer[]", "{}")).toEqual([]);
    expect(copyValue("double precision", "-1.5e-05")).toBe(-1.5e-5);
    expect(copyValue("date", "2024-02-29")).toBe("2024-02-29");
  });
});
