/**
 * GET /api/fleet on a simulated fleet (full model: weather, fouling, drift, noise): three sister bulk
 * carriers (one plain, one with the overdue hull, one with the drifting engine) and a tanker. Each line equals
 * what the ship's own dashboard and sections answer; the benchmark names the overdue hull worst on speed loss
 * and the drifting engine worst on SFOC against its shop test; a write makes the line stale until refreshed;
 * another organisation sees none of it.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FleetResponse } from "../../contracts/fleet";
import { ALERT_TYPES } from "../../domain/alerts/alert-types";
import { FleetSimulation, spanEnding } from "../../simulator/fleet";
import { refreshDailyRollup } from "../rollups/daily-rollup";
import { loadFleet } from "../simulation/load-fleet";
import { storeBaselines } from "../simulation/load-simulated-history";
import { createTestApp, type TestUser } from "../test/test-app";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let stranger: TestUser;
const idByName = new Map<string, number>();
const get = (user: TestUser, url: string) => t.app.inject({ url, headers: { cookie: user.cookie } });

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  stranger = await t.registerOwner();
  const sister = (name: string, deadweightT: number) => ({
    shipType: "bulk_carrier" as const,
    name,
    particulars: { deadweightT },
  });
  const options = {
    ships: [
      sister("Plain", 80_000),
      sister("Overdue", 82_000),
      sister("Drifting", 84_000),
      { shipType: "tanker" as const, name: "Lone" },
    ],
    seed: 31,
    cadence: "24h" as const,
    ...spanEnding(Date.now(), 2, "24h"),
    scenarios: [{}, { overdueHullCleaning: true }, { driftingEngine: true }, {}],
  };
  const fleet = new FleetSimulation(options);
  await loadFleet(t.database.pool, owner.orgId, fleet);
  const rows = await t.database.pool.query("select id, name from ships where org_id = $1", [owner.orgId]);
  for (const r of rows.rows) idByName.set(String(r.name), Number(r.id));
  // the engines' shop tests and the sea-trial curves a real ship comes with, as the demo stores them
  await storeBaselines(t.database.pool, owner.orgId, fleet, new Date());
  await refreshDailyRollup(
    t.db,
    owner.orgId,
    [...idByName.values()],
    new Date(options.startMs),
    new Date(options.endMs),
  );
}, 180_000);
afterAll(() => t.close());

describe("GET /api/fleet", () => {
  let fleet: FleetResponse;

  it("lists every ship with the figures of its own dashboard and sections", async () => {
    const res = await get(owner, "/api/fleet");
    expect(res.statusCode).toBe(200);
    fleet = res.json();
    expect(fleet.ships.map((s) => s.name).sort()).toEqual(["Drifting", "Lone", "Overdue", "Plain"]);
    const plain = fleet.ships.find((s) => s.name === "Plain")!;
    expect(plain.lastSeenAt).not.toBeNull();
    expect(plain.position).not.toBeNull();
    expect(plain.sizeBand?.id).toBe("panamax");
    // the same window on the dashboard: its KPI cards must read the same SFOC and rate
    const from = new Date(Date.parse(plain.computedAt!) - fleet.windowDays * 86_400_000).toISOString();
    const dash = (
      await get(
        owner,
        `/api/dashboard/${plain.id}?range=custom&from=${from}&to=${plain.computedAt}&engine=main`,
      )
    ).json();
    expect(plain.sfoc?.value).toBeCloseTo(dash.kpis.sfoc.value, 6);
    expect(plain.fuelRateTPerDay).toBeCloseTo(dash.kpis.fuelConsumptionRate.value, 6);
    expect(plain.cii?.rating).toBe(dash.kpis.cii.rating);
    const compliance = (
      await get(owner, `/api/ships/${plain.id}/analysis/environment-compliance?range=30days`)
    ).json();
    expect(plain.cii?.projectedRating).toBe(compliance.cii.projection?.rating ?? null);
  });

  it("compares the three sister ships and names the overdue hull and the drifting engine", () => {
    expect(fleet.groups).toHaveLength(1);
    const [g] = fleet.groups;
    expect(g!.shipIds).toHaveLength(3);
    expect(g!.shipIds).not.toContain(idByName.get("Lone"));
    expect(g!.metrics.speedLossPercent?.worst.shipId).toBe(idByName.get("Overdue"));
    expect(g!.metrics.sfocVsShopTestPercent?.worst.shipId).toBe(idByName.get("Drifting"));
    expect(g!.metrics.speedLossPercent!.spread).toBeGreaterThan(0);
  });

  it("serves a stored line and marks it stale after a write to the ship", async () => {
    const plainId = idByName.get("Plain")!;
    const again = (await get(owner, "/api/fleet")).json() as FleetResponse;
    const before = again.ships.find((s) => s.id === plainId)!;
    expect(before.computedAt).toBe(fleet.ships.find((s) => s.id === plainId)!.computedAt);
    const write = await t.app.inject({
      method: "POST",
      url: "/api/fuel-data",
      headers: { cookie: owner.cookie },
      payload: { shipId: plainId, timestamp: new Date().toISOString(), sfoc: 180, fuelConsumptionRate: 20 },
    });
    expect(write.statusCode).toBe(201);
    // the notification arrives asynchronously; without the job queue (JOBS=off) the line is computed again
    let line = before;
    for (let i = 0; i < 50 && line.computedAt === before.computedAt; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      line = ((await get(owner, "/api/fleet")).json() as FleetResponse).ships.find((s) => s.id === plainId)!;
    }
    expect(Date.parse(line.computedAt!)).toBeGreaterThan(Date.parse(before.computedAt!));
    expect(line.stale).toBe(false);
  });

  it("serves the answer it keeps only while ships, lines and open alerts are unchanged", async () => {
    const loneId = idByName.get("Lone")!;
    const first = (await get(owner, "/api/fleet")).json() as FleetResponse;
    const kept = (await get(owner, "/api/fleet")).json() as FleetResponse;
    expect(kept.ships).toEqual(first.ships);
    const renamed = await t.app.inject({
      method: "PATCH",
      url: `/api/ships/${loneId}`,
      headers: { cookie: owner.cookie },
      payload: { name: "Lone Star" },
    });
    expect(renamed.statusCode).toBe(200);
    const names = ((await get(owner, "/api/fleet")).json() as FleetResponse).ships.map((s) => s.name);
    expect(names).toContain("Lone Star");
    const alertsBefore = first.ships.find((s) => s.id === loneId)!.openAlerts;
    await t.db.execute(sql`
      insert into alerts (org_id, ship_id, type, severity, unit, threshold, message, latest_message, link)
      values (${owner.orgId}, ${loneId}, ${ALERT_TYPES[0]}, 'high', '%', 1, 'm', 'm', '/dashboard')`);
    const line = ((await get(owner, "/api/fleet")).json() as FleetResponse).ships.find(
      (s) => s.id === loneId,
    )!;
    expect(line.openAlerts).toBe(alertsBefore + 1);
  });

  it("a ship whose data quality cannot be measured says why in its line", async () => {
    const other = await t.registerOwner();
    await t.addShip(other);
    const [line] = (await get(other, "/api/fleet")).json().ships;
    expect(line.dataQualityPercent).toBeNull();
    expect(line.dataQualityEmptyReason).toBe(
      "No fuel records yet: add them with Data Input & Tools or upload a file.",
    );
    for (const s of fleet.ships)
      expect(s.dataQualityEmptyReason === null, s.name).toBe(s.dataQualityPercent !== null);
  });

  it("shows another organisation nothing of this fleet", async () => {
    const res = await get(stranger, "/api/fleet");
    expect(res.statusCode).toBe(200);
    expect(res.json().ships).toEqual([]);
    expect((await t.app.inject({ url: "/api/fleet" })).statusCode).toBe(401);
  });
});
