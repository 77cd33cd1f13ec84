/**
 * 'vs baseline' (the SFOC card's `kpis.sfoc.differencePercent` and Performance Trends'
 * `summary.vsBaselinePercent`) against the simulator's true SFOC drift, with the full model on (weather,
 * fouling, drift, noise, the crew's trim error), issue 11 'Done when': within 1 percentage point.
 *
 * The truth, from the simulator's model (src/simulator/ship-simulation.ts): the main engine burns at every
 * step SFOC(t) = shopTest(L(t)) · f(t) · 42,700 / LCV(fuel burnt), where shopTest is the engine's shop-test
 * curve at the instantaneous load (ISO reference LCV) and f(t) = 1 + (baseDriftPctPerYear · years since the
 * run's start + 6 %/year · years since the drifting engine's onset) / 100 (`sfocFactor`, published in the
 * ground truth as `engine.sfocDrift`). Fouling and weather raise the power, hence the load, never the SFOC at a
 * load. The product compares the measured SFOC with the shop-test curve at the range's load on the fuel burnt
 * (`sfocAgainstBaseline`), so what 'vs baseline' must recover is the drift alone:
 *   true drift % = 100 · (Σ E_i · f(t_i) / Σ E_i − 1),
 * the main engine's energy-weighted mean of f over the range's records, E_i = the record's power × hours at
 * sea, t_i = the middle of its period (f moves < 0.01 % in a day). The energy weights come from the records
 * the simulator reports (±0.5 % noise on each, which moves the weighted mean of f by far less than 0.01 pp).
 *
 * Where the product compares with the specification's 185 g/kWh instead (`engine=all` or `auxiliary`: a shop
 * test is one engine's; or a range whose mean load lies below the curve's lowest test point, which is never
 * extrapolated), 'vs baseline' is no drift measure; the truth is then the simulator's SFOC against 185:
 *   true % = 100 · (Σ E_i · SFOC_i / Σ E_i / 185 − 1), SFOC_i the simulator's law at the record's mean load and
 * fuel (main: shopTest(L)·f(t)·42,700/LCV; auxiliary: auxSfoc(L)·42,700/LCV, no drift).
 *
 * Measured (product − truth, pp; seed 23 daily × 2 years, seed 24 hourly × 1 year):
 *   shop test: bulk carrier −0.39…+0.18, container ship with the drifting engine −0.76…−0.52 (daily) and
 *   −0.68…−0.53 (hourly), tanker with the overdue hull −0.61…−0.05; worst 0.76 pp.
 *   specification (all, auxiliary, the container ship's month below 25 % load): −0.26…+0.49.
 * The shop-test errors lean negative because the product's baseline sits up to 0.7 % above the SFOC the engine
 * would burn undrifted: (a) the shop-test points are joined by straight lines, a chord above the convex
 * curve (0.01–0.37 %); (b) the curve is read at the time-weighted mean load, while the measured SFOC weights
 * each record by its energy: Σ E_i·shopTest(L_i)/Σ E_i lies below shopTest(mean L) at loads under the
 * curve's minimum (−0.10…+0.48 %, most on the container ship sailing at ~30 % MCR). Both are recorded in
 * docs/decisions/006-metrics-layer.md; neither moved the answer past 1 pp here.
 * With the baseline left at the shop test's reference LCV (before issue 11 item 1) this test fails: the bulk
 * carrier's two years read +6.49 % against a true 0.60 % (5.90 pp).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FOUR_STROKE_BASELINE_SFOC, SPEC_BASELINE_SFOC } from "../../domain/engine/sfoc-baseline";
import { FUEL_PROPERTIES } from "../../domain/fuels/fuel-types";
import { DAY_MS, HOUR_MS } from "../../domain/time/units";
import {
  CADENCES,
  type FleetOptions,
  FleetSimulation,
  type GroundTruth,
  spanEnding,
} from "../../simulator/fleet";
import { auxSfoc, REFERENCE_LCV, shopTestSfoc } from "../../simulator/physics";
import type { FuelRecord } from "../../simulator/records";
import type { Scenario } from "../../simulator/ship-simulation";
import type { Vessel } from "../../simulator/vessel";
import { refreshDailyRollup } from "../rollups/daily-rollup";
import { loadFleet } from "../simulation/load-fleet";
import { createTestApp, type TestUser } from "../test/test-app";

/** The tolerance, percentage points. */
const TOLERANCE_PP = 1;
const YEAR_MS = 365.25 * DAY_MS;
const end = Date.parse("2025-01-01T00:00:00Z");
type Engine = "main" | "auxiliary" | "all";
type Range = [from: string, to: string];

