import { afterAll, beforeAll, it } from "vitest";
import { FleetSimulation, spanEnding } from "../../simulator/fleet";
import { optimumTrimM, trimPenaltyFraction } from "../../simulator/physics";
import { hullMaintenanceDates } from "../metrics/hull-maintenance-dates";
import { trimVoyageConditions } from "../metrics/trim-conditions";
import { refreshDailyRollup } from "../rollups/daily-rollup";
import { loadFleet } from "../simulation/load-fleet";
import { createTestApp, type TestUser } from "../test/test-app";
import { resolveRange } from "./context";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let fleet: FleetSimulation;
let shipIds: number[];
const end = Date.parse("2025-01-01T00:00:00Z");
const YEARS = 3;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  fleet = new FleetSimulation({
    ships: 5,
    seed: 11,
    cadence: "24h",
    ...spanEnding(end, YEARS, "24h"),
    model: { weather: false },
  });
  await loadFleet(t.database.pool, owner.orgId, fleet);
  const rows = await t.database.pool.query("select id, imo_number from ships where org_id = $1", [
    owner.orgId,
  ]);
  const byImo = new Map(rows.rows.map((r) => [String(r.imo_number), Number(r.id)]));
  shipIds = fleet.vessels.map((v) => byImo.get(String(v.imoNumber))!);
  await refreshDailyRollup(
    t.db,
    owner.orgId,
    shipIds,
    new Date(end - YEARS * 365 * 86_400_000),
    new Date(end),
  );
}, 120_000);
afterAll(() => t.close());
it("dump", async () => {
  const out: string[] = [];
  const gt = fleet.groundTruth() as unknown as {
    ships: {
      fouling: { monthly: { date: string; addedPowerPct: number; sfocFactor: number }[]; events: unknown[] };
    }[];
  };
  for (const [i, v] of fleet.vessels.entries()) {
    const range = await resolveRange(
      t.db,
      owner.orgId,
      shipIds[i]!,
      {
        range: "custom",
        from: new Date("2022-01-02"),
        to: new Date("2025-01-01"),
        voyage: "all",
        engine: "main",
      } as never,
      new Date(end),
    );
    const c = await trimVoyageConditions(t.db, owner.orgId, shipIds[i]!, range);
    const m = await hullMaintenanceDates(t.db, owner.orgId, shipIds[i]!, range.to);
    out.push(`${v.shipType} maint ${m.map((x) => new Date(x).toISOString().slice(0, 10)).join(",")}`);
    const mon = gt.ships[i]!.fouling.monthly;
    out.push(`#events ${JSON.stringify(gt.ships[i]!.fouling.events)}`);
    for (const s of c) {
      const snap = mon.filter((x) => Date.parse(x.date) <= s.timeMs).at(-1) ?? mon[0]!;
      out.push(
        [
          s.voyageId,
          new Date(s.timeMs).toISOString().slice(0, 10),
          s.trimM,
          s.meanDraughtM.toFixed(2),
          s.speedKn.toFixed(2),
          s.fuelTonnesPerDay.toFixed(3),
          s.displacementT?.toFixed(0),
          s.weight,
          0,
          0,
          (100 * trimPenaltyFraction(v, s.trimM, s.meanDraughtM, s.speedKn)).toFixed(3),
          optimumTrimM(v, s.meanDraughtM, s.speedKn).toFixed(3),
          v.trim.penaltyPerM2,
          snap.addedPowerPct,
          snap.sfocFactor,
        ].join("\t"),
      );
    }
  }
  const fs = await import("node:fs");
  fs.writeFileSync("/tmp/trim-iso/dump-nw.tsv", out.join("\n"));
  fs.writeFileSync(
    "/tmp/trim-iso/gt-keys.txt",
    JSON.stringify(Object.keys(gt)) +
      JSON.stringify(Object.keys((gt as never as { ships: object[] }).ships?.[0] ?? {})),
  );
}, 60_000);
