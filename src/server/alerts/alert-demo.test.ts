/**
 * Issue 16 'Done when', on the demo fleet (simulator ground truth, src/server/demo/seed-demo.ts): the ship
 * overdue for hull cleaning (Aurora Bulker: no cleaning in its last 540 days, fouling 1.2× faster) opens
 * hull-fouling and maintenance alerts, and its CII projects to E; the drifting engine (Celeste Tanker: SFOC
 * +6 %/year over its last 270 days, about +4.4 % beyond the base drift at the end) opens a fuel-efficiency
 * alert, and its hull, at its cleaning interval, a maintenance alert; the plain ship (Boreas Express) opens
 * only the maintenance alert of its hull's 'clean now' (9.6 % excess power). With the defaults the engine-performance
 * rule (8 %) does not fire on the drift, which is below it; at 4 % it fires on the drifting engine alone.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadAnalysisContext } from "../analysis/context";
import { computeKpis } from "../analysis/kpis";
import { seedDemoIfEmpty } from "../demo/seed-demo";
import { createTestApp } from "../test/test-app";
import { evaluateShip, type RuleOutcome } from "./alert-evaluation";

let t: Awaited<ReturnType<typeof createTestApp>>;
const now = new Date("2026-03-01T10:30:00Z");
const outcomes = new Map<string, RuleOutcome[]>();
let orgId: number;
let ships: Map<string, number>;
const sent: unknown[] = [];
const deps = () => ({
  db: t.db,
  jobs: {
    send: async (_d: unknown, p: unknown) => {
      sent.push(p);
      return null;
    },
  },
  log: t.app.log,
});

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.database, now);
  const rows = await t.database.pool.query("select id, name, org_id from ships");
  ships = new Map(rows.rows.map((r) => [String(r.name), Number(r.id)]));
  orgId = Number(rows.rows[0].org_id);
  for (const [name, id] of ships) outcomes.set(name, await evaluateShip(deps() as never, orgId, id, now));
}, 600_000);
afterAll(() => t.close());

const fired = (ship: string) =>
  outcomes
    .get(ship)!
    .filter((o) => o.result.state === "fires")
    .map((o) => o.type)
    .sort();

describe("the demo fleet's alerts with the default configuration", () => {
  it("the overdue ship: hull fouling, maintenance (cleaning due now) and CII", () => {
    expect(fired("Aurora Bulker")).toEqual(["ciiCompliance", "hullFouling", "maintenanceSchedule"]);
    const hull = outcomes.get("Aurora Bulker")!.find((o) => o.type === "hullFouling")!;
    expect(hull.result.figure).toBeGreaterThan(10); // speed loss, %
    expect(
      outcomes.get("Aurora Bulker")!.find((o) => o.type === "maintenanceSchedule")!.result.reason,
    ).toMatch(/cleaning due now/);
  });

  it("the drifting engine: fuel efficiency, with the SFOC card's figure", async () => {
    // and its hull is due too: cleaned 406 days before `now` (the simulator's crew cleans it every 402), about
    // 10 % added power in the ground truth, which the hull analysis finds since its weather and trim correction
    expect(fired("Celeste Tanker")).toEqual(["fuelEfficiency", "maintenanceSchedule"]);
    const fe = outcomes.get("Celeste Tanker")!.find((o) => o.type === "fuelEfficiency")!;
    expect(fe.result.figure).toBeGreaterThan(3);
    expect(fe.result.figure).toBeLessThan(8);
    // the same figure as the SFOC card over the same week, main engine (one rule, one place)
    const ctx = await loadAnalysisContext(
      t.db,
      orgId,
      ships.get("Celeste Tanker")!,
      { voyage: "all", range: "7days", engine: "main" },
      now,
    );
    expect((await computeKpis(ctx)).sfoc!.differencePercent).toBe(fe.result.figure);
  });

  it("the plain ship: only its hull cleaning is due, trim says it has no confident optimum", () => {
    // 9.6 % excess power (speed loss 3.0 %, below the fouling alert's threshold), which the cleaning economics
    // call 'clean now'; since the weather filter of decision 042 keeps its days up to Beaufort 5 / Douglas 4,
    // fewer than 85 % of its records are rejected and the recommendation is of medium confidence, so it is
    // alerted on (before: low confidence, stated and not alerted)
    expect(fired("Boreas Express")).toEqual(["maintenanceSchedule"]);
    expect(
      outcomes.get("Boreas Express")!.find((o) => o.type === "maintenanceSchedule")!.result.reason,
    ).toMatch(/cleaning due now/);
    for (const ship of ships.keys()) {
      const trim = outcomes.get(ship)!.find((o) => o.type === "trimOptimization");
      expect(trim).toBeUndefined(); // off by default
    }
  });

  it("opens one alert per firing rule, each with a notification and a link to its section", async () => {
    const { rows } = await t.database.pool.query(
      "select ship_id, type, status, link from alerts order by id",
    );
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.status === "open" && String(r.link).includes("section="))).toBe(true);
    expect(sent).toHaveLength(6);
  });

  it("engine performance at 4 % fires on the drifting engine only; trim enabled says no-data", async () => {
    await t.database.pool.query(
      `insert into alert_configs (org_id, type, enabled, threshold, severity, notification_method)
       values ($1, 'enginePerformance', true, 4, 'medium', 'dashboard'), ($1, 'trimOptimization', true, 2, 'low', 'dashboard')`,
      [orgId],
    );
    for (const [name, id] of ships) {
      const out = await evaluateShip(deps() as never, orgId, id, now);
      const engine = out.find((o) => o.type === "enginePerformance")!;
      expect(engine.result.state, `${name}: ${engine.result.reason}`).toBe(
        name === "Celeste Tanker" ? "fires" : "clear",
      );
      const trim = out.find((o) => o.type === "trimOptimization")!;
      expect(trim.result.state).toBe("no-data");
      expect(trim.result.reason).toMatch(/^No confident trim optimum/);
    }
  }, 120_000);
});
