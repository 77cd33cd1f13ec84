import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import {
  FUELEU_PENALTY_EUR_PER_T_VLSFO,
  FUELEU_REDUCTIONS,
  FUELEU_REFERENCE_INTENSITY,
  FUELEU_VLSFO_MJ_PER_T,
  fuelEuCompliance,
  fuelEuTargetIntensity,
} from "./fueleu-compliance.js";
import { FUELEU_ANNEX_II, FUELEU_GWP, fuelEuFuelFor, LNG_SLIP_PERCENT } from "./fueleu-defaults.js";
import { fuelEuFuelIntensity, fuelEuIntensity } from "./fueleu-intensity.js";

type AnnexRow = {
  id: string;
  lcv_mj_per_g: number;
  wtt: number;
  cf_co2: number;
  cf_ch4: number | null;
  cf_n2o: number | null;
};
const reference = JSON.parse(
  readFileSync(new URL("../../../docs/reference/reference-data.json", import.meta.url), "utf8"),
) as {
  fueleu: {
    reference_value_gco2e_per_mj: number;
    targets: { from_year: number; reduction_percent: number; limit: number }[];
    annex_ii_defaults: AnnexRow[];
    lng_cslip_percent: Record<string, number>;
    vlsfo_energy_MJ_per_t: number;
    eur_per_t_vlsfo_eq: number;
    gwp_ar4_used_by_fueleu: { CH4: number; N2O: number };
  };
};
const F = reference.fueleu;
const JSON_ID: Record<string, keyof typeof FUELEU_ANNEX_II> = {
  HFO: "HFO",
  LFO: "LFO",
  MDO_MGO: "MDO_MGO",
  LNG: "LNG",
  METHANOL_FOSSIL_NG: "METHANOL_FOSSIL",
  AMMONIA_FOSSIL_NG: "AMMONIA_FOSSIL",
  H2_FOSSIL_NG: "H2_FOSSIL",
};

describe("FuelEU constants equal reference-data.json (Reg. (EU) 2023/1805, reference §7)", () => {
  test.each(F.annex_ii_defaults.map((r) => [r.id, r] as const))("Annex II %s", (id, row) => {
    const ours = FUELEU_ANNEX_II[JSON_ID[id]!];
    expect(ours.lcvMjPerG).toBe(row.lcv_mj_per_g);
    expect(ours.wttGCo2ePerMj).toBe(row.wtt);
    expect(ours.cfCo2).toBe(row.cf_co2);
    expect(ours.cfCh4).toBe(row.cf_ch4 ?? 0);
    expect(ours.cfN2o).toBe(row.cf_n2o ?? 0);
  });
  test("reference 91.16, GWP AR4 25/298, LNG slips, penalty €2,400 per 41,000 MJ", () => {
    expect(FUELEU_REFERENCE_INTENSITY).toBe(F.reference_value_gco2e_per_mj);
    expect(FUELEU_GWP.ch4).toBe(F.gwp_ar4_used_by_fueleu.CH4);
    expect(FUELEU_GWP.n2o).toBe(F.gwp_ar4_used_by_fueleu.N2O);
    expect(LNG_SLIP_PERCENT).toEqual(F.lng_cslip_percent);
    expect(FUELEU_VLSFO_MJ_PER_T).toBe(F.vlsfo_energy_MJ_per_t);
    expect(FUELEU_PENALTY_EUR_PER_T_VLSFO).toBe(F.eur_per_t_vlsfo_eq);
  });
  test("reduction steps equal the reference's targets", () => {
    expect(FUELEU_REDUCTIONS.map((r) => [r.fromYear, r.percent])).toEqual(
      F.targets.map((t) => [t.from_year, t.reduction_percent]),
    );
  });
});

describe("target intensity per year = 91.16 × (1 − reduction) (Art. 4, reference §7 table)", () => {
  test.each([
    [2025, 89.3368],
    [2029, 89.3368],
    [2030, 85.6904],
    [2035, 77.9418],
    [2040, 62.9004],
    [2045, 34.6408],
    [2050, 18.232],
    [2060, 18.232],
  ])("%d → %d gCO2e/MJ", (year, limit) => {
    expect(fuelEuTargetIntensity(year)).toBeCloseTo(limit, 9);
  });
  test("2024 is before FuelEU applies → input error on year", () => {
    expect(() => fuelEuTargetIntensity(2024)).toThrow(expect.objectContaining({ field: "year" }));
  });
});