/**
 * Two simulated fleets, full model: three ships (plain, drifting engine, overdue hull) with two years of
 * daily noon reports, ranges over the whole history, a year, a quarter, the drifting engine's window (270
 * days) and a month (read from the raw records, not the daily rollup); and a drifting-engine container ship
 * with a year of hourly records, where the load spreads more within a range.
 */
const FLEETS: Array<{ options: FleetOptions; ranges: Range[] }> = [
  {
    options: {
      ships: 3,
      seed: 23,
      cadence: "24h",
      ...spanEnding(end, 2, "24h"),
      scenarios: [{}, { driftingEngine: true }, { overdueHullCleaning: true }],
    },
    ranges: [
      ["2023-01-02", "2025-01-01"],
      ["2024-01-01", "2025-01-01"],
      ["2024-10-01", "2025-01-01"],
      ["2024-04-06", "2025-01-01"],
      ["2023-06-01", "2023-07-01"],
    ],
  },
  {
    options: {
      ships: [{ shipType: "container_ship" }],
      seed: 24,
      cadence: "1h",
      ...spanEnding(end, 1, "1h"),
      scenarios: [{ driftingEngine: true }],
    },
    ranges: [
      ["2024-01-02", "2025-01-01"],
      ["2024-04-06", "2025-01-01"],
      ["2024-12-01", "2025-01-01"],
    ],
  },
];

/** One simulated ship as loaded: its records as the simulator reported them and its published truth. */
type SimulatedShip = {
  shipId: number;
  vessel: Vessel;
  scenario: Scenario;
  truth: GroundTruth["ships"][number];
  records: FuelRecord[];
  periodMs: number;
  ranges: Range[];
};

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
const ships: SimulatedShip[] = [];

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  for (const { options, ranges } of FLEETS) {
    const fleet = new FleetSimulation(options);
    const truth = fleet.groundTruth();
    const records = new Map<string, FuelRecord[]>(fleet.vessels.map((v) => [v.imoNumber, []]));
    for (const r of fleet.records()) if (r.kind === "fuel") records.get(r.imo)!.push(r);
    await loadFleet(t.database.pool, owner.orgId, fleet);
    const rows = await t.database.pool.query("select id, imo_number from ships where org_id = $1", [
      owner.orgId,
    ]);
    const idOf = new Map(rows.rows.map((r) => [String(r.imo_number), Number(r.id)]));
    const loaded = fleet.vessels.map((vessel, i) => ({
      shipId: idOf.get(vessel.imoNumber)!,
      vessel,
      scenario: fleet.scenario(i),
      truth: truth.ships[i]!,
      records: records.get(vessel.imoNumber)!,
      periodMs: CADENCES[options.cadence] * 60_000,
      ranges,
    }));
    // the shop test an operator enters from the engine's test bed report: the simulator's published points
    for (const s of loaded) {
      const res = await t.app.inject({
        method: "PATCH",
        url: `/api/ships/${s.shipId}/baseline`,
        headers: { cookie: owner.cookie },
        payload: {
          shopTestSfoc: s.truth.engine.shopTest.points.map((p) => ({
            loadPercent: p.loadPct,
            sfoc: p.sfocGPerKwh,
          })),
        },
      });
      expect(res.statusCode).toBe(200);
    }
    const ids = loaded.map((s) => s.shipId);
    await refreshDailyRollup(t.db, owner.orgId, ids, new Date(options.startMs), new Date(options.endMs));
    ships.push(...loaded);
  }
}, 120_000);
afterAll(() => t.close());

/** The simulator's SFOC factor of a ship at `ms`, from the drift it publishes in its ground truth. */
function sfocFactor(s: SimulatedShip, ms: number): number {
  const drift = s.truth.engine.sfocDrift;
  const years = (ms - Date.parse(drift.from)) / YEAR_MS;
  const extra = drift.extra
    ? (Math.max(0, ms - Date.parse(drift.extra.onset)) / YEAR_MS) * drift.extra.pctPerYear
    : 0;
  return 1 + (drift.basePctPerYear * years + extra) / 100;
}

/** A ship's records over [from, to) for the engine filter, each with its energy (kWh) and mid-period instant. */
function recordsIn(s: SimulatedShip, [from, to]: Range, engine: Engine) {
  const [a, b] = [Date.parse(from), Date.parse(to)];
  return s.records
    .filter((r) => r.ts >= a && r.ts < b && (engine === "all" || r.consumer === engine))
    .map((r) => ({ r, energy: r.enginePower * r.periodHours, at: r.ts - s.periodMs / 2 }));
}

