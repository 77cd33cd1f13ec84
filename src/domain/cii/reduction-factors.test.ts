import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { DomainInputError } from "../errors.js";
import {
  CII_REDUCTION_FACTORS_PERCENT,
  CiiYearNotAdoptedError,
  hasReductionFactor,
  reductionFactorPercent,
} from "./reduction-factors.js";

const reference = JSON.parse(
  readFileSync(new URL("../../../docs/reference/reference-data.json", import.meta.url), "utf8"),
) as { cii_reduction_factors_z_percent: { values: Record<string, number> } };

describe("Z per year: MEPC.338(76) for 2019–2026, MEPC.400(83) for 2027–2030 (reference §3)", () => {
  test.each([
    [2019, 0, "MEPC.338(76)"],
    [2020, 1, "MEPC.338(76)"],
    [2021, 2, "MEPC.338(76)"],
    [2022, 3, "MEPC.338(76)"],
    [2023, 5, "MEPC.338(76)"],
    [2024, 7, "MEPC.338(76)"],
    [2025, 9, "MEPC.338(76)"],
    [2026, 11, "MEPC.338(76)"],
    [2027, 13.625, "MEPC.400(83)"],
    [2028, 16.25, "MEPC.400(83)"],
    [2029, 18.875, "MEPC.400(83)"],
    [2030, 21.5, "MEPC.400(83)"],
  ])("%d: Z = %d % (%s)", (year, z) => {
    expect(reductionFactorPercent(year)).toBe(z);
  });

  test("table equals reference-data.json", () => {
    expect(
      Object.fromEntries(Object.entries(CII_REDUCTION_FACTORS_PERCENT).map(([y, z]) => [String(y), z])),
    ).toEqual(reference.cii_reduction_factors_z_percent.values);
  });

  test("not the ETV placeholders 13/15/17/19 % (reference §3 warning)", () => {
    expect([2027, 2028, 2029, 2030].map((y) => reductionFactorPercent(y))).not.toEqual([13, 15, 17, 19]);
  });
});

describe("a year without an adopted Z is an input error, never an extrapolation (reference §0)", () => {
  test.each([2031, 2035, 2018, 2024.5, Number.NaN])(
    "%d → CiiYearNotAdoptedError on calculationYear",
    (year) => {
      expect(hasReductionFactor(year)).toBe(false);
      expect(() => reductionFactorPercent(year)).toThrowError(CiiYearNotAdoptedError);
      try {
        reductionFactorPercent(year);
      } catch (e) {
        expect(e).toBeInstanceOf(DomainInputError);
        expect((e as DomainInputError).field).toBe("calculationYear");
      }
    },
  );
});
