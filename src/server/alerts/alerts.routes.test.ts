/**
 * The alerts API: configuration (defaults, organisation values, ship overrides, validation, roles), the
 * lifecycle (acknowledge with who and when, resolve with a note, 409 on a wrong state, history kept), the
 * list's filters and pages, the counts and System Status's real count; and a second organisation that can
 * neither read nor write the first one's alerts or configuration.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALERT_DEFAULTS } from "../../domain/alerts/alert-types";
import { createShip } from "../analysis/test-fixtures";
import { createTestApp, type TestUser } from "../test/test-app";
import { openOrRefreshAlert } from "./alerts.repository";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let viewer: TestUser;
let other: TestUser;
let shipA: number;
let shipB: number;
let otherShip: number;

const call = (user: TestUser, method: "GET" | "PUT" | "POST", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });

const fires = (figure: number) => ({
  state: "fires" as const,
  figure,
  threshold: 3,
  unit: "%" as const,
  reason: `SFOC ${figure} % above its baseline.`,
});

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  viewer = await t.addMember(owner, "viewer");
  other = await t.registerOwner();
  shipA = await createShip(t, owner, 0);
  shipB = await createShip(t, owner, 1);
  otherShip = await createShip(t, other, 2);
});
afterAll(() => t.close());

describe("alert configuration", () => {
  it("answers the specification's defaults before anything is set", async () => {
    const res = await call(viewer, "GET", "/api/alerts/config");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ shipId: null, config: ALERT_DEFAULTS, overridden: [], customised: [] });
  });

  it("saves the organisation's values, and a ship's override over them", async () => {
    const hull = { enabled: true, threshold: 6.5, severity: "high", notificationMethod: "email" };
    let res = await call(owner, "PUT", "/api/alerts/config", { hullFouling: hull });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().config.hullFouling).toEqual(hull);
    expect(res.json().customised).toEqual(["hullFouling"]);
    const trim = { enabled: true, threshold: 1.5, severity: "low", notificationMethod: "dashboard" };
    res = await call(owner, "PUT", `/api/alerts/config?shipId=${shipA}`, { trimOptimization: trim });
    expect(res.json()).toMatchObject({ shipId: shipA, overridden: ["trimOptimization"] });
    expect(res.json().config.trimOptimization).toEqual(trim);
    expect(res.json().config.hullFouling).toEqual(hull); // the organisation's value shows through
    // the other ship and the organisation keep theirs
    const b = (await call(owner, "GET", `/api/alerts/config?shipId=${shipB}`)).json();
    expect(b.config.trimOptimization).toEqual(ALERT_DEFAULTS.trimOptimization);
    // null removes the override
    res = await call(owner, "PUT", `/api/alerts/config?shipId=${shipA}`, { trimOptimization: null });
    expect(res.json().overridden).toEqual([]);
    expect(res.json().config.trimOptimization).toEqual(ALERT_DEFAULTS.trimOptimization);
  });

  it("refuses a negative threshold, an unknown type or method with the field and reason, and applies none of it", async () => {
    const res = await call(owner, "PUT", "/api/alerts/config", {
      fuelEfficiency: { enabled: true, threshold: 2, severity: "high", notificationMethod: "dashboard" },
      enginePerformance: {
        enabled: true,
        threshold: -1,
        severity: "medium",
        notificationMethod: "dashboard",
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/enginePerformance/);
    expect(res.body).toMatch(/0 or more/);
    const cfg = (await call(owner, "GET", "/api/alerts/config")).json();
    expect(cfg.config.fuelEfficiency).toEqual(ALERT_DEFAULTS.fuelEfficiency);
    expect((await call(owner, "PUT", "/api/alerts/config", { windage: null })).statusCode).toBe(400);
    expect(
      (
        await call(owner, "PUT", "/api/alerts/config", {
          hullFouling: { enabled: true, threshold: 5, severity: "medium", notificationMethod: "pigeon" },
        })
      ).statusCode,
    ).toBe(400);
  });

  it("lets viewers read but not write (403)", async () => {
    const res = await call(viewer, "PUT", "/api/alerts/config", { hullFouling: null });
    expect(res.statusCode).toBe(403);
  });

  it("keeps organisations apart: another organisation's ship is not found, its values are its own", async () => {
    expect((await call(other, "GET", `/api/alerts/config?shipId=${shipA}`)).statusCode).toBe(404);
    expect(
      (await call(other, "PUT", `/api/alerts/config?shipId=${shipA}`, { hullFouling: null })).statusCode,
    ).toBe(404);
    expect((await call(other, "GET", "/api/alerts/config")).json().customised).toEqual([]);
  });
});

describe("alert lifecycle", () => {
  let alertId: number;
  beforeAll(async () => {
    const now = new Date("2026-03-01T10:00:00Z");
    const a = await openOrRefreshAlert(t.db, {
      orgId: owner.orgId,
      shipId: shipA,
      type: "fuelEfficiency",
      severity: "high",
      result: fires(4.6),
      link: `/dashboard/${shipA}?section=fuel-fuel-performance`,
      now,
    });
    alertId = a.row.id;
    await openOrRefreshAlert(t.db, {
      orgId: other.orgId,
      shipId: otherShip,
      type: "hullFouling",
      severity: "medium",
      result: fires(9),
      link: `/dashboard/${otherShip}`,
      now,
    });
  });

  it("lists the open alert with its figure and link, counts it, and System Status says so", async () => {
    const list = (await call(viewer, "GET", "/api/alerts?status=open")).json();
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({
      id: alertId,
      shipName: "Ship 0",
      type: "fuelEfficiency",
      status: "open",
      figure: 4.6,
      threshold: 3,
      unit: "%",
      link: `/dashboard/${shipA}?section=fuel-fuel-performance`,
    });
    expect((await call(viewer, "GET", "/api/alerts/counts")).json()).toEqual({ open: 1, acknowledged: 0 });
    const status = (await call(viewer, "GET", "/api/system-status")).json();
    expect(status.activeAlerts).toBe(1);
    expect((await call(viewer, "GET", `/api/system-status?shipId=${shipB}`)).json().activeAlerts).toBe(0);
  });

  it("refuses viewers and other organisations", async () => {
    expect((await call(viewer, "POST", `/api/alerts/${alertId}/acknowledge`)).statusCode).toBe(403);
    expect((await call(other, "POST", `/api/alerts/${alertId}/acknowledge`)).statusCode).toBe(404);
    expect((await call(other, "POST", `/api/alerts/${alertId}/resolve`, {})).statusCode).toBe(404);
    const theirs = (await call(other, "GET", "/api/alerts")).json();
    expect(theirs.items.map((a: { shipId: number }) => a.shipId)).toEqual([otherShip]);
    expect((await call(other, "GET", `/api/alerts?shipId=${shipA}`)).statusCode).toBe(404);
    expect((await call(other, "GET", "/api/system-status")).json().activeAlerts).toBe(1);
  });

  it("acknowledges with who and when, once", async () => {
    const res = await call(owner, "POST", `/api/alerts/${alertId}/acknowledge`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: "acknowledged",
      acknowledgedBy: { id: owner.userId, name: "Test" },
    });
    expect(Date.parse(res.json().acknowledgedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await call(owner, "POST", `/api/alerts/${alertId}/acknowledge`)).statusCode).toBe(409);
    expect((await call(viewer, "GET", "/api/alerts/counts")).json()).toEqual({ open: 0, acknowledged: 1 });
  });

  it("a new evaluation that still fires refreshes the same alert (no storm)", async () => {
    const again = await openOrRefreshAlert(t.db, {
      orgId: owner.orgId,
      shipId: shipA,
      type: "fuelEfficiency",
      severity: "high",
      result: fires(5.2),
      link: "x",
      now: new Date(),
    });
    expect(again).toMatchObject({ opened: false, row: { id: alertId } });
    const item = (await call(owner, "GET", `/api/alerts?shipId=${shipA}`)).json().items;
    expect(item).toHaveLength(1);
    expect(item[0]).toMatchObject({ figure: 4.6, latestFigure: 5.2, status: "acknowledged" });
  });

  it("resolves by hand with a note, keeps it in the history, and refuses a second resolve", async () => {
    const res = await call(owner, "POST", `/api/alerts/${alertId}/resolve`, { note: "Engine serviced" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: "resolved",
      resolvedBy: { id: owner.userId },
      resolutionNote: "Engine serviced",
    });
    expect((await call(owner, "POST", `/api/alerts/${alertId}/resolve`, {})).statusCode).toBe(409);
    expect((await call(owner, "GET", "/api/alerts?status=resolved")).json().total).toBe(1);
    expect((await call(owner, "GET", "/api/alerts/counts")).json()).toEqual({ open: 0, acknowledged: 0 });
    // a later firing opens a new alert beside the resolved one
    const next = await openOrRefreshAlert(t.db, {
      orgId: owner.orgId,
      shipId: shipA,
      type: "fuelEfficiency",
      severity: "high",
      result: fires(6),
      link: "x",
      now: new Date(),
    });
    expect(next.opened).toBe(true);
    expect((await call(owner, "GET", "/api/alerts")).json().total).toBe(2);
  });

  it("pages the list and checks its query", async () => {
    const page = (await call(owner, "GET", "/api/alerts?pageSize=1&page=2")).json();
    expect(page).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(page.items).toHaveLength(1);
    expect((await call(owner, "GET", "/api/alerts?status=closed")).statusCode).toBe(400);
    expect((await call(owner, "GET", "/api/alerts?pageSize=1000")).statusCode).toBe(400);
  });
});
