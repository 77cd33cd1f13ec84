import { describe, expect, it } from "vitest";
import { parseShipId } from "./route-params";

describe("parseShipId", () => {
  it.each([
    ["reads an integer", "3", 3],
    ["reads leading digits like parseInt", "7abc", 7],
    ["has no id without a parameter", undefined, null],
    ["has no id for text", "abc", null],
    ["has no id for zero", "0", null],
    ["has no id for a negative number", "-2", null],
  ])("%s", (_rule, param, expected) => {
    expect(parseShipId(param)).toBe(expected);
  });
});
