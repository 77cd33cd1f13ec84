/**
 * A fleet's first view with the job queue on and no time for lines (FLEET_FIRST_LINES_BUDGET_MS=0): every
 * ship never computed is served pending (particulars and live figures, no computed figure, no computation
 * time) and queued at once; the jobs then store each line and the page serves them. The marketing figures,
 * which count ships, never read a pending line. Without a queue (the other fleet tests) every line is computed
 * before answering.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FleetHighlights, FleetResponse } from "../../contracts/fleet";
import { createShip } from "../analysis/test-fixtures";
import { createTestApp, type TestUser } from "../test/test-app";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let stranger: TestUser;
const shipIds: number[] = [];

const get = async <T>(user: TestUser, url: string) => {
  const res = await t.app.inject({ url, headers: { cookie: user.cookie } });
  expect(res.statusCode).toBe(200);
  return res.json() as T;
};

async function until(condition: () => Promise<boolean>, what: string, ms = 30_000) {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  t = await createTestApp({ JOBS: "on", FLEET_FIRST_LINES_BUDGET_MS: "0" });
  await t.app.jobs.whenRunning();
  owner = await t.registerOwner();
  stranger = await t.registerOwner();
  for (const [n, name] of ["Alpha", "Bravo", "Charlie"].entries())
    shipIds.push(await createShip(t, owner, n, { name }));
  await createShip(t, stranger, 0, { name: "Stranger's" });
  const write = await t.app.inject({
    method: "POST",
    url: "/api/fuel-data",
    headers: { cookie: owner.cookie },
    payload: { shipId: shipIds[0], timestamp: new Date().toISOString(), sfoc: 180, fuelConsumptionRate: 20 },
  });
  expect(write.statusCode).toBe(201);
}, 60_000);
afterAll(() => t.close());

describe("a fleet's first view past the lines' time budget", () => {
  it("serves every new line pending, with no figure, and queues each at once", async () => {
    const first = await get<FleetResponse>(owner, "/api/fleet");
    expect(first.ships.map((s) => s.name)).toEqual(["Alpha", "Bravo", "Charlie"]);
    for (const s of first.ships) {
      expect(s.pending).toBe(true);
      expect(s.computedAt).toBeNull();
      // Alpha has a record, but its line is not computed: no last-seen, no quality, no CII made up
      expect([s.lastSeenAt, s.dataQualityPercent, s.cii, s.sfoc, s.fuelRateTPerDay, s.costPerNm]).toEqual([
        null,
        null,
        null,
        null,
        null,
        null,
      ]);
    }
    const queued = await t.database.pool.query<{ key: string }>(
      "select singleton_key as key from pgboss.job where name = 'fleet-snapshot' and singleton_key like $1",
      [`${owner.orgId}:%`],
    );
    expect(new Set(queued.rows.map((r) => r.key))).toEqual(
      new Set(shipIds.map((id) => `${owner.orgId}:${id}`)),
    );
  });

  it("serves the lines the jobs stored, each computed", async () => {
    await until(
      async () => (await get<FleetResponse>(owner, "/api/fleet")).ships.every((s) => !s.pending),
      "every line computed",
    );
    const fleet = await get<FleetResponse>(owner, "/api/fleet");
    for (const s of fleet.ships) expect(s.computedAt).not.toBeNull();
    expect(fleet.ships.find((s) => s.id === shipIds[0])!.lastSeenAt).not.toBeNull();
  });

  it("counts every ship in the marketing figures, none pending", async () => {
    const other = await t.registerOwner();
    for (const [n, name] of ["One", "Two"].entries()) await createShip(t, other, n, { name });
    const page = await get<FleetResponse>(other, "/api/fleet");
    expect(page.ships.every((s) => s.pending)).toBe(true);
    const highlights = await get<FleetHighlights>(other, "/api/fleet/highlights");
    expect(highlights.ships.total).toBe(2);
    // the answer behind them has every line computed: the page's next view serves it
    const after = await get<FleetResponse>(other, "/api/fleet");
    expect(after.ships.every((s) => !s.pending && s.computedAt !== null)).toBe(true);
  });

  it("another organisation's first view neither shows nor queues the first one's ships", async () => {
    const theirs = await get<FleetResponse>(stranger, "/api/fleet");
    expect(theirs.ships.map((s) => s.name)).toEqual(["Stranger's"]);
  });
});