/** True drift over a range, %: the main engine's energy-weighted mean SFOC factor − 1. */
function trueDriftPercent(s: SimulatedShip, range: Range): number {
  let e = 0;
  let ef = 0;
  for (const { energy, at } of recordsIn(s, range, "main")) {
    e += energy;
    ef += energy * sfocFactor(s, at);
  }
  return 100 * (ef / e - 1);
}

/**
 * True SFOC over a range against the specification's 185 g/kWh, %: the energy-weighted mean of the
 * simulator's SFOC law at each record's load and fuel (main: shopTest(L)·f(t)·42,700/LCV; auxiliary:
 * auxSfoc(L)·42,700/LCV, no drift), the load the period's mean (the simulator's spread within a period is not
 * published: an approximation of a few tenths of a gram).
 */
function trueVsSpecificationPercent(s: SimulatedShip, range: Range, engine: Engine): number {
  let e = 0;
  let ef = 0;
  for (const { r, energy, at } of recordsIn(s, range, engine)) {
    const lcv = REFERENCE_LCV / FUEL_PROPERTIES[r.fuelType].lcvKjPerKg;
    const load = r.engineLoad / 100;
    const sfoc =
      r.consumer === "main"
        ? shopTestSfoc(s.vessel, load) * sfocFactor(s, at) * lcv
        : auxSfoc(s.vessel, load) * lcv;
    e += energy;
    ef += energy * sfoc;
  }
  // the auxiliary engines alone are judged against the four-stroke default, the rest against the specification
  return 100 * (ef / e / (engine === "auxiliary" ? FOUR_STROKE_BASELINE_SFOC : SPEC_BASELINE_SFOC) - 1);
}

async function vsBaseline(shipId: number, query: string) {
  const [dash, section] = await Promise.all(
    [`/api/dashboard/${shipId}?${query}`, `/api/ships/${shipId}/analysis/fuel-fuel-performance?${query}`].map(
      (url) => t.app.inject({ url, headers: { cookie: owner.cookie } }),
    ),
  );
  expect(dash!.statusCode).toBe(200);
  expect(section!.statusCode).toBe(200);
  const card = dash!.json().kpis.sfoc;
  const s = section!.json();
  return { card, summary: s.summary, source: s.baselineSource };
}

describe("'vs baseline' against the simulator's truth (full model)", () => {
  it(`the card and Performance Trends within ${TOLERANCE_PP} pp of the true drift (shop test) or true SFOC (specification)`, async () => {
    const rows: { line: string; error: number }[] = [];
    for (const s of ships)
      for (const engine of ["main", "all", "auxiliary"] as const)
        for (const range of engine === "main" ? s.ranges : s.ranges.slice(1, 3)) {
          const query = `range=custom&from=${range[0]}&to=${range[1]}&engine=${engine}`;
          const { card, summary, source } = await vsBaseline(s.shipId, query);
          expect(summary.vsBaselinePercent).toBeCloseTo(card.differencePercent, 9);
          expect(source).toBe(card.referenceSource);
          // a shop test is one engine's: only the main engine alone is compared with it
          if (engine !== "main")
            expect(card.referenceSource).toBe(
              engine === "auxiliary" ? "four-stroke-default" : "specification",
            );
          const truth =
            card.referenceSource === "shop-test"
              ? trueDriftPercent(s, range)
              : trueVsSpecificationPercent(s, range, engine);
          const error = card.differencePercent - truth;
          rows.push({
            line: `${s.vessel.shipType} ${s.periodMs / HOUR_MS} h ${JSON.stringify(s.scenario)} ${engine} ${range.join("..")} ${card.referenceSource} (load ${card.referenceLoadPercent?.toFixed(1) ?? "-"} %): product ${card.differencePercent.toFixed(2)} %, true ${truth.toFixed(2)} %, error ${error.toFixed(2)} pp`,
            error,
          });
        }
    if (process.env.DEBUG_TRUTH) console.log(rows.map((r) => r.line).join("\n"));
    for (const r of rows) expect(Math.abs(r.error), r.line).toBeLessThanOrEqual(TOLERANCE_PP);
    // the drifting engine is among the ranges compared with its shop test
    expect(rows.some((r) => r.line.includes("driftingEngine") && r.line.includes("shop-test"))).toBe(true);
  }, 60_000);
});
