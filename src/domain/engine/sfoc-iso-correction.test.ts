import { describe, expect, test } from "vitest";
import {
  ambientSfocChangePercent,
  ISO3046_REFERENCE,
  iso3046AdjustmentFactors,
  sfocAtActualLcv,
  sfocAtReferenceLcv,
  sfocAtReferenceLcvForFuel,
  sfocToIsoConditions,
} from "./sfoc-iso-correction.js";

// LCV correction SFOC_ISO = SFOC·LCV/42,700: reference-data.md §10 [C2].
describe("SFOC referred to the reference LCV 42,700 kJ/kg", () => {
  test.each([
    ["HFO bunker at 40,200 kJ/kg: 180 × 40,200/42,700 = 169.4614", 180, 40_200, 169.46136],
    ["fuel at the reference LCV is unchanged", 175, 42_700, 175],
    ["richer fuel (LNG 48,000) raises the referred SFOC", 150, 48_000, 168.61827],
  ])("%s", (_n, sfoc, lcv, expected) => {
    expect(sfocAtReferenceLcv(sfoc, lcv)).toBeCloseTo(expected, 4);
  });

  test("fuel-type shortcut uses the MEPC.364(79) LCV (HFO 40,200 kJ/kg)", () => {
    expect(sfocAtReferenceLcvForFuel(180, "HFO")).toBeCloseTo(169.46136, 4);
  });

  test("an implausible LCV is refused", () => {
    expect(() => sfocAtReferenceLcv(180, 402)).toThrow(/lcvKjPerKg/);
  });
});

// Ambient approximation: constants [MEM]/[C1] in sfoc-iso-correction.ts (reference-data.md §10).
describe("ambient correction to ISO 3046-1 reference conditions (25 °C, 1000 mbar, 25 °C coolant)", () => {
  test.each([
    ["reference conditions: no change", 25, 1000, 25, 0],
    ["+10 °C air inlet: +0.2 %", 35, 1000, 25, 0.2],
    ["+10 mbar: −0.02 %", 25, 1010, 25, -0.02],
    ["+10 °C coolant: +0.5 %", 25, 1000, 35, 0.5],
    ["tropical 45 °C air, 36 °C coolant: 0.4 + 0.55 = 0.95 %", 45, 1000, 36, 0.95],
  ])("%s", (_n, t, p, c, pct) => {
    expect(
      ambientSfocChangePercent({ airInletTempC: t, barometricPressureMbar: p, chargeAirCoolantTempC: c }),
    ).toBeCloseTo(pct, 12);
  });

  test("combined: LCV first, then divided by (1 + Δ%/100)", () => {
    const r = sfocToIsoConditions({
      measuredSfocGPerKwh: 180,
      actualLcvKjPerKg: 40_200,
      ambient: { airInletTempC: 35, barometricPressureMbar: 1000, chargeAirCoolantTempC: 25 },
    });
    expect(r.isoSfocGPerKwh).toBeCloseTo(169.46136 / 1.002, 4);
    expect(r.lcvFactor).toBeCloseTo(40_200 / ISO3046_REFERENCE.lcvKjPerKg, 12);
  });

  test("ISO 3046-1 factors are 1 at reference conditions (k = 1 ⇒ α = 1, β = 1)", () => {
    expect(
      iso3046AdjustmentFactors({
        pressureRatio: 1,
        airTempRatio: 1,
        coolantTempRatio: 1,
        a: 1,
        b: 0.75,
        c: 1,
        mechanicalEfficiency: 0.8,
      }),
    ).toEqual({ k: 1, alpha: 1, beta: 1 });
  });
});

describe("sfocAtActualLcv: a shop-test figure on the burnt fuel's energy basis (inverse of the ISO LCV correction)", () => {
  test.each([
    // 168 g/kWh at 42,700 kJ/kg reads 168 · 42,700 / 40,200 = 178.448 g/kWh on HFO's IMO default LCV
    [168, 40_200, 178.4478],
    [168, 42_700, 168],
  ])("%f g/kWh (ISO) burning LCV %i kJ/kg reads %f g/kWh", (iso, lcv, expected) => {
    expect(sfocAtActualLcv(iso, lcv)).toBeCloseTo(expected, 3);
  });

  test("round trip with sfocAtReferenceLcv", () => {
    expect(sfocAtReferenceLcv(sfocAtActualLcv(171.3, 41_000), 41_000)).toBeCloseTo(171.3, 9);
  });
});
