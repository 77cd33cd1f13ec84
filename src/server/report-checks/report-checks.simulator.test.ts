/**
 * Report checks and the SFOC cross-check on realistic data: the simulator's full model (weather, fouling,
 * SFOC drift, sensor noise), one bulk carrier, one year of hourly records, then the same with the
 * simulator's faults (missing, stuck, outlying, duplicated reports). Clean data must pass the SFOC checks
 * and show a verified SFOC card; faulty data is flagged record by record, never as an improvement.
 * Measured (seed 11, 2024, ~17,500 fuel records): clean, no check fails, card 182.1 g/kWh derived against
 * 182.1 reported (0.00004 %); with faults, 87 records fail sfoc-reported-vs-derived and 36
 * sfoc-out-of-physical-range, the year's card stays verified (182.29 derived, 182.30 reported).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FleetSimulation, spanEnding } from "../../simulator/fleet";
import { refreshDailyRollup } from "../rollups/daily-rollup";
import { loadFleet } from "../simulation/load-fleet";
import { createTestApp, type TestUser } from "../test/test-app";

let t: Awaited<ReturnType<typeof createTestApp>>;
const end = Date.parse("2025-01-01T00:00:00Z");
const start = end - 365 * 86_400_000;
const RANGE = "range=custom&from=2024-01-01&to=2024-12-31&engine=main";

async function loadShip(faults: boolean): Promise<{ user: TestUser; shipId: number }> {
  const user = await t.registerOwner();
  const fleet = new FleetSimulation({
    ships: [{ shipType: "bulk_carrier" }],
    seed: 11,
    cadence: "1h",
    ...spanEnding(end, 1, "1h"),
    faults,
  });
  await loadFleet(t.database.pool, user.orgId, fleet);
  const shipId = (await t.database.pool.query("select id from ships where org_id = $1", [user.orgId])).rows[0]
    .id as number;
  await refreshDailyRollup(t.db, user.orgId, [shipId], new Date(start), new Date(end));
  return { user, shipId };
}

const get = async (user: TestUser, url: string) => {
  const res = await t.app.inject({ url, headers: { cookie: user.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

let clean: { user: TestUser; shipId: number };
let faulty: { user: TestUser; shipId: number };
beforeAll(async () => {
  t = await createTestApp();
  clean = await loadShip(false);
  faulty = await loadShip(true);
}, 180_000);
afterAll(() => t.close());

describe("simulator, full model", () => {
  it("clean records pass both SFOC checks; the card is verified, reported and derived agree", async () => {
    const checks = (await get(clean.user, `/api/ships/${clean.shipId}/report-checks`)).checks;
    if (process.env.DEBUG_TRUTH)
      console.log(JSON.stringify(checks.map((c: object) => ({ ...c, records: undefined }))));
    expect(checks.map((c: { check: string }) => c.check)).not.toContain("sfoc-reported-vs-derived");
    expect(checks.map((c: { check: string }) => c.check)).not.toContain("sfoc-out-of-physical-range");
    const sfoc = (await get(clean.user, `/api/dashboard/${clean.shipId}?${RANGE}`)).kpis.sfoc;
    if (process.env.DEBUG_TRUTH) console.log(sfoc);
    expect(sfoc.verified).toBe(true);
    expect(Math.abs(sfoc.reportedDifferencePercent)).toBeLessThan(1);
  });

  it("faulty records are flagged by the checks, and a flagged card is never an improvement", async () => {
    const checks = (await get(faulty.user, `/api/ships/${faulty.shipId}/report-checks`)).checks as {
      check: string;
      count: number;
      records: { timestamp: string }[];
    }[];
    if (process.env.DEBUG_TRUTH)
      console.log(JSON.stringify(checks.map((c) => ({ ...c, records: c.records.length }))));
    expect(checks.find((c) => c.check === "sfoc-out-of-physical-range")?.count).toBeGreaterThan(0);
    const vs = checks.find((c) => c.check === "sfoc-reported-vs-derived");
    expect(vs?.count).toBeGreaterThan(0);
    expect(vs!.records.length).toBeLessThanOrEqual(20);
    const sorted = [...vs!.records].map((r) => r.timestamp).sort();
    expect(vs!.records.map((r) => r.timestamp)).toEqual(sorted);
    const sfoc = (await get(faulty.user, `/api/dashboard/${faulty.shipId}?${RANGE}`)).kpis.sfoc;
    if (process.env.DEBUG_TRUTH) console.log(sfoc);
    expect(sfoc.verified).toBe(sfoc.flags.length === 0);
  });
});
