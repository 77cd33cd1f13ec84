import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { maintenanceEventsForHull } from "../metrics/maintenance-events";
import { createTestApp, shipBody, type TestUser, VALID_IMOS } from "../test/test-app";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let viewer: TestUser;
let analyst: TestUser;
let other: TestUser;
let shipId: number;
let otherShipId: number;

const call = (user: TestUser, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  viewer = await t.addMember(owner, "viewer");
  analyst = await t.addMember(owner, "analyst");
  other = await t.registerOwner();
  shipId = (await call(owner, "POST", "/api/ships", shipBody())).json().id;
  otherShipId = (
    await call(other, "POST", "/api/ships", shipBody({ imo: VALID_IMOS[1], name: "Other" }))
  ).json().id;
});
afterAll(() => t.close());

const event = (overrides: Record<string, unknown> = {}) => ({
  shipId,
  type: "dry-docking",
  date: "2025-04-10",
  notes: "Full blast and recoat",
  coating: "Hempel Hempaguard X7",
  coatingType: "foul-release silicone",
  ...overrides,
});

describe("maintenance events API", () => {
  it("stores an event (201, done by default) and lists it by ship", async () => {
    const res = await call(analyst, "POST", "/api/maintenance-events", event());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ ...event(), status: "done" });
    const list = await call(viewer, "GET", `/api/maintenance-events?shipId=${shipId}`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(1);
  });

  it("a re-sent event (same ship, type and day) updates the stored one, never a second row", async () => {
    const again = await call(owner, "POST", "/api/maintenance-events", {
      ...event({ date: "2025-04-10T15:30:00Z", notes: "Recoated, 2 coats" }),
    });
    expect(again.statusCode).toBe(201);
    const list = (await call(owner, "GET", `/api/maintenance-events?shipId=${shipId}`)).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ date: "2025-04-10", notes: "Recoated, 2 coats" });
  });

  it.each([
    ["an unknown type", { type: "paint-job" }, "type"],
    ["an impossible date", { date: "2025-02-30" }, "date"],
    ["a missing date", { date: undefined }, "date"],
    ["an unknown status", { status: "maybe" }, "status"],
    ["a done event in the future", { date: "2099-01-01" }, "date"],
    ["an unknown field", { colour: "red" }, "colour"],
    ["notes over 2000 characters", { notes: "x".repeat(2001) }, "notes"],
    ["a ship of no one", { shipId: 999_999 }, "shipId"],
  ])("refuses %s with 400 naming the field", async (_n, overrides, field) => {
    const res = await call(
      owner,
      "POST",
      "/api/maintenance-events",
      event({ type: "hull-cleaning", ...overrides }),
    );
    expect(res.statusCode).toBe(400);
    const details = res.json().error.details as { field: string; reason: string }[];
    expect(details.map((d) => d.field)).toContain(field);
  });

  it("accepts a planned event in the future, edits it and deletes it", async () => {
    const planned = await call(owner, "POST", "/api/maintenance-events", {
      shipId,
      type: "hull-cleaning",
      date: "2099-06-01",
      status: "planned",
    });
    expect(planned.statusCode).toBe(201);
    const id = planned.json().id;
    const edited = await call(analyst, "PATCH", `/api/maintenance-events/${id}`, { notes: "Diver booked" });
    expect(edited.json()).toMatchObject({ notes: "Diver booked", status: "planned", date: "2099-06-01" });
    // Marking it done while its date is in the future is refused.
    const done = await call(analyst, "PATCH", `/api/maintenance-events/${id}`, {
      status: "done",
      date: "2099-06-01",
    });
    expect(done.statusCode).toBe(400);
    // Marked done without a date: the stored future day is checked too.
    const doneOnly = await call(analyst, "PATCH", `/api/maintenance-events/${id}`, { status: "done" });
    expect(doneOnly.statusCode).toBe(400);
    expect(doneOnly.json().error.details[0].field).toBe("date");
    expect((await call(analyst, "DELETE", `/api/maintenance-events/${id}`)).statusCode).toBe(204);
    expect((await call(owner, "GET", `/api/maintenance-events/${id}`)).statusCode).toBe(404);
  });

  it("an edit onto another event's type and day is a 409 naming the date", async () => {
    const a = (
      await call(
        owner,
        "POST",
        "/api/maintenance-events",
        event({ type: "hull-cleaning", date: "2025-01-02" }),
      )
    ).json();
    await call(
      owner,
      "POST",
      "/api/maintenance-events",
      event({ type: "hull-cleaning", date: "2025-01-03" }),
    );
    const res = await call(owner, "PATCH", `/api/maintenance-events/${a.id}`, { date: "2025-01-03" });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.details[0].field).toBe("date");
    await call(owner, "DELETE", `/api/maintenance-events/${a.id}`);
  });

  it("viewers read but cannot write (403)", async () => {
    const [first] = (await call(viewer, "GET", `/api/maintenance-events?shipId=${shipId}`)).json();
    expect((await call(viewer, "POST", "/api/maintenance-events", event())).statusCode).toBe(403);
    expect(
      (await call(viewer, "PATCH", `/api/maintenance-events/${first.id}`, { notes: "x" })).statusCode,
    ).toBe(403);
    expect((await call(viewer, "DELETE", `/api/maintenance-events/${first.id}`)).statusCode).toBe(403);
  });

  it("another organisation neither reads nor writes the first one's events (404 like a missing one)", async () => {
    const [first] = (await call(owner, "GET", `/api/maintenance-events?shipId=${shipId}`)).json();
    expect((await call(other, "GET", `/api/maintenance-events?shipId=${shipId}`)).statusCode).toBe(404);
    expect((await call(other, "GET", `/api/maintenance-events/${first.id}`)).statusCode).toBe(404);
    expect(
      (await call(other, "PATCH", `/api/maintenance-events/${first.id}`, { notes: "mine" })).statusCode,
    ).toBe(404);
    expect((await call(other, "DELETE", `/api/maintenance-events/${first.id}`)).statusCode).toBe(404);
    const post = await call(other, "POST", "/api/maintenance-events", event());
    expect(post.statusCode).toBe(400);
    expect(post.json().error.details[0].field).toBe("shipId");
    const after = (await call(owner, "GET", `/api/maintenance-events/${first.id}`)).json();
    expect(after).toEqual(first);
    // The other organisation's own ship: its list is its own and empty.
    expect((await call(other, "GET", `/api/maintenance-events?shipId=${otherShipId}`)).json()).toEqual([]);
  });
});

describe("maintenanceEventsForHull", () => {
  it("adds the hull records' last cleaning dates no stored cleaning stands for, within the caller's organisation", async () => {
    // 2025-04-05 lies within 14 days of the stored dry-docking (2025-04-10): the same cleaning.
    for (const [ts, last] of [
      ["2025-05-01T00:00:00Z", "2025-04-05"],
      ["2025-09-01T00:00:00Z", "2025-08-20"],
      ["2025-09-02T00:00:00Z", "2025-08-20"],
    ]) {
      const res = await call(owner, "POST", "/api/hull-condition", {
        shipId,
        timestamp: ts,
        roughnessIndex: 120,
        lastCleaningDate: last,
      });
      expect(res.statusCode).toBe(201);
    }
    const events = await maintenanceEventsForHull(t.db, owner.orgId, shipId);
    expect(events.filter((e) => e.source === "hull-record").map((e) => e.date)).toEqual(["2025-08-20"]);
    expect(events.filter((e) => e.source === "stored").map((e) => e.type)).toContain("dry-docking");
    // Another organisation asking for this ship is told it does not exist.
    await expect(maintenanceEventsForHull(t.db, other.orgId, shipId)).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});
