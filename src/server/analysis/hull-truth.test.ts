/**
 * Hull analytics against the simulator's ground truth, full model on (weather, fouling, engine drift, noise,
 * the crew's trim error), three years of five ships, once with daily noon reports and once with hourly
 * records: the fouling rate of every interval between maintenance events (hull cleanings, propeller polishes,
 * dry-dockings, stored as maintenance events from the ground truth) and the effect of each event. The issue
 * asks for 10 % and 1 point per interval and event. Decision record 009 gives the measured errors.
 * - Daily reports (decision record 042): every interval whose stated 99 % interval lies within ±15 % of its
 *   rate ('measured') is within 15 % of the truth, and the stated 95 % intervals hold the truth in ≥ 90 % of
 *   all intervals; the medians as before.
 * - Hourly records: every interval whose stated 99 % interval lies within ±10 % of its rate is within 10 % of
 *   the truth, every effect between two such intervals within 1 point; an interval is a hull interval
 *   (between hull cleanings and dry-dockings) with its propeller polishes as steps inside it; intervals cut
 *   short by the data's start or end are stated with a wider interval, not claimed.
 *
 * Truth per interval: the least-squares slope of the simulator's true added power (hull + propeller fouling,
 * %) of each day inside it, read from its noiseless daily hull record (the fouling grows faster in warm water
 * and in port, so the interval's rate is its line's slope, the quantity the analysis estimates). Truth per
 * event: the change of the true added power between the two days the answer compares (its last accepted day
 * before the event and its first after); the report also gives what the event itself removed (hull cleaning:
 * 90 % of the hull's, polish: the propeller's, dry-dock: both), which differs by the growth in port between.
 * HULL_TRUTH_SEED picks another seed, HULL_TRUTH_CADENCE one cadence, DEBUG_TRUTH prints.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOON_RATE_PRECISION, RATE_PRECISION, rateStatus } from "../../domain/hull/fouling-trend";
import { pointsOf } from "../../domain/hull/hull-intervals";
import { periodMean } from "../../domain/hull/performance-indicators";
import { powerLawOfCurve } from "../../domain/hull/performance-value";
import { FleetSimulation, spanEnding } from "../../simulator/fleet";
import { hullDays } from "../metrics/hull-days";
import { maintenanceEventsForHull } from "../metrics/maintenance-events";
import { loadFleet } from "../simulation/load-fleet";
import { createTestApp, type TestUser } from "../test/test-app";

type Cadence = "1h" | "24h";
let t: Awaited<ReturnType<typeof createTestApp>>;
const end = Date.parse("2025-01-01T00:00:00Z");
const YEARS = Number(process.env.HULL_TRUTH_YEARS ?? 3);
const SEED = Number(process.env.HULL_TRUTH_SEED ?? 14);
/** One cadence only (debugging); both by default. */
const ONLY = process.env.HULL_TRUTH_CADENCE as Cadence | undefined;
const SHIPS = 5;
const DAY = 86_400_000;
const KIND = {
  hull_cleaning: "hull-cleaning",
  propeller_polishing: "propeller-polishing",
  dry_dock: "dry-docking",
};

