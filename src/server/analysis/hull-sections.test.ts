/**
 * The three hull sections on hand-made records whose fouling is known exactly: a cube-law ship whose power
 * grows 10 % points a year, cleaned on day 60 (a stored maintenance event), with records the filter must
 * reject for wind, waves and speed; the cleaning cost setting; another organisation answered 404.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestUser } from "../test/test-app";
import { createShip, hourly, insertFuel, insertHullConditions } from "./test-fixtures";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let other: TestUser;
let shipId: number;
let bareShipId: number;
const DISP = 50_000;
const k = 8000 / (DISP ** (2 / 3) * 14 ** 3);
const DAY = 86_400_000;
const start = Date.parse("2025-01-01T00:00:00Z");
const DAYS = 160;
const CLEAN_DAY = 80;
/** Fouling, % added power, at hour i: 2 + 10 %/yr, reset to 1 after the cleaning. */
const fouling = (i: number) => {
  const d = i / 24;
  return d < CLEAN_DAY ? 2 + (10 * d) / 365.25 : 1 + (10 * (d - CLEAN_DAY)) / 365.25;
};
const q = "range=custom&from=2025-01-01&to=2025-06-10&engine=main";

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  other = await t.registerOwner();
  shipId = await createShip(t, owner, 0);
  bareShipId = await createShip(t, owner, 1);
  const trial = [10, 12, 14, 16].map((speedKn) => ({ speedKn, powerKw: k * DISP ** (2 / 3) * speedKn ** 3 }));
  const res = await t.app.inject({
    method: "PATCH",
    url: `/api/ships/${shipId}/baseline`,
    headers: { cookie: owner.cookie },
    payload: { speedPowerCurve: trial, referenceDisplacementT: DISP },
  });
  expect(res.statusCode, res.body).toBe(200);
  for (const id of [shipId, bareShipId]) {
    const n = DAYS * 24;
    // every 10th hour in strong wind, every 11th in swell, every 13th manoeuvring at 3 kn
    const stw = (i: number) => (i % 13 === 0 ? 3 : 13);
    const rows = hourly("2025-01-01T00:00:00Z", n, {}).map((r, i) => ({
      ...r,
      consumer: "main" as const,
      speedThroughWater: stw(i),
      speedOverGround: stw(i),
      enginePower: k * DISP ** (2 / 3) * stw(i) ** 3 * (1 + fouling(i) / 100),
      fuelConsumptionRate: 30,
    }));
    await insertFuel(t, owner.orgId, id, rows);
    await insertHullConditions(
      t,
      owner.orgId,
      id,
      rows,
      (i) => ({ seaTemperature: 20, windSpeed: i % 10 === 0 ? 30 : 8, waveHeight: i % 11 === 0 ? 3 : 1 }),
      DISP,
    );
  }
  await t.database.pool.query(
    "insert into maintenance_events (org_id, ship_id, type, event_date, status) values ($1, $2, 'hull-cleaning', $3, 'done')",
    [owner.orgId, shipId, new Date(start + CLEAN_DAY * DAY).toISOString().slice(0, 10)],
  );
}, 120_000);
afterAll(() => t.close());

const get = async (user: TestUser, id: number, section: string) =>
  t.app.inject({ url: `/api/ships/${id}/analysis/${section}?${q}`, headers: { cookie: user.cookie } });

