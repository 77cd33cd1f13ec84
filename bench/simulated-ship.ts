/**
 * Benchmarks' ship: one bulk carrier of the simulator's full model over `years` of 15-minute data ending
 * `now`, loaded with the simulator's COPY loader, with the inputs a real ship comes with (its sea-trial curve
 * and maintenance events from the ground truth, so the hull sections do their whole work), daily rollups
 * refreshed a year at a time and the tables analysed. Returns the ship's id.
 */
import { drizzle } from "drizzle-orm/node-postgres";
import type { Database } from "../src/server/db/client";
import * as schema from "../src/server/db/schema";
import { refreshDailyRollup } from "../src/server/rollups/daily-rollup";
import { loadFleet } from "../src/server/simulation/load-fleet";
import { FleetSimulation, spanEnding } from "../src/simulator/fleet";

const DAY_MS = 86_400_000;

export async function loadSimulatedShip(
  database: Database,
  orgId: number,
  o: { years: number; seed: number; shipName: string; now: number },
): Promise<number> {
  const { years, seed, shipName, now } = o;
  const fleet = new FleetSimulation({
    ships: [{ shipType: "bulk_carrier", name: shipName }],
    seed,
    cadence: "15m",
    ...spanEnding(now, years, "15m"),
  });
  // bulk loading runs on the long pool: the request pool's statement timeout would cancel it
  const loader = drizzle(database.longPool, { schema });
  const t0 = performance.now();
  const summary = await loadFleet(database.longPool, orgId, fleet);
  const id = (
    await database.pool.query("select id from ships where org_id = $1 and name = $2", [
      orgId,
      fleet.vessels[0]!.name,
    ])
  ).rows[0].id as number;
  // the hull sections' inputs a real ship comes with: its sea-trial curve and its maintenance events
  const truth = fleet.groundTruth().ships[0]!;
  await database.pool.query(
    "update ships set speed_power_curve = $1, reference_displacement_t = $2 where id = $3",
    [JSON.stringify(truth.speedPowerCurve.design.points), truth.speedPowerCurve.design.displacementT, id],
  );
  const kinds = {
    hull_cleaning: "hull-cleaning",
    propeller_polishing: "propeller-polishing",
    dry_dock: "dry-docking",
  };
  for (const e of truth.fouling.events)
    await database.pool.query(
      `insert into maintenance_events (org_id, ship_id, type, event_date) values ($1, $2, $3, $4)
       on conflict do nothing`,
      [orgId, id, kinds[e.kind], e.date.slice(0, 10)],
    );
  const t1 = performance.now();
  // the rollups, a year at a time
  for (let y = 0; y < Math.ceil(years); y++) {
    const to = new Date(now - y * 365 * DAY_MS);
    const from = new Date(Math.max(now - (y + 1) * 365 * DAY_MS, now - years * 365 * DAY_MS - DAY_MS));
    await refreshDailyRollup(loader, orgId, [id], from, to);
  }
  await database.longPool.query("analyze");
  const fuel = (
    await database.pool.query("select count(*) n from fuel_data where ship_id = $1 and consumer = 'main'", [
      id,
    ])
  ).rows[0].n;
  console.log(
    `${shipName}: ${summary.inserted.toLocaleString("en")} rows (${Number(fuel).toLocaleString("en")} main-engine fuel records) loaded in ${((t1 - t0) / 1000).toFixed(1)} s, rollups ${((performance.now() - t1) / 1000).toFixed(1)} s`,
  );
  return id;
}
