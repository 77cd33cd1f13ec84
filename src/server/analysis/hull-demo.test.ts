/**
 * Issue 14 'Done when': on the demo fleet, the ship overdue for hull cleaning (Aurora Bulker: no cleaning in
 * its last 540 days, its hull records' roughness above 200) gets a cleaning recommendation with what its
 * fouling costs per day, the break-even date and a confidence; its Hull Condition says Poor.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedAndSignInDemo } from "../test/demo-sign-in";
import { createTestApp } from "../test/test-app";

let t: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
let ships: Map<string, number>;
const now = new Date("2026-03-01T10:30:00Z");
const q = "range=custom&from=2026-01-30&to=2026-03-01&engine=main";

beforeAll(async () => {
  t = await createTestApp();
  cookie = await seedAndSignInDemo(t, now);
  const rows = await t.database.pool.query("select id, name from ships");
  ships = new Map(rows.rows.map((r) => [String(r.name), Number(r.id)]));
}, 600_000);
afterAll(() => t.close());

const get = async (ship: string, section: string) => {
  const res = await t.app.inject({
    url: `/api/ships/${ships.get(ship)}/analysis/${section}?${q}`,
    headers: { cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe("the demo fleet's overdue hull", () => {
  it("says what the fouling costs per day and when cleaning pays off, with its confidence", async () => {
    const a = await get("Aurora Bulker", "hull-hull-analytics");
    expect(a.reason).toBeNull();
    const r = a.recommendation;
    expect(r.action).toBe("clean-now");
    expect(r.extraFuelTonnesPerDay).toBeGreaterThan(1);
    expect(r.extraCostPerDay).toBeCloseTo(r.extraFuelTonnesPerDay * 600, 6); // the spec's default price
    expect(r.cleaningCost).toBe(25_000);
    // the analysis answers as of the range's end (a custom range ends after its last day)
    const asOf = a.range.to.slice(0, 10);
    const breakEvenDays = (Date.parse(r.breakEvenDate) - Date.parse(asOf)) / 86_400_000;
    expect(breakEvenDays).toBe(Math.ceil(25_000 / r.extraCostPerDay));
    expect(r.recommendedDate).toBe(asOf);
    expect(["high", "medium", "low"]).toContain(r.confidence.level);
    expect(r.confidence.daysOfData).toBeGreaterThan(60);
    expect(r.excessPowerPercent.low).toBeGreaterThan(10);
    if (process.env.DEBUG_TRUTH) console.log(JSON.stringify(r, null, 1));
  });

  it("shows a Poor hull with the days since its last cleaning", async () => {
    const c = await get("Aurora Bulker", "hull-hull-condition");
    expect(c.hullRecord.roughnessIndex).toBeGreaterThanOrEqual(180);
    expect(c.hullRecord.foulingState).toBe("Poor");
    const cleaning = c.daysSince.find((d: { type: string }) => d.type === "hull-cleaning");
    expect(cleaning.days).toBeGreaterThan(540);
    expect(c.current.excessPowerPercent.value).toBeGreaterThan(10);
    // One count, one rule: the sidebar says the same number of days (counted to the range's last instant).
    const summary = await t.app.inject({
      url: `/api/ships/${ships.get("Aurora Bulker")}/analysis-summary?${q}`,
      headers: { cookie },
    });
    expect(summary.json().hull.daysSinceLastCleaning).toBe(cleaning.days);
    if (process.env.DEBUG_TRUTH) console.log(JSON.stringify({ ...c, series: undefined }, null, 1));
  });

  it("answers the resistance section with its method and the share rejected by reason", async () => {
    const s = await get("Aurora Bulker", "hull-hull-resistance");
    expect(s.reference.source).toBe("ship");
    expect(s.series.t.length).toBeGreaterThan(20);
    expect(s.filter.rejected.length).toBeGreaterThan(0);
    expect(s.method.filters.length).toBeGreaterThan(3);
  });
});
