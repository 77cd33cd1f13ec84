import { describe, expect, test } from "vitest";
import { CIRC_684_CF, type EeoiVoyage, eeoi, voyageEeoi } from "./eeoi.js";
import { rollingEeoi, rollingEeoiSeries } from "./rolling-eeoi.js";

/** MEPC.1/Circ.684 appendix example inputs [C1, imorules]: (HFO t, second fuel t, cargo t, nm). */
const CIRC_684_EXAMPLE: EeoiVoyage[] = [
  [20, 5, 25_000, 300],
  [20, 5, 0, 300],
  [50, 10, 25_000, 750],
  [10, 3, 15_000, 150],
].map(([hfo, second, cargo, nm], i) => ({
  fuels: [
    { fuelType: "HFO" as const, tonnes: hfo! },
    { fuelType: "MDO" as const, tonnes: second! },
  ],
  cargo: cargo!,
  distanceNm: nm!,
  endedAt: new Date(Date.UTC(2024, i, 15)),
}));

describe("MEPC.1/Circ.684 appendix example (reference §5)", () => {
  const r = eeoi(CIRC_684_EXAMPLE, { cfTable: CIRC_684_CF });
  test("CO2 = 100·3.1144 + 23·3.206 = 385.178 t; work = 28,500,000 t·nm", () => {
    expect(r.co2Tonnes).toBeCloseTo(385.178, 9);
    expect(r.transportWork).toBe(28_500_000);
  });
  test("EEOI = 13.515 g CO2/(t·nm) = 1.3515e-5 t/(t·nm)", () => {
    expect(r.gCo2PerCargoNm).toBeCloseTo(13.515, 3);
    expect(r.tCo2PerCargoNm).toBeCloseTo(1.3515e-5, 9);
  });
  test("one ballast voyage counted: its fuel in the numerator, nothing in the denominator", () => {
    expect(r.ballastVoyageCount).toBe(1);
    const withoutBallast = eeoi(
      CIRC_684_EXAMPLE.filter((v) => v.cargo > 0),
      { cfTable: CIRC_684_CF },
    );
    expect(withoutBallast.transportWork).toBe(r.transportWork);
    expect(withoutBallast.co2Tonnes).toBeCloseTo(385.178 - (20 * 3.1144 + 5 * 3.206), 9);
  });
  test("with the second column read as LFO (3.15104) it is 13.471 (reference §5 note)", () => {
    const asLfo = CIRC_684_EXAMPLE.map((v) => ({
      ...v,
      fuels: v.fuels.map((f) => (f.fuelType === "MDO" ? { ...f, fuelType: "LFO" as const } : f)),
    }));
    expect(eeoi(asLfo, { cfTable: CIRC_684_CF }).gCo2PerCargoNm).toBeCloseTo(13.471, 3);
  });
});

describe("EEOI over several voyages is a ratio of sums, not the mean of voyage EEOIs (Circ.684 eq. 2)", () => {
  test("the example's laden voyages have a different mean of ratios", () => {
    const laden = CIRC_684_EXAMPLE.filter((v) => v.cargo > 0);
    const mean =
      laden.reduce((s, v) => s + voyageEeoi(v, { cfTable: CIRC_684_CF }).gCo2PerCargoNm!, 0) / laden.length;
    const pooled = eeoi(laden, { cfTable: CIRC_684_CF }).gCo2PerCargoNm!;
    expect(Math.abs(mean - pooled)).toBeGreaterThan(0.01);
  });
});

describe("Cf choice: MEPC.364(79) by default, a table or an explicit Cf per fuel", () => {
  const v: EeoiVoyage = { fuels: [{ fuelType: "HFO", tonnes: 10 }], cargo: 1_000, distanceNm: 100 };
  test.each([
    ["default MEPC.364(79) HFO 3.114", {}, v, 31.14],
    ["Circ.684 table HFO 3.1144", { cfTable: CIRC_684_CF }, v, 31.144],
    [
      "explicit cf 3.2 wins over the table",
      { cfTable: CIRC_684_CF },
      { ...v, fuels: [{ fuelType: "HFO" as const, tonnes: 10, cf: 3.2 }] },
      32,
    ],
    [
      "methanol missing from Circ.684 falls back to MEPC.364(79) 1.375",
      { cfTable: CIRC_684_CF },
      { ...v, fuels: [{ fuelType: "METHANOL" as const, tonnes: 10 }] },
      13.75,
    ],
  ] as const)("%s", (_name, options, voyage, co2) => {
    expect(voyageEeoi(voyage, options).co2Tonnes).toBeCloseTo(co2, 9);
  });
});

describe("no transport work (ballast only) gives no EEOI, not a division by zero", () => {
  test("ballast only → null", () => {
    const r = eeoi([{ fuels: [{ fuelType: "HFO", tonnes: 5 }], cargo: 0, distanceNm: 300 }]);
    expect(r.tCo2PerCargoNm).toBeNull();
    expect(r.gCo2PerCargoNm).toBeNull();
    expect(r.co2Tonnes).toBeCloseTo(15.57, 9);
  });
  test("negative cargo is an input error naming the field", () => {
    expect(() => eeoi([{ fuels: [], cargo: -1, distanceNm: 1 }])).toThrow(
      expect.objectContaining({ field: "voyages[0].cargo" }),
    );
  });
});

describe("rolling EEOI over a user-chosen window (Circ.684 §4)", () => {
  test("last 2 voyages = ratio of sums of voyages 3 and 4", () => {
    const r = rollingEeoi(CIRC_684_EXAMPLE, { kind: "lastVoyages", count: 2 }, { cfTable: CIRC_684_CF });
    const co2 = 50 * 3.1144 + 10 * 3.206 + 10 * 3.1144 + 3 * 3.206;
    expect(r.gCo2PerCargoNm).toBeCloseTo((co2 / (25_000 * 750 + 15_000 * 150)) * 1e6, 9);
    expect(r.voyageCount).toBe(2);
  });
  test("period window [Feb 1, Apr 1) takes the voyages ending 15 Feb and 15 Mar", () => {
    const r = rollingEeoi(CIRC_684_EXAMPLE, {
      kind: "period",
      from: new Date(Date.UTC(2024, 1, 1)),
      to: new Date(Date.UTC(2024, 3, 1)),
    });
    expect(r.voyageCount).toBe(2);
    expect(r.ballastVoyageCount).toBe(1);
  });
  test("series over the last 4 voyages ends with the whole-example EEOI", () => {
    const series = rollingEeoiSeries(CIRC_684_EXAMPLE, 4, { cfTable: CIRC_684_CF });
    expect(series).toHaveLength(4);
    expect(series[3]!.gCo2PerCargoNm).toBeCloseTo(13.515, 3);
    expect(series[0]!.voyageCount).toBe(1);
  });
  test.each([0, 1.5])("count %d is an input error", (count) => {
    expect(() => rollingEeoi(CIRC_684_EXAMPLE, { kind: "lastVoyages", count })).toThrow(
      expect.objectContaining({ field: "window.count" }),
    );
  });
});
