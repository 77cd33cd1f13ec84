import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { ETS_PHASE_IN, etsAllowanceCost, etsAllowances, etsPhaseIn } from "./eu-ets.js";
import { EU_SCOPE_SHARE, EU_VOYAGE_SCOPES } from "./eu-voyage-scope.js";

const reference = JSON.parse(
  readFileSync(new URL("../../../docs/reference/reference-data.json", import.meta.url), "utf8"),
) as {
  eu_ets_shipping: {
    phase_in_percent_of_verified_emissions: Record<string, number>;
    scope_share: Record<string, number>;
  };
};

describe("EU ETS phase-in: 40 % 2024, 70 % 2025, 100 % from 2026 (Directive (EU) 2023/959, reference §7)", () => {
  test.each([
    [2023, 0],
    [2024, 0.4],
    [2025, 0.7],
    [2026, 1],
    [2030, 1],
  ])("%d → %d", (year, share) => {
    expect(etsPhaseIn(year)).toBe(share);
  });
  test("table equals reference-data.json", () => {
    const json = reference.eu_ets_shipping.phase_in_percent_of_verified_emissions;
    for (const [year, percent] of Object.entries(json))
      expect(ETS_PHASE_IN[Number(year)]! * 100).toBeCloseTo(percent, 12);
  });
});

describe("EU voyage scope: 100 % intra-EU and at berth, 50 % into/out of the EU, 0 outside (reference §7)", () => {
  test.each(
    EU_VOYAGE_SCOPES.map((s) => [
      s,
      { intra_eu: 1, at_berth_eu: 1, into_eu: 0.5, out_of_eu: 0.5, outside_eu: 0 }[s],
    ]),
  )("%s → %d", (scope, share) => {
    expect(EU_SCOPE_SHARE[scope]).toBe(share);
  });
  test("matches reference-data.json scope_share", () => {
    const json = reference.eu_ets_shipping.scope_share;
    expect(EU_SCOPE_SHARE.intra_eu).toBe(json.voyage_eu_to_eu);
    expect(EU_SCOPE_SHARE.at_berth_eu).toBe(json.at_berth_in_eu_port);
    expect(EU_SCOPE_SHARE.out_of_eu).toBe(json.voyage_eu_to_non_eu);
    expect(EU_SCOPE_SHARE.into_eu).toBe(json.voyage_non_eu_to_eu);
  });
});

describe("allowance cost = CO2 × scope share × phase-in × price (Directive (EU) 2023/959)", () => {
  test.each([
    ["2024 intra-EU 1000 t at €80", 2024, [{ co2Tonnes: 1000, scope: "intra_eu" }], 80, 32_000],
    ["2025 into-EU 1000 t at €80", 2025, [{ co2Tonnes: 1000, scope: "into_eu" }], 80, 28_000],
    [
      "2026 at berth 500 t + outside 900 t at €70",
      2026,
      [
        { co2Tonnes: 500, scope: "at_berth_eu" },
        { co2Tonnes: 900, scope: "outside_eu" },
      ],
      70,
      35_000,
    ],
    ["2023: shipping not yet covered", 2023, [{ co2Tonnes: 1000, scope: "intra_eu" }], 80, 0],
  ] as const)("%s → %d", (_name, year, emissions, price, cost) => {
    const r = etsAllowanceCost({ emissions, year, pricePerAllowance: price });
    expect(r.cost).toBeCloseTo(cost, 9);
    expect(r.surrenderYear).toBe(year + 1);
  });
  test("negative CO2 is an input error naming the entry", () => {
    expect(() =>
      etsAllowanceCost({
        emissions: [{ co2Tonnes: -1, scope: "intra_eu" }],
        year: 2025,
        pricePerAllowance: 1,
      }),
    ).toThrow(expect.objectContaining({ field: "emissions[0].co2Tonnes" }));
  });
});

describe("allowances = CO2 × scope share × phase-in, with no price (issue 32 item 2)", () => {
  test.each([
    ["2024 intra-EU 1000 t", 2024, [{ co2Tonnes: 1000, scope: "intra_eu" }], 1000, 400],
    ["2025 out of the EU 1000 t", 2025, [{ co2Tonnes: 1000, scope: "out_of_eu" }], 500, 350],
    [
      "2026 at berth 500 t + outside 900 t",
      2026,
      [
        { co2Tonnes: 500, scope: "at_berth_eu" },
        { co2Tonnes: 900, scope: "outside_eu" },
      ],
      500,
      500,
    ],
  ] as const)("%s → %d t in scope, %d allowances", (_name, year, emissions, inScope, allowances) => {
    const a = etsAllowances({ emissions, year });
    expect(a.inScopeTonnes).toBeCloseTo(inScope, 9);
    expect(a.allowances).toBeCloseTo(allowances, 9);
    // the cost is the same allowances times a price
    const c = etsAllowanceCost({ emissions, year, pricePerAllowance: 70 });
    expect(c.allowances).toBe(a.allowances);
    expect(c.cost).toBeCloseTo(70 * allowances, 9);
  });
});