type Loaded = { owner: TestUser; fleet: FleetSimulation; shipIds: number[] };

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Five ships of the full model at one cadence, in an organisation of their own, with their true events. */
async function load(cadence: Cadence): Promise<Loaded> {
  const owner = await t.registerOwner();
  const fleet = new FleetSimulation({
    ships: SHIPS,
    seed: SEED,
    cadence,
    ...spanEnding(end, YEARS, cadence),
  });
  // a simulator load runs on the long-statement pool (its merges of 100k+ hourly rows outlast a request's
  // statement timeout), as the configured loader and the trim truth test do
  await loadFleet(t.database.longPool, owner.orgId, fleet);
  const rows = await t.database.pool.query("select id, imo_number from ships where org_id = $1", [
    owner.orgId,
  ]);
  const byImo = new Map(rows.rows.map((r) => [String(r.imo_number), Number(r.id)]));
  const shipIds = fleet.vessels.map((v) => byImo.get(String(v.imoNumber))!);
  const truth = fleet.groundTruth();
  // the sea-trial curve at design displacement, as the demo loader stores it (load-simulated-history)
  for (const [i, s] of truth.ships.entries())
    await t.database.pool.query(
      "update ships set speed_power_curve = $1, reference_displacement_t = $2 where org_id = $3 and id = $4",
      [
        JSON.stringify(s.speedPowerCurve.design.points),
        s.speedPowerCurve.design.displacementT,
        owner.orgId,
        shipIds[i],
      ],
    );
  for (const [i, s] of truth.ships.entries())
    for (const e of s.fouling.events)
      await t.database.pool.query(
        `insert into maintenance_events (org_id, ship_id, type, event_date, status) values ($1, $2, $3, $4, 'done')
         on conflict do nothing`,
        [owner.orgId, shipIds[i], KIND[e.kind], e.date.slice(0, 10)],
      );
  // the loader has refreshed the daily rollups of the days loaded; the curve and the events enter no rollup
  return { owner, fleet, shipIds };
}

/**
 * The simulator's true added power (hull + propeller fouling, %) of each day: its daily hull record's hull
 * efficiency, written without noise from the same state (simulator report-builder, domain
 * hullEfficiencyFromExcessPower: e = −100·F/(100 + F), so F = −100·e/(100 + e)).
 */
async function trueDailyFouling(orgId: number, shipId: number) {
  const r = await t.database.pool.query(
    "select ts, hull_efficiency from hull_condition where org_id = $1 and ship_id = $2 order by ts",
    [orgId, shipId],
  );
  return r.rows.map((x) => {
    const e = Number(x.hull_efficiency);
    return { ms: new Date(x.ts).getTime(), addedPowerPct: (-100 * e) / (100 + e) };
  });
}

/**
 * Rate (%/year) of the true daily added power over [fromMs, toMs) with a step at each propeller polish: one
 * slope, a level per segment between polishes (each polish's own day left out, as the analysis does),
 * computed here in closed form (Σ Sxy / Σ Sxx about each segment's mean); null with fewer than 3 days.
 */
function trueRate(
  daily: { ms: number; addedPowerPct: number }[],
  fromMs: number,
  toMs: number,
  polishes: readonly string[],
) {
  const polishMs = polishes.map((d) => Date.parse(d));
  const segmentOf = (ms: number) => polishMs.filter((p) => ms > p).length;
  const m = daily.filter((s) => s.ms >= fromMs && s.ms < toMs && !polishMs.includes(s.ms));
  if (m.length < 3) return null;
  const bySegment = new Map<number, { x: number; y: number }[]>();
  for (const s of m) {
    const k = segmentOf(s.ms);
    bySegment.set(k, [...(bySegment.get(k) ?? []), { x: s.ms / (365.25 * DAY), y: s.addedPowerPct }]);
  }
  let sxx = 0;
  let sxy = 0;
  for (const points of bySegment.values()) {
    const mx = points.reduce((a, q) => a + q.x, 0) / points.length;
    const my = points.reduce((a, q) => a + q.y, 0) / points.length;
    for (const q of points) {
      sxx += (q.x - mx) ** 2;
      sxy += (q.x - mx) * (q.y - my);
    }
  }
  return sxy / sxx;
}

type Rate = {
  /** (measured − true)/true. */
  error: number;
  /** The stated 95 % interval's half-width over the rate: the analysis' own precision. */
  relativeHalfWidth: number;
  covered: boolean;
  /** The answer's own claim: 'measured' (99 % interval within ±10 %, noon reports ±15 %) or 'indicative'. */
  status: "measured" | "indicative";
  calendarDays: number;
  polish: boolean;
};
type Effect = { error: number; neighboursMeasured: boolean; covered: boolean };

