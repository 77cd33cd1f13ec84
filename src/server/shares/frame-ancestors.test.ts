import { describe, expect, it } from "vitest";
import { frameAncestorsPolicy } from "./frame-ancestors";

const HELMET = "default-src 'self';frame-ancestors 'self';script-src 'self'";

describe("frame-ancestors of the embeddable view", () => {
  it.each([
    [[], "default-src 'self';script-src 'self';frame-ancestors 'none'"],
    [["https://a.example.com"], "default-src 'self';script-src 'self';frame-ancestors https://a.example.com"],
    [
      ["https://a.example.com", "http://localhost:8080"],
      "default-src 'self';script-src 'self';frame-ancestors https://a.example.com http://localhost:8080",
    ],
  ])("origins %j give %j (the directive replaced, never doubled)", (origins, expected) => {
    expect(frameAncestorsPolicy(HELMET, origins)).toBe(expected);
  });

  it("adds the directive to a policy without one", () => {
    expect(frameAncestorsPolicy("", [])).toBe("frame-ancestors 'none'");
  });
});
