import { describe, expect, it } from "vitest";
import {
  binCovers,
  binLabel,
  fuelSpeedAxisName,
  fuelSpeedCaption,
  percentTone,
  signedNumber,
  signedPercent,
  speedFuelLaw,
} from "./section-format";

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

describe("signedNumber", () => {
  it("writes the sign and fixed decimals without a unit (percentage points)", () => {
    expect(signedNumber(3.04)).toBe("+3.0");
    expect(signedNumber(-3.96)).toBe("−4.0");
    expect(signedNumber(null)).toBe("—");
  });
});

describe("speedFuelLaw", () => {
  it("shows k and n", () => {
    expect(speedFuelLaw(0.01234, 3.1234)).toBe("FC = 0.0123 · V^3.12");
    expect(speedFuelLaw(1.5, 2)).toBe("FC = 1.5 · V^2");
  });
});

describe("fuel against speed: what the chart plots", () => {
  it("names the axis by whose fuel and whether it is at the reference displacement", () => {
    expect(fuelSpeedAxisName({ scatterConsumers: ["main"], referenceDisplacementT: 80_000 })).toBe(
      "ME fuel, ref. Δ",
    );
    expect(fuelSpeedAxisName({ scatterConsumers: ["main", "auxiliary"], referenceDisplacementT: null })).toBe(
      "Fuel rate",
    );
    expect(fuelSpeedAxisName({ scatterConsumers: ["auxiliary"], referenceDisplacementT: null })).toBe(
      "Fuel rate",
    );
  });
  it("says how the points relate to the measured rate at sea", () => {
    expect(
      fuelSpeedCaption({
        scatterConsumers: ["main"],
        referenceDisplacementT: 80_000,
        summary: { fuelRate: 19.84 },
      }),
    ).toBe(
      "Points brought to the reference displacement Δ = 80,000 t (admiralty law, fuel ∝ Δ^2/3), not as measured; main engine only; measured rate at sea, all selected engines: 19.8 MT/day.",
    );
    expect(
      fuelSpeedCaption({
        scatterConsumers: ["auxiliary"],
        referenceDisplacementT: null,
        summary: { fuelRate: null },
      }),
    ).toBe("");
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