/** Every interval's rate error and every event's effect error of the loaded fleet, with a printable table. */
async function measure({ owner, fleet, shipIds }: Loaded, cadence: Cadence) {
  const truth = fleet.groundTruth();
  const rows: string[] = [];
  const rates: Rate[] = [];
  const effects: Effect[] = [];
  for (const [i, ship] of truth.ships.entries()) {
    const q = `engine=main&range=custom&from=${new Date(end - Math.min(YEARS * 365, 999) * DAY).toISOString().slice(0, 10)}&to=2025-01-01`;
    const get = async (section: string) => {
      const res = await t.app.inject({
        url: `/api/ships/${shipIds[i]}/analysis/${section}?${q}`,
        headers: { cookie: owner.cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const analytics = await get("hull-hull-analytics");
    const condition = await get("hull-hull-condition");
    // the indicators read only the days of their periods: each period's count and mean are those of the
    // whole history's days
    const days = await hullDays(t.db, owner.orgId, shipIds[i]!, new Date(analytics.range.to));
    const whole = pointsOf(
      powerLawOfCurve(ship.speedPowerCurve.design.points, ship.speedPowerCurve.design.displacementT),
      days,
    ).map((p) => ({ timestampMs: p.dayMs, speedLossPercent: p.speedLossPercent }));
    for (const ind of analytics.indicators)
      for (const period of [ind.reference, ind.evaluation].filter((x) => x !== null)) {
        const m = periodMean(whole, Date.parse(period.from), Date.parse(period.to));
        expect(period.count, `${ind.id} ${period.from}`).toBe(m.count);
        if (m.count > 0) expect(period.meanSpeedLossPercent).toBeCloseTo(m.meanSpeedLossPercent!, 9);
      }
    const daily = await trueDailyFouling(owner.orgId, shipIds[i]!);
    if (process.env.DEBUG_TRUTH)
      (await import("node:fs")).writeFileSync(
        `/tmp/hull-debug-${SEED}-${cadence}-${i}.json`,
        JSON.stringify({
          days,
          hullEvents: await maintenanceEventsForHull(t.db, owner.orgId, shipIds[i]!),
          curve: ship.speedPowerCurve.design,
          atEnd: ship.fouling.atEnd,
          condition,
          analytics,
          monthly: ship.fouling.monthly,
          daily,
          events: ship.fouling.events,
        }),
      );
    // per interval (by its first day): stated to ±10 %
    for (const iv of analytics.intervals) {
      const from = Date.parse(iv.from);
      const to = Date.parse(iv.to);
      const r = iv.addedPowerPercentPerYear;
      const relativeHalfWidth = (r.high - r.low) / 2 / Math.abs(r.value);
      // the precision claimed: ±15 % on noon reports (one record a day), ±10 % on logged data
      const ratePrecision = cadence === "24h" ? NOON_RATE_PRECISION : RATE_PRECISION;
      expect(iv.rateStatus).toBe(
        rateStatus({ slopePerYear: r.value, low: r.low, high: r.high, ratePrecision }),
      );
      const tr = trueRate(daily, from, to, iv.propellerPolishes);
      if (tr === null) continue;
      const error = (r.value - tr) / tr;
      const covered = r.low <= tr && tr <= r.high;
      rates.push({
        error,
        relativeHalfWidth,
        covered,
        status: iv.rateStatus,
        calendarDays: Math.round((to - from) / DAY),
        polish: iv.propellerPolishes.length > 0 || iv.startEvent === "propeller-polishing",
      });
      rows.push(
        `${ship.shipType} ${iv.from.slice(0, 10)}…${iv.to.slice(0, 10)} (${iv.startEvent}) ${iv.rateStatus} rate ${r.value.toFixed(2)} [${r.low.toFixed(2)}, ${r.high.toFixed(2)}] (±${(100 * relativeHalfWidth).toFixed(0)} %) true ${tr.toFixed(2)} %/yr, error ${(100 * error).toFixed(1)} %${covered ? "" : " (outside)"}, ${iv.samples} days, rejected ${(100 * iv.rejectedShare).toFixed(0)} %`,
      );
    }
    // the effect of each event as the answer states it: the trend before at its last accepted day minus the
    // trend after at its first; true: the simulator's added power on those two days
    const trueOn = (date: string) =>
      daily.find((x) => Math.abs(x.ms - Date.parse(date)) < DAY / 2)?.addedPowerPct;
    for (const e of analytics.effects as {
      date: string;
      eventTypes: string[];
      lastDayBefore: string;
      firstDayAfter: string;
      addedPowerPercent: { value: number; low: number; high: number };
    }[]) {
      const before = trueOn(e.lastDayBefore);
      const after = trueOn(e.firstDayAfter);
      expect(before, e.lastDayBefore).toBeDefined();
      expect(after, e.firstDayAfter).toBeDefined();
      const truth = before! - after!;
      const measured = e.addedPowerPercent.value;
      // what the event itself removed, for the report (the port days around it add their growth)
      const evs = ship.fouling.events.filter((x) => x.date.slice(0, 10) === e.date);
      const removed = evs.length
        ? (evs.some((x) => x.kind === "dry_dock")
            ? evs[0]!.hullFoulingPctBefore
            : evs.some((x) => x.kind === "hull_cleaning")
              ? 0.9 * evs[0]!.hullFoulingPctBefore
              : 0) + (evs.some((x) => x.kind !== "hull_cleaning") ? evs[0]!.propellerFoulingPctBefore : 0)
        : Number.NaN;
      // the hull intervals holding the two days compared (one, for a polish inside an interval) are measured
      const intervals = analytics.intervals as { from: string; to: string; rateStatus: string }[];
      const holding = (day: string) =>
        intervals.find((iv) => iv.from.slice(0, 10) <= day && day <= iv.to.slice(0, 10));
      const neighboursMeasured = [holding(e.lastDayBefore), holding(e.firstDayAfter)].every(
        (iv) => iv?.rateStatus === "measured",
      );
      effects.push({
        error: measured - truth,
        neighboursMeasured,
        covered: e.addedPowerPercent.low <= truth && truth <= e.addedPowerPercent.high,
      });
      rows.push(
        `${ship.shipType} ${e.eventTypes.join("+")} ${e.date} effect ${measured.toFixed(2)} [${e.addedPowerPercent.low.toFixed(2)}, ${e.addedPowerPercent.high.toFixed(2)}] true ${truth.toFixed(2)} pp (${e.lastDayBefore} → ${e.firstDayAfter}; the event removed ${removed.toFixed(2)})${neighboursMeasured ? "" : " (next to an interval not measured to 10 %)"}`,
      );
    }
  }
  const abs = (xs: number[]) => xs.map(Math.abs).sort((a, b) => a - b);
  const median = (xs: number[]) => xs[Math.floor(xs.length / 2)]!;
  const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
  const summary = (rs: Rate[], es: Effect[]) => {
    const ra = abs(rs.map((r) => r.error));
    const ea = abs(es.map((e) => e.error));
    return (
      `${rs.length} intervals: |rate error| median ${pct(median(ra))}, worst ${pct(ra.at(-1)!)}, truth inside the 95 % ` +
      `interval in ${rs.filter((r) => r.covered).length}; ${es.length} events: |effect error| median ` +
      `${median(ea).toFixed(2)} pp, worst ${ea.at(-1)!.toFixed(2)} pp, truth inside the 95 % interval in ` +
      `${es.filter((e) => e.covered).length}`
    );
  };
  const report = `${cadence}, seed ${SEED}: ${summary(rates, effects)}\n${rows.join("\n")}`;
  if (process.env.DEBUG_TRUTH) console.log(report);
  return { rates, effects, report, summary, median, abs };
}

describe.skipIf(ONLY !== undefined && ONLY !== "24h")(
  "hull analytics, daily noon reports (full model)",
  () => {
    let loaded: Loaded;
    beforeAll(async () => {
      loaded = await load("24h");
    }, 300_000);

    it("measures every interval it calls measured within 15 %, with 95 % intervals that hold the truth in ≥ 90 %", async () => {
      const { rates, effects, report, median, abs } = await measure(loaded, "24h");
      const rateAbs = abs(rates.map((r) => r.error));
      const effectAbs = abs(effects.map((e) => e.error));
      expect(rates.length).toBeGreaterThanOrEqual(SHIPS * 3);
      expect(rates.some((r) => r.polish)).toBe(true);
      expect(effects.length).toBeGreaterThanOrEqual(SHIPS);
      // Issue 32 item 3 (decision record 042): every rate the analysis calls measured on noon reports (its 99 %
      // interval within ±15 %) is within 15 % of the truth, and the stated 95 % interval holds the truth in at
      // least 90 % of all intervals. Measured, 5 ships × 3 years each: seed 14: 20 intervals, 1 measured (7.0 %
      // off), 20 of 20 covered; seed 15: 20, none measured, 20 of 20; seed 16: 18, none measured, 17 of 18.
      // (Before, Beaufort 4 / 1.5 m and the lag-1 allowance only: 17, 17 and 18 covered.)
      const measured = rates.filter((r) => r.status === "measured");
      for (const r of measured) expect(Math.abs(r.error), report).toBeLessThanOrEqual(0.15);
      expect(rates.filter((r) => r.covered).length / rates.length, report).toBeGreaterThanOrEqual(0.9);
      // medians and the effects as before (seeds 14–16: rate median 6.3–8.5 %, effect median 0.58–0.82 points,
      // worst 2.27); weather left in or the crew's trim error left in fails these
      expect(median(rateAbs), report).toBeLessThanOrEqual(0.1);
      expect(median(effectAbs), report).toBeLessThanOrEqual(1.05);
      expect(effectAbs.at(-1)!, report).toBeLessThanOrEqual(5);
    }, 120_000);
  },
);

describe.skipIf(ONLY !== undefined && ONLY !== "1h")("hull analytics, hourly records (full model)", () => {
  let loaded: Loaded;
  beforeAll(async () => {
    loaded = await load("1h");
  }, 400_000);

  it("measures every interval it states to ±10 % within 10 %, and each effect between them within 1 point", async () => {
    const { rates, effects, report } = await measure(loaded, "1h");
    // hull intervals (between hull cleanings and dry-dockings; polishes are steps inside them)
    expect(rates.length).toBeGreaterThanOrEqual(SHIPS * 3);
    expect(effects.length).toBeGreaterThanOrEqual(SHIPS * 4);
    // The targets, for every rate the analysis marks as measured (its 99 % interval within ±10 % of
    // the rate); intervals with a propeller polish inside included.
    const measured = rates.filter((r) => r.status === "measured");
    // (seeds 14–19: 61–89 % of the hull intervals are measured, 82 of 112)
    expect(measured.length / rates.length, report).toBeGreaterThanOrEqual(0.55);
    expect(measured.some((r) => r.polish)).toBe(true);
    for (const r of measured) expect(Math.abs(r.error), report).toBeLessThanOrEqual(0.1);
    for (const e of effects.filter((x) => x.neighboursMeasured))
      expect(Math.abs(e.error), report).toBeLessThanOrEqual(1);
    // The rest are cut short by the data's start or end, or a few months long: the analysis marks them
    // indicative, with an interval wider than ±10 %, rather than claim the rate; the truth lies inside the
    // stated intervals of most of all intervals (seeds 14–19: 99 of 112).
    expect(rates.filter((r) => r.covered).length / rates.length, report).toBeGreaterThanOrEqual(0.85);
    // next to an unmeasured interval an effect still stays within 1.25 points (six seeds, 157 events: 2 over
    // 1 point, worst 1.15)
    for (const e of effects) expect(Math.abs(e.error), report).toBeLessThanOrEqual(1.25);
  }, 120_000);
});