describe("hull sections on known fouling", () => {
  it("hull-hull-resistance: performance values against the entered curve, rejections by reason", async () => {
    const s = (await get(owner, shipId, "hull-hull-resistance")).json();
    expect(s.reference.source).toBe("ship");
    expect(s.missingReference).toBeNull();
    expect(s.method.windCorrected).toBe(false);
    const reasons = Object.fromEntries(
      s.filter.rejected.map((r: { reason: string; count: number }) => [r.reason, r.count]),
    );
    // hours 0..n-1 are i+1-th records; the counts follow the order of the checks (speed before wind before waves)
    const n = DAYS * 24;
    const idx = Array.from({ length: n }, (_, i) => i);
    expect(reasons["not-sailing"]).toBe(idx.filter((i) => i % 13 === 0).length);
    expect(reasons.wind).toBe(idx.filter((i) => i % 13 !== 0 && i % 10 === 0).length);
    expect(reasons.waves).toBe(idx.filter((i) => i % 13 !== 0 && i % 10 !== 0 && i % 11 === 0).length);
    expect(s.filter.records).toBe(n);
    // a day's excess power is its records' fouling (geometric mean of 1 + F)
    const first = s.series.excessPowerPercent[0];
    expect(first).toBeGreaterThan(2);
    expect(first).toBeLessThan(2.1);
  });

  it("hull-hull-analytics: the fouling rate per interval, the cleaning's effect and a priced recommendation", async () => {
    const a = (await get(owner, shipId, "hull-hull-analytics")).json();
    expect(a.intervals).toHaveLength(2);
    for (const iv of a.intervals) {
      expect(iv.addedPowerPercentPerYear.value).toBeCloseTo(10, 1);
      expect(iv.addedPowerPercentPerYear.low).toBeLessThanOrEqual(10.05);
      expect(iv.addedPowerPercentPerYear.high).toBeGreaterThanOrEqual(9.95);
      expect(iv.speedLossPercentPerYear.value).toBeGreaterThan(2.5);
      expect(iv.rejectedShare).toBeGreaterThan(0.2);
    }
    expect(a.intervals[1].startEvent).toBe("hull-cleaning");
    // the cleaning's effect: the line before at its last day (day 79, mean fouling 2 + 10·79.5/365.25) minus
    // the line after at its first (day 81, 1 + 10·1.5/365.25); the cleaning day itself is in neither
    const dayOf = (d: number) => new Date(start + d * DAY).toISOString().slice(0, 10);
    const expected = 2 + (10 * 79.5) / 365.25 - (1 + (10 * 1.5) / 365.25);
    expect(a.effects).toHaveLength(1);
    const [e] = a.effects;
    expect(e).toMatchObject({
      date: dayOf(CLEAN_DAY),
      eventTypes: ["hull-cleaning"],
      lastDayBefore: dayOf(CLEAN_DAY - 1),
      firstDayAfter: dayOf(CLEAN_DAY + 1),
    });
    expect(e.addedPowerPercent.value).toBeCloseTo(expected, 2);
    expect(e.addedPowerPercent.low).toBeLessThanOrEqual(expected);
    expect(e.addedPowerPercent.high).toBeGreaterThanOrEqual(expected);
    expect(e.speedLossPercent.value).toBeGreaterThan(0.9);
    expect(a.indicators.map((i: { id: string }) => i.id)).toEqual([
      "dry-docking-performance",
      "in-service-performance",
      "maintenance-trigger",
      "maintenance-effect",
    ]);
    const effect = a.indicators.find((i: { id: string }) => i.id === "maintenance-effect");
    expect(effect.speedLossChangePercent).toBeLessThan(0);
    expect(a.indicators[0].unavailableReason).toMatch(/two recorded dry-dockings/);
    // no period ends after the data or the range (issue 35: the evaluation after a cleaning ran into the future)
    const lastDataDay = Math.max(...a.intervals.map((iv: { to: string }) => Date.parse(iv.to)));
    for (const i of a.indicators)
      for (const p of [i.reference, i.evaluation].filter(Boolean)) {
        expect(Date.parse(p.to), `${i.id} ends ${p.to}`).toBeLessThanOrEqual(lastDataDay + DAY);
        expect(Date.parse(p.to)).toBeLessThanOrEqual(Date.parse(a.range.to));
      }
    // 1 % clean level, ~3.2 % now: the fouling costs little; the recommendation carries its confidence
    const r = a.recommendation;
    expect(r, a.reason).not.toBeNull();
    expect(r.cleaningCost).toBe(25_000);
    const now = r.excessPowerPercent.value;
    expect(r.extraFuelTonnesPerDay).toBeCloseTo((30 * (now - 1)) / (100 + now), 1);
    expect(r.confidence.level).toMatch(/high|medium|low/);
  });

  it("hull-hull-condition: now, days since the cleaning and the trend per interval", async () => {
    const c = (await get(owner, shipId, "hull-hull-condition")).json();
    expect(c.current.excessPowerPercent.value).toBeCloseTo(fouling(DAYS * 24 - 24), 0);
    expect(c.daysSince).toEqual([
      {
        type: "hull-cleaning",
        date: "2025-03-22",
        // counted to the range's last instant (its end is exclusive): the range's last day
        days: Math.floor((Date.parse(c.range.to) - 1 - Date.parse("2025-03-22")) / DAY),
        source: "stored",
      },
    ]);
    expect(c.trend).toHaveLength(2);
    expect(c.trend[0].excessPowerPercentAtEnd - c.trend[1].excessPowerPercentAtStart).toBeCloseTo(
      fouling(CLEAN_DAY * 24 - 1) - 1,
      0,
    );
    expect(c.hullRecord).toBeNull();
  });

  it("a short range after the cleaning reads only its interval, with the same figures", async () => {
    const full = (await get(owner, shipId, "hull-hull-condition")).json();
    const res = await t.app.inject({
      url: `/api/ships/${shipId}/analysis/hull-hull-condition?range=custom&from=2025-05-10&to=2025-06-10&engine=main`,
      headers: { cookie: owner.cookie },
    });
    const short = res.json();
    expect(short.trend).toEqual([full.trend[1]]);
    expect(short.current).toEqual(full.current);
    expect(short.filter).toBeUndefined();
    expect(short.series.t.length).toBe(31);
  });

  it("a ship without a curve or event says what to enter, and no recommendation is made without one", async () => {
    const s = (await get(owner, bareShipId, "hull-hull-resistance")).json();
    expect(s.reference).toBeNull();
    expect(s.missingReference).toMatch(/speed–power reference curve/);
    expect(s.emptyReason).toMatch(/speed–power reference curve/);
    expect(s.series.t).toEqual([]);
    const a = (await get(owner, bareShipId, "hull-hull-analytics")).json();
    expect(a.recommendation).toBeNull();
    expect(a.reason).toMatch(/speed–power reference curve/);
  });

  it("the cleaning cost is the organisation's setting, validated, with its default", async () => {
    const put = (body: Record<string, unknown>) =>
      t.app.inject({
        method: "PUT",
        url: "/api/settings/hull-cleaning-cost",
        headers: { cookie: owner.cookie },
        payload: body,
      });
    const bad = await put({ hullCleaningCost: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe("hullCleaningCost");
    expect((await put({ hullCleaningCost: 40_000 })).json()).toMatchObject({
      hullCleaningCost: 40_000,
      usingDefault: false,
    });
    expect((await get(owner, shipId, "hull-hull-analytics")).json().recommendation.cleaningCost).toBe(40_000);
    // another organisation keeps the default
    const theirs = await t.app.inject({
      url: "/api/settings/hull-cleaning-cost",
      headers: { cookie: other.cookie },
    });
    expect(theirs.json()).toMatchObject({ hullCleaningCost: 25_000, usingDefault: true });
    expect((await put({ hullCleaningCost: null })).json().usingDefault).toBe(true);
  });

  it("the migration's backfill of hull_daily equals the rollup the writes keep", async () => {
    const file = await import("node:fs").then((fs) =>
      fs.readFileSync("drizzle/0012_hull_settings.sql", "utf8"),
    );
    const backfill = file
      .split("--> statement-breakpoint")
      .find((st) => st.includes('INSERT INTO "hull_daily"'))!;
    const rows = async () =>
      (await t.database.pool.query("select * from hull_daily order by org_id, ship_id, day")).rows;
    const kept = await rows();
    expect(kept.length).toBeGreaterThan(2 * DAYS - 2);
    await t.database.pool.query("delete from hull_daily");
    await t.database.pool.query(backfill);
    expect(await rows()).toEqual(kept);
  });

  it("another organisation's ship answers 404 on every hull section", async () => {
    for (const s of ["hull-hull-resistance", "hull-hull-condition", "hull-hull-analytics"]) {
      const res = await get(other, shipId, s);
      expect(res.statusCode).toBe(404);
    }
  });
});
