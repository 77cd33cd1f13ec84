/**
 * Issue 35 item 3 on the hull reference: a ship with no entered curve, whose reference is fitted on the
 * 90 days after a cleaning sailed at 11.5–13.5 kn only (design speed 20 kn), gets its curve drawn over the
 * speeds it was fitted on, not over 0.6–1.0 × design speed (12–20 kn); a ship with an entered curve gets it
 * over the curve's own points.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestUser } from "../test/test-app";
import { createShip, hourly, insertFuel, insertHullConditions } from "./test-fixtures";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let fittedShip: number;
let enteredShip: number;
const DISP = 50_000;
const k = 8000 / (DISP ** (2 / 3) * 14 ** 3);
const DAYS = 100;
const LOW = 11.5;
const HIGH = 13.5;
/** Each day at one speed between LOW and HIGH. */
const speedOfDay = (d: number) => LOW + ((HIGH - LOW) * ((d * 7) % 10)) / 9;
const q = "range=custom&from=2025-01-01&to=2025-04-11&engine=main";

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  fittedShip = await createShip(t, owner, 0, { designSpeed: 20 });
  enteredShip = await createShip(t, owner, 1, { designSpeed: 20 });
  const baseline = (id: number, payload: Record<string, unknown>) =>
    t.app.inject({
      method: "PATCH",
      url: `/api/ships/${id}/baseline`,
      headers: { cookie: owner.cookie },
      payload,
    });
  const fittedRes = await baseline(fittedShip, { referenceDisplacementT: DISP });
  expect(fittedRes.statusCode, fittedRes.body).toBe(200);
  const trial = [10, 12, 14, 16].map((speedKn) => ({ speedKn, powerKw: k * DISP ** (2 / 3) * speedKn ** 3 }));
  const enteredRes = await baseline(enteredShip, { speedPowerCurve: trial, referenceDisplacementT: DISP });
  expect(enteredRes.statusCode, enteredRes.body).toBe(200);
  for (const id of [fittedShip, enteredShip]) {
    const rows = hourly("2025-01-01T00:00:00Z", DAYS * 24, {}).map((r, i) => {
      const v = speedOfDay(Math.floor(i / 24));
      return {
        ...r,
        consumer: "main" as const,
        speedThroughWater: v,
        speedOverGround: v,
        enginePower: k * DISP ** (2 / 3) * v ** 3 * 1.01,
        fuelConsumptionRate: 30,
      };
    });
    await insertFuel(t, owner.orgId, id, rows);
    await insertHullConditions(
      t,
      owner.orgId,
      id,
      rows,
      () => ({ seaTemperature: 20, windSpeed: 8, waveHeight: 1 }),
      DISP,
    );
    await t.database.pool.query(
      "insert into maintenance_events (org_id, ship_id, type, event_date, status) values ($1, $2, 'hull-cleaning', '2024-12-31', 'done')",
      [owner.orgId, id],
    );
  }
}, 120_000);
afterAll(() => t.close());

const resistance = async (id: number) => {
  const res = await t.app.inject({
    url: `/api/ships/${id}/analysis/hull-hull-resistance?${q}`,
    headers: { cookie: owner.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe("the hull reference curve is drawn only over the speeds it rests on", () => {
  it("a reference fitted on 11.5–13.5 kn gives a curve within those speeds, with its span and basis", async () => {
    const s = await resistance(fittedShip);
    expect(s.reference.source).toBe("fitted-clean-period");
    const speeds = s.reference.points.map((p: { speedKn: number }) => p.speedKn);
    // not 0.6–1.0 × the 20 kn design speed: nothing drawn where the ship did not sail
    expect(Math.max(...speeds)).toBeLessThanOrEqual(HIGH + 1e-9);
    expect(Math.min(...speeds)).toBeGreaterThanOrEqual(LOW - 1e-9);
    expect(s.reference.span.basis).toBe("fitted-speeds");
    const { fromKn, toKn } = s.reference.span;
    expect(fromKn).toBeGreaterThanOrEqual(LOW - 1e-9);
    expect(toKn).toBeLessThanOrEqual(HIGH + 1e-9);
    expect(toKn - fromKn).toBeGreaterThan(1);
    expect(s.reference.points.length).toBeGreaterThan(1);
    for (const p of s.reference.points) {
      expect(p.speedKn).toBeGreaterThanOrEqual(fromKn - 1e-9);
      expect(p.speedKn).toBeLessThanOrEqual(toKn + 1e-9);
    }
    expect(s.reference.points[0].speedKn).toBeCloseTo(fromKn, 9);
    expect(s.reference.points.at(-1).speedKn).toBeCloseTo(toKn, 9);
    // the fitted law reproduces the records' power (1 % above the cube law) inside its span
    const mid = s.reference.points[Math.floor(s.reference.points.length / 2)];
    expect(mid.powerKw / (k * DISP ** (2 / 3) * mid.speedKn ** 3)).toBeCloseTo(1.01, 2);
  });

  it("an entered curve is drawn over its own points' span (10–16 kn), whatever the records sailed", async () => {
    const s = await resistance(enteredShip);
    expect(s.reference.source).toBe("ship");
    expect(s.reference.span).toEqual({ fromKn: 10, toKn: 16, basis: "entered-points" });
    expect(s.reference.points[0].speedKn).toBe(10);
    expect(s.reference.points.at(-1).speedKn).toBe(16);
  });
});
