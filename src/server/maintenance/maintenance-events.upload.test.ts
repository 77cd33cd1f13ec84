/**
 * The `events` upload type: a CSV and the same file as LibreOffice writes it (.xlsx with date cells), and
 * the simulator's ground-truth events file and database loader, both equal to its ground truth.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENT_TYPE_OF } from "../../simulator/event-rows";
import { FleetSimulation, spanFrom } from "../../simulator/fleet";
import { writeFleetFiles } from "../../simulator/write-files";
import { loadFleet } from "../simulation/load-fleet";
import { createTestApp, shipBody, type TestUser } from "../test/test-app";
import { uploadFile } from "../uploads/upload-test-helpers";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let shipId: number;
const fixture = (name: string) => ({
  filename: name,
  content: fs.readFileSync(path.join(__dirname, "../uploads/fixtures", name)),
});
const listEvents = async (user: TestUser, ship: number) =>
  (
    await t.app.inject({
      method: "GET",
      url: `/api/maintenance-events?shipId=${ship}`,
      headers: { cookie: user.cookie },
    })
  ).json() as { type: string; date: string; status: string; notes: string | null; coating: string | null }[];

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  shipId = (
    await t.app.inject({
      method: "POST",
      url: "/api/ships",
      headers: { cookie: owner.cookie },
      payload: shipBody(),
    })
  ).json().id;
});
afterAll(() => t.close());

describe("upload type events", () => {
  it("a CSV: labels or ids in any case, status done by default, a planned event, the bad type rejected by row", async () => {
    const res = await uploadFile(t.app, owner, fixture("events-libreoffice.csv"), { dataType: "events" });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data.events).toEqual({ new: 5, updated: 0, unchanged: 0, rejected: 1 });
    expect(body.errors[0]).toMatchObject({ row: 7, column: "Event Type" });
    const events = await listEvents(owner, shipId);
    expect(events.map((e) => [e.type, e.date, e.status])).toEqual([
      ["dry-docking", "2023-05-14", "done"],
      ["hull-cleaning", "2024-02-03", "done"],
      ["propeller-polishing", "2024-02-03", "done"],
      ["engine-overhaul", "2024-08-20", "done"],
      ["hull-cleaning", "2099-03-01", "planned"],
    ]);
    expect(events[0]).toMatchObject({
      coating: "Hempaguard X7",
      notes: "Blasted, recoated; propeller polished",
    });
  });

  it("the same file saved by LibreOffice (.xlsx, dates as date cells) is unchanged: nothing doubled", async () => {
    const res = await uploadFile(t.app, owner, fixture("events-libreoffice.xlsx"), { dataType: "events" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.events).toEqual({ new: 0, updated: 0, unchanged: 5, rejected: 1 });
    expect(await listEvents(owner, shipId)).toHaveLength(5);
  });
});

describe("the simulator's ground-truth events", () => {
  const start = Date.parse("2023-01-01T00:00:00Z");
  // Full model (weather, fouling, drift, noise on by default), three years daily: cleanings, polishes, dockings.
  const options = { ships: 3, seed: 11, cadence: "24h" as const, ...spanFrom(start, 3, "24h") };
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "sextant-events-"));
    await writeFleetFiles(options, dir);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const truthOf = () => {
    const truth = JSON.parse(fs.readFileSync(path.join(dir, "ground-truth.json"), "utf8")) as {
      ships: {
        imoNumber: string;
        fouling: { events: { date: string; kind: keyof typeof EVENT_TYPE_OF }[] };
      }[];
    };
    return truth.ships.map((s) => ({
      imo: s.imoNumber,
      // One per type and day (the product's key), in the order the API lists them: by day, then type.
      events: [...new Set(s.fouling.events.map((e) => `${e.date.slice(0, 10)} ${EVENT_TYPE_OF[e.kind]}`))]
        .sort()
        .map((key) => [key.slice(11), key.slice(0, 10)]),
    }));
  };

  it("events.csv uploaded through the API equals the ground truth, ship by ship", async () => {
    const user = await t.registerOwner();
    const read = (type: string) => ({
      filename: `${type}.csv`,
      content: fs.readFileSync(path.join(dir, `${type}.csv`)),
    });
    expect((await uploadFile(t.app, user, read("ships"), { dataType: "ships" })).statusCode).toBe(200);
    const res = await uploadFile(t.app, user, read("events"), { dataType: "events" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().errors).toEqual([]);
    const ships = (
      await t.app.inject({ method: "GET", url: "/api/ships", headers: { cookie: user.cookie } })
    ).json();
    const truth = truthOf();
    expect(truth.flatMap((s) => s.events).length).toBeGreaterThan(3);
    expect(new Set(truth.flatMap((s) => s.events.map((e) => e[0])))).toEqual(
      new Set(["hull-cleaning", "propeller-polishing", "dry-docking"]),
    );
    for (const s of truth) {
      const ship = ships.find((x: { imo: string }) => x.imo === s.imo);
      const stored = await listEvents(user, ship.id);
      expect(stored.map((e) => [e.type, e.date])).toEqual(s.events);
    }
  });

  it("the database loader (demo fleet, --load) stores the same events, and a re-run adds none", async () => {
    const user = await t.registerOwner();
    const first = await loadFleet(t.database.pool, user.orgId, new FleetSimulation(options));
    const again = await loadFleet(t.database.pool, user.orgId, new FleetSimulation(options));
    const truth = truthOf();
    const total = truth.reduce((n, s) => n + s.events.length, 0);
    expect(first.rows.events).toBe(total);
    expect(again.rows.events).toBe(total);
    const ships = (
      await t.app.inject({ method: "GET", url: "/api/ships", headers: { cookie: user.cookie } })
    ).json();
    let stored = 0;
    for (const s of truth) {
      const ship = ships.find((x: { imo: string }) => x.imo === s.imo);
      const events = await listEvents(user, ship.id);
      stored += events.length;
      expect(events.map((e) => [e.type, e.date])).toEqual(s.events);
    }
    expect(stored).toBe(total);
  });
});