describe("default WtW intensity per fuel, gCO2e/MJ (Annex I/II; derived values of reference §7)", () => {
  test.each([
    ["HFO", undefined, 91.744],
    ["LFO", undefined, 91.392],
    ["MDO_MGO", undefined, 90.767],
    ["LNG", "otto_medium_speed", 89.203],
    ["LNG", "otto_slow_speed", 82.868],
    ["LNG", "diesel_slow_speed", 76.081],
    ["LNG", "lbsi", 86.94],
  ] as const)("%s %s → %d", (fuel, engine, wtw) => {
    expect(fuelEuFuelIntensity(fuel, engine).wtw).toBeCloseTo(wtw, 3);
  });
  test("LNG without an engine type is an input error", () => {
    expect(() => fuelEuIntensity([{ fuel: "LNG", tonnes: 1 }])).toThrow(
      expect.objectContaining({ field: "fuels[0].lngEngine" }),
    );
  });
  test("our IMO fuel types map to Annex II rows; LPG has no confirmed default", () => {
    expect(fuelEuFuelFor("MGO")).toBe("MDO_MGO");
    expect(fuelEuFuelFor("LPG_PROPANE")).toBeUndefined();
  });
});

describe("FuelEU Guide benchmark: container ship 12,000 t HFO + 1,400 t MDO in 2025 (reference §12)", () => {
  const r = fuelEuCompliance({
    year: 2025,
    fuels: [
      { fuel: "HFO", tonnes: 12_000 },
      { fuel: "MDO_MGO", tonnes: 1_400 },
    ],
  });
  test("energy 545.78 TJ, intensity ≈ 91.64 gCO2e/MJ, a deficit", () => {
    expect(r.energyMj).toBeCloseTo(545_780_000, 0);
    expect(r.actualIntensity).toBeCloseTo(91.637, 2);
    expect(r.complianceBalanceGCo2e).toBeLessThan(0);
  });
  test("penalty ≈ €802k by our computation (guide: about €750k; plausibility only)", () => {
    expect(r.penaltyEur).toBeGreaterThan(795_000);
    expect(r.penaltyEur).toBeLessThan(810_000);
    expect(Math.abs(r.penaltyEur - 750_000) / 750_000).toBeLessThan(0.1);
  });
  test("the divisor is the ACTUAL intensity (reference §7 ⚠)", () => {
    expect(r.penaltyEur).toBeCloseTo((-r.complianceBalanceGCo2e / (r.actualIntensity * 41_000)) * 2_400, 6);
  });
  test("the second consecutive deficit period costs 10 % more (Art. 23(2))", () => {
    const again = fuelEuCompliance({
      year: 2025,
      fuels: [
        { fuel: "HFO", tonnes: 12_000 },
        { fuel: "MDO_MGO", tonnes: 1_400 },
      ],
      consecutiveDeficitPeriods: 2,
    });
    expect(again.penaltyEur).toBeCloseTo(r.penaltyEur * 1.1, 6);
  });
  test("half the energy in scope (voyages into the EU) halves energy and penalty, same intensity", () => {
    const half = fuelEuCompliance({
      year: 2025,
      fuels: [
        { fuel: "HFO", tonnes: 12_000, scope: "into_eu" },
        { fuel: "MDO_MGO", tonnes: 1_400, scope: "out_of_eu" },
      ],
    });
    expect(half.actualIntensity).toBeCloseTo(r.actualIntensity, 12);
    expect(half.penaltyEur).toBeCloseTo(r.penaltyEur / 2, 6);
  });
});

describe("a surplus has no penalty", () => {
  test("LNG diesel slow-speed (76.08) beats the 2025 target: positive balance, €0", () => {
    const r = fuelEuCompliance({
      year: 2025,
      fuels: [{ fuel: "LNG", tonnes: 1_000, lngEngine: "diesel_slow_speed" }],
    });
    expect(r.complianceBalanceGCo2e).toBeGreaterThan(0);
    expect(r.penaltyEur).toBe(0);
  });
});
