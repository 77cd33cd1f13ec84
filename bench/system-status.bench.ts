/**
 * Org-wide System Status at fleet size (issue 20 item 3):
 * `npx tsx bench/system-status.bench.ts [--fleets 1,10,50] [--days 45] [--cadence 1h]`
 *
 * A scratch database (TEST_DATABASE_URL, else 127.0.0.1:5432; created and dropped) gets one organisation per fleet size with that many
 * simulated ships (full model with faults, `--days` of records at `--cadence`, rollups and the data-quality store
 * refreshed by the loader). Measured in process (app.inject, no HTTP): the first GET /api/system-status of each
 * organisation (its data-quality cache cold), then the data quality alone from the daily store and from the raw
 * records (the computation before the store), median of a few runs each. Target: < 100 ms cold for 50 ships.
 */
import os from "node:os";
import { parseArgs } from "node:util";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { loadFleet } from "../src/server/simulation/load-fleet";
import { fuelDataQualityLive, fuelDataQualityStored } from "../src/server/system-status/data-quality";
import { type Cadence, FleetSimulation, spanEnding } from "../src/simulator/fleet";
import { scratchDatabase } from "./scratch-database";

const { values } = parseArgs({
  options: {
    fleets: { type: "string", default: "1,10,50" },
    days: { type: "string", default: "45" },
    cadence: { type: "string", default: "1h" },
  },
});
const FLEETS = values.fleets.split(",").map(Number);
const DAYS = Number(values.days);
const CADENCE = values.cadence as Cadence;

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function timed<T>(f: () => Promise<T>): Promise<[number, T]> {
  const t0 = performance.now();
  const v = await f();
  return [performance.now() - t0, v];
}

const { database, drop } = await scratchDatabase("statusbench");
try {
  const config = loadConfig({ LOG_LEVEL: "silent", NODE_ENV: "test", JOBS: "off" });
  const app = await buildApp({ db: database.db, database, config });
  await app.ready();
  const t = { app, db: database.db, database };
  const register = async (i: number) => {
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/register",
      remoteAddress: `10.0.0.${i + 1}`,
      payload: {
        email: `status${i}@example.com`,
        password: "correct horse battery",
        firstName: "S",
        organizationName: `Fleet ${i}`,
      },
    });
    if (res.statusCode !== 201) throw new Error(`register: ${res.statusCode} ${res.body}`);
    const cookie = res.headers["set-cookie"];
    return {
      orgId: res.json().organization.id as number,
      cookie: String(Array.isArray(cookie) ? cookie[0] : cookie).split(";")[0]!,
    };
  };
  const rows: string[] = [];
  for (const [i, n] of FLEETS.entries()) {
    const owner = await register(i);
    const fleet = new FleetSimulation({
      ships: n,
      seed: 100 + i,
      cadence: CADENCE,
      ...spanEnding(Date.now(), DAYS / 365, CADENCE),
      faults: true,
    });
    const [loadMs, summary] = await timed(() => loadFleet(t.database.longPool, owner.orgId, fleet));
    console.log(
      `${n} ships: ${summary.inserted.toLocaleString("en")} rows loaded in ${(loadMs / 1000).toFixed(1)} s`,
    );
    const [coldMs, res] = await timed(() =>
      t.app.inject({ url: "/api/system-status", headers: { cookie: owner.cookie } }),
    );
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    const coldLoad = load();
    const stored: number[] = [];
    const live: number[] = [];
    for (let k = 0; k < 5; k++)
      stored.push((await timed(() => fuelDataQualityStored(t.db, owner.orgId, null, new Date())))[0]);
    for (let k = 0; k < 3; k++)
      live.push((await timed(() => fuelDataQualityLive(t.db, owner.orgId, null, new Date())))[0]);
    const line = `${n} ships: GET /api/system-status cold ${coldMs.toFixed(0)} ms (load ${coldLoad}); data quality from the store ${median(stored).toFixed(0)} ms, from raw records ${median(live).toFixed(0)} ms (×${(median(live) / median(stored)).toFixed(0)}); quality ${res.json().dataQualityPercent?.toFixed(2)} %`;
    console.log(line);
    rows.push(line);
  }
  console.log(`\n${DAYS} days at ${CADENCE} per ship, faults on; load average ${load()}`);
  for (const r of rows) console.log(r);
  await app.close();
} finally {
  await drop();
}
