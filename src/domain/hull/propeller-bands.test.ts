import { describe, expect, test } from "vitest";
import { admiraltyCoefficient, apparentSlipPercent, engineSpeedKn } from "./propeller.js";
import { cleaningState, roughnessBand, roughnessIndexFromExcessPower } from "./roughness-bands.js";

describe("propeller apparent slip and admiralty coefficient (reference §11 [C1])", () => {
  test("V_eng = pitch·rpm·60/1852: 6 m at 100 rpm = 19.4384 kn", () => {
    expect(engineSpeedKn(6, 100)).toBeCloseTo(19.43844, 5);
  });

  test.each([
    ["17 kn observed → 12.544 % slip", 17, 12.5444],
    ["V_obs = V_eng → 0 %", 36_000 / 1852, 0],
    ["current pushing the ship → negative slip", 20, -2.8889],
  ])("6 m pitch, 100 rpm: %s", (_n, v, slip) => {
    expect(apparentSlipPercent(6, 100, v)).toBeCloseTo(slip, 3);
  });

  test("C = Δ^(2/3)·V³/P: 50,000 t, 14 kn, 8000 kW → 465.5", () => {
    expect(admiraltyCoefficient(50_000, 14, 8000)).toBeCloseTo(465.52, 1);
  });
});

// Spec §4 bands (≤110 good, ≤120 caution, ≤140 orange, >140 red) and cleaning state (<120, <180, ≥180).
describe("roughness bands and cleaning state at and around every edge (spec §4)", () => {
  test.each([
    [100, "good"],
    [110, "good"],
    [110.01, "caution"],
    [120, "caution"],
    [120.01, "orange"],
    [140, "orange"],
    [140.01, "red"],
    [200, "red"],
  ])("index %f is band %s", (index, band) => {
    expect(roughnessBand(index)).toBe(band);
  });

  test.each([
    [100, "Good"],
    [119.99, "Good"],
    [120, "Moderate"],
    [179.99, "Moderate"],
    [180, "Poor"],
  ])("index %f is cleaning state %s", (index, state) => {
    expect(cleaningState(index)).toBe(state);
  });

  test.each([
    ["no excess → 100 (clean hull floor)", 0, 100],
    ["better than baseline still reads 100", -3, 100],
    ["+4 % → 110, top of the clean range (spec §5 hint 100–110)", 4, 110],
    ["+20 % → 150, the spec's heavy-fouling hint", 20, 150],
  ])("index from excess power: %s", (_n, excess, index) => {
    expect(roughnessIndexFromExcessPower(excess)).toBeCloseTo(index, 12);
  });
});
