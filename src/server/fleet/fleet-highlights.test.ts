/**
 * GET /api/fleet/highlights on a simulated fleet (full model) of two ships with a year of daily data and a
 * third ship without any: the CII ratings are the fleet page's lines counted, the CO2 of the year is the sum
 * of the ships' own annual figures, each dated by the newest data in it; a ship without data is said unrated
 * and not reporting; another organisation reads none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FleetHighlights, FleetResponse } from "../../contracts/fleet";
import { FleetSimulation, spanEnding } from "../../simulator/fleet";
import { refreshDailyRollup } from "../rollups/daily-rollup";
import { loadFleet } from "../simulation/load-fleet";
import { createTestApp, shipBody, type TestUser } from "../test/test-app";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let stranger: TestUser;
let emptyShipId: number;
const get = (user: TestUser, url: string) => t.app.inject({ url, headers: { cookie: user.cookie } });

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  stranger = await t.registerOwner();
  const options = {
    ships: [
      { shipType: "bulk_carrier" as const, name: "Bulk One" },
      { shipType: "tanker" as const, name: "Tank Two" },
    ],
    seed: 35,
    cadence: "24h" as const,
    ...spanEnding(Date.now(), 1, "24h"),
  };
  const fleet = new FleetSimulation(options);
  await loadFleet(t.database.pool, owner.orgId, fleet);
  const rows = await t.database.pool.query("select id from ships where org_id = $1", [owner.orgId]);
  await refreshDailyRollup(
    t.db,
    owner.orgId,
    rows.rows.map((r) => Number(r.id)),
    new Date(options.startMs),
    new Date(options.endMs),
  );
  const created = await t.app.inject({
    method: "POST",
    url: "/api/ships",
    headers: { cookie: owner.cookie },
    payload: shipBody({ name: "Fresh Three" }),
  });
  emptyShipId = created.json().id;
}, 180_000);
afterAll(() => t.close());

describe("GET /api/fleet/highlights", () => {
  let h: FleetHighlights;

  it("counts the fleet page's CII ratings of this year and names the ship without one", async () => {
    const res = await get(owner, "/api/fleet/highlights");
    expect(res.statusCode).toBe(200);
    h = res.json();
    const fleet = (await get(owner, "/api/fleet")).json() as FleetResponse;
    const year = new Date().getUTCFullYear();
    expect(h.year).toBe(year);
    expect(h.ships).toMatchObject({ total: 3, reporting: 2 });
    const rated = fleet.ships.filter((s) => s.cii?.year === year && s.cii.rating !== null);
    expect(rated).toHaveLength(2);
    expect(h.cii.rated).toBe(2);
    for (const r of ["A", "B", "C", "D", "E"] as const)
      expect(h.cii.ratings[r]).toBe(rated.filter((s) => s.cii!.rating === r).length);
    expect(h.cii.compliant).toBe(rated.filter((s) => ["A", "B", "C"].includes(s.cii!.rating!)).length);
    expect(h.cii.unrated).toEqual([{ shipId: emptyShipId, name: "Fresh Three" }]);
    const newestSeen = rated.map((s) => Date.parse(s.lastSeenAt!)).sort((a, b) => b - a)[0];
    expect(Date.parse(h.cii.dataTo!)).toBe(newestSeen);
    expect(h.ships.newestRecordAt).toBe(h.cii.dataTo);
  });

  it("sums each ship's own annual CO2 of the year and dates it by the newest fuel record", async () => {
    let sum = 0;
    for (const s of h.co2.ships) {
      const annual = (await get(owner, `/api/ships/${s.shipId}/annual/${h.year}`)).json();
      expect(s.tonnes).toBeCloseTo(annual.co2Tonnes, 6);
      expect(s.gaps).toEqual(annual.gaps.map((g: { kind: string }) => g.kind));
      sum += annual.co2Tonnes;
    }
    expect(h.co2.tonnes).toBeCloseTo(sum, 6);
    expect(h.co2.tonnes).toBeGreaterThan(0);
    expect(h.co2.ships.find((s) => s.shipId === emptyShipId)?.tonnes).toBe(0);
    expect(h.co2.from).toBe(`${h.year}-01-01`);
    const newest = await t.database.pool.query(
      "select max(ts) as ts from fuel_data where org_id = $1 and ts >= $2 and ts <= now()",
      [owner.orgId, `${h.year}-01-01T00:00:00Z`],
    );
    expect(h.co2.dataTo).toBe(new Date(newest.rows[0].ts).toISOString());
  });

  it("shows another organisation nothing of this fleet, and refuses strangers", async () => {
    const res = await get(stranger, "/api/fleet/highlights");
    expect(res.statusCode).toBe(200);
    const other = res.json() as FleetHighlights;
    expect(other.ships).toEqual({ total: 0, reporting: 0, newestRecordAt: null });
    expect(other.cii).toMatchObject({ rated: 0, compliant: 0, unrated: [], dataTo: null });
    expect(other.co2).toMatchObject({ tonnes: 0, dataTo: null, ships: [] });
    expect((await t.app.inject({ url: "/api/fleet/highlights" })).statusCode).toBe(401);
  });
});
