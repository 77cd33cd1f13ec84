import { describe, expect, it } from "vitest";
import { sfocAgainstBaseline } from "../engine/sfoc-baseline";
import { crossCheckSfoc, sfocsDisagree } from "../engine/sfoc-cross-check";
import { engineKindsOf, sfocPhysicalRange } from "../engine/sfoc-physical-range";
import { FUEL_PROPERTIES } from "../fuels/fuel-types";
import { addFuelSums, distanceSourceOf, type FuelSums, reportedSfocOfSums } from "../records/fuel-sums";
import { recordDistanceNm } from "../records/record-arithmetic";
import { derivedSfocOfRecord, type FuelRecordForChecks, fuelRecordChecks } from "./report-checks";

describe("physical SFOC range (η = 3,600 / (SFOC · LCV))", () => {
  it("two-stroke main engine on the ISO reference fuel: η 0.55–0.35 is 153.3–240.9 g/kWh", () => {
    const r = sfocPhysicalRange(["two-stroke-slow-speed"], 42_700);
    expect(r.min).toBeCloseTo(3.6e6 / (0.55 * 42_700), 9);
    expect(r.min).toBeCloseTo(153.3, 1);
    expect(r.max).toBeCloseTo(240.9, 1);
  });
  it("on HFO (LCV 40,200 kJ/kg) the range moves up; LNG (48,000) down", () => {
    const hfo = sfocPhysicalRange(["two-stroke-slow-speed"], FUEL_PROPERTIES.HFO.lcvKjPerKg);
    const lng = sfocPhysicalRange(["two-stroke-slow-speed"], FUEL_PROPERTIES.LNG.lcvKjPerKg);
    expect(hfo.min).toBeCloseTo(162.8, 1);
    expect(lng.min).toBeCloseTo(136.4, 1);
  });
  it("four-stroke auxiliaries reach less (168.6–281.0 g/kWh at ISO); all engines: the union", () => {
    const aux = sfocPhysicalRange(["four-stroke-medium-high-speed"], null);
    expect(aux.min).toBeCloseTo(168.6, 1);
    expect(aux.max).toBeCloseTo(281.0, 1);
    const all = sfocPhysicalRange(engineKindsOf(["main", "auxiliary"]), null);
    expect(all.min).toBeCloseTo(153.3, 1);
    expect(all.max).toBeCloseTo(281.0, 1);
  });
});

describe("crossCheckSfoc (decision 007)", () => {
  const range = sfocPhysicalRange(["two-stroke-slow-speed"], FUEL_PROPERTIES.HFO.lcvKjPerKg);
  it("the issue's file: 131.9 derived against 178 reported fails both checks", () => {
    const c = crossCheckSfoc({ derived: 131.9, reported: 178, range });
    expect(c.flags).toEqual(["reported-vs-derived", "out-of-physical-range"]);
    expect(c.reportedDifferencePercent).toBeCloseTo((100 * (178 - 131.9)) / 131.9, 9);
  });
  it("10 % apart is agreement, above it is not", () => {
    expect(sfocsDisagree(198, 180)).toBe(false);
    expect(sfocsDisagree(198.1, 180)).toBe(true);
    expect(sfocsDisagree(null, 180)).toBe(false);
  });
  it("an impossible reported figure flags even when the derived one is fine", () => {
    expect(crossCheckSfoc({ derived: 180, reported: 300, range }).flags).toEqual([
      "reported-vs-derived",
      "out-of-physical-range",
    ]);
    expect(crossCheckSfoc({ derived: 180, reported: null, range }).flags).toEqual([]);
  });
});

const sums = (s: Partial<FuelSums>): FuelSums => ({ ...addFuelSums([]), ...s });

describe("sfocAgainstBaseline carries the cross-check (card and Performance Trends)", () => {
  it("flags the issue's case and keeps the difference the figure has", () => {
    // 1 h at 7,582 kW burning 1 t: 131.9 g/kWh derived; the SFOC column says 178
    const energy = 1e6 / 131.9;
    const r = sfocAgainstBaseline(
      sums({
        fuelTWithEnergy: 1,
        energyKwh: energy,
        fuelLcv: FUEL_PROPERTIES.HFO.lcvKjPerKg,
        reportedSfocFuelT: (178 * energy) / 1e6,
        reportedSfocEnergyKwh: energy,
      }),
      null,
      "main",
      ["two-stroke-slow-speed"],
    )!;
    expect(r.value).toBeCloseTo(131.9, 9);
    expect(r.reported).toBeCloseTo(178, 9);
    expect(r.differencePercent).toBeCloseTo((100 * (131.9 - 185)) / 185, 9);
    expect(r.verified).toBe(false);
  });
  it("reportedSfocOfSums is the energy-weighted mean of the column", () => {
    // 176 over 1,000 kWh and 180 over 3,000 kWh
    expect(
      reportedSfocOfSums({ reportedSfocFuelT: (176 * 1000 + 180 * 3000) / 1e6, reportedSfocEnergyKwh: 4000 }),
    ).toBeCloseTo(179, 9);
    expect(reportedSfocOfSums({ reportedSfocFuelT: 0, reportedSfocEnergyKwh: 0 })).toBeNull();
  });
});

describe("recordDistanceNm and distanceSourceOf (item 7)", () => {
  it("a reported distance wins; else SOG × hours, derived", () => {
    expect(recordDistanceNm(120, 14, 6)).toEqual({ nm: 120, derived: false });
    expect(recordDistanceNm(null, 14, 6)).toEqual({ nm: 84, derived: true });
    expect(recordDistanceNm(null, null, 6)).toEqual({ nm: 0, derived: false });
  });
  it("names the source of a span's distance", () => {
    expect(distanceSourceOf(0, 0)).toBeNull();
    expect(distanceSourceOf(100, 0)).toBe("reported");
    expect(distanceSourceOf(100, 100)).toBe("derived");
    expect(distanceSourceOf(100, 40)).toBe("mixed");
  });
});

describe("fuelRecordChecks", () => {
  const base: FuelRecordForChecks = {
    consumer: "main",
    fuelType: "HFO",
    sfoc: 180,
    fuelConsumptionRate: 24,
    enginePower: 24e6 / (180 * 24),
    distanceNm: 12,
    speedOverGround: 12,
  };
  it("a consistent record passes", () => {
    expect(derivedSfocOfRecord(base)).toBeCloseTo(180, 9);
    expect(fuelRecordChecks(base)).toEqual([]);
  });
  it("the issue's record fails both SFOC checks and has a derived distance", () => {
    expect(
      fuelRecordChecks({ ...base, sfoc: 178, enginePower: 24e6 / (131.9 * 24), distanceNm: null }),
    ).toEqual(["sfoc-out-of-physical-range", "sfoc-reported-vs-derived", "distance-derived"]);
  });
  it("an auxiliary record is held to the four-stroke range", () => {
    expect(
      fuelRecordChecks({ ...base, consumer: "auxiliary", sfoc: 165, enginePower: 24e6 / (165 * 24) }),
    ).toEqual(["sfoc-out-of-physical-range"]);
    expect(fuelRecordChecks({ ...base, sfoc: 165, enginePower: 24e6 / (165 * 24) })).toEqual([]);
  });
  it("no power, no derived SFOC: only the reported one is checked", () => {
    expect(fuelRecordChecks({ ...base, enginePower: null, sfoc: 400 })).toEqual([
      "sfoc-out-of-physical-range",
    ]);
    expect(fuelRecordChecks({ ...base, enginePower: 0 })).toEqual([]);
  });
});
