import { describe, expect, it } from "vitest";
import { binCovers, binLabel, percentTone, signedPercent, speedFuelLaw } from "./section-format";

describe("signedPercent / percentTone", () => {
  it.each([
    [2.345, "+2.3%", "worse"],
    [-1.26, "−1.3%", "better"],
    [-0.01, "0.0%", "better"],
    [null, "—", null],
  ] as const)("%s → %s (%s)", (value, text, tone) => {
    expect(signedPercent(value)).toBe(text);
    expect(percentTone(value)).toBe(tone);
  });
});

describe("speedFuelLaw", () => {
  it("shows k and n", () => {
    expect(speedFuelLaw(0.01234, 3.1234)).toBe("FC = 0.0123 · V^3.12");
    expect(speedFuelLaw(1.5, 2)).toBe("FC = 1.5 · V^2");
  });
});

describe("trim bins", () => {
  const bin = { draughtFromM: 10, draughtToM: 12, speedFromKn: 12, speedToKn: 14 };
  it("names a bin", () => {
    expect(binLabel(bin)).toBe("T 10–12 m · 12–14 kn");
  });
  it.each([
    [10, 12, true],
    [11.9, 13.9, true],
    [12, 13, false],
    [11, 14, false],
  ])("covers draught %s m at %s kn: %s", (d, v, ok) => {
    expect(binCovers(bin, d, v)).toBe(ok);
  });
});
