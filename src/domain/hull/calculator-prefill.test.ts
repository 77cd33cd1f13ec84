import { describe, expect, test } from "vitest";
import { referencePowerAtSpeed } from "./calculator-prefill";

const curve = [
  { speedKn: 10, powerKw: 4000 },
  { speedKn: 12, powerKw: 6912 },
  { speedKn: 14, powerKw: 10976 },
];

describe("referencePowerAtSpeed", () => {
  test("reads the curve linearly at the speed", () => {
    expect(referencePowerAtSpeed(curve, 80_000, 11, null)).toEqual({
      ok: true,
      powerKw: 5456,
      displacementCorrected: false,
    });
  });

  test("brings the power to the current displacement by the admiralty law, Δ^(2/3)", () => {
    const r = referencePowerAtSpeed(curve, 80_000, 12, 80_000 * 1.331);
    // (1.331)^(2/3) = 1.21
    expect(r.ok && r.powerKw).toBeCloseTo(6912 * 1.21, 6);
    expect(r.ok && r.displacementCorrected).toBe(true);
  });

  test("never extrapolates, and says why there is no value", () => {
    expect(referencePowerAtSpeed(curve, 80_000, 15, null)).toMatchObject({ ok: false });
    expect(referencePowerAtSpeed(null, null, 12, null)).toEqual({
      ok: false,
      reason: "no speed–power reference curve",
    });
  });
});
