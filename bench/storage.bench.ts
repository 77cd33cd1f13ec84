/**
 * Bytes per ship-year: `npx tsx bench/storage.bench.ts [--cadence 15m] [--years 1]`
 *
 * A scratch database (TEST_DATABASE_URL, else 127.0.0.1:5432; created and dropped) gets one simulated ship
 * (full model) over `--years` at `--cadence`, loaded with the simulator's COPY loader and rolled up, then
 * VACUUM ANALYZE. Prints, per table, rows, heap bytes, index bytes and total bytes per ship-year, and bytes per
 * record: the figures of decision 010 (time partitioning of the series tables).
 */
import { parseArgs } from "node:util";
import pg from "pg";
import { connectDatabase } from "../src/server/db/client";
import { applyMigrations } from "../src/server/db/migrate";
import { loadFleet } from "../src/server/simulation/load-fleet";
import { type Cadence, FleetSimulation, spanEnding } from "../src/simulator/fleet";

const { values } = parseArgs({
  options: { cadence: { type: "string", default: "15m" }, years: { type: "string", default: "1" } },
});
const cadence = values.cadence as Cadence;
const years = Number(values.years);

const serverUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = `sextant_storagebench_${process.pid}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const u = new URL(serverUrl);
u.pathname = `/${name}`;
const database = connectDatabase(u.toString(), 4);

try {
  await applyMigrations(database);
  const org = await database.pool.query(
    "insert into organizations (name) values ('Storage bench') returning id",
  );
  const orgId = org.rows[0].id as number;
  const fleet = new FleetSimulation({
    ships: [{ shipType: "bulk_carrier", name: "Storage bench ship" }],
    seed: 11,
    cadence,
    ...spanEnding(Date.now(), years, cadence),
  });
  const summary = await loadFleet(database.longPool, orgId, fleet);
  await database.longPool.query("vacuum analyze");
  const { rows } = await database.pool.query<{
    table: string;
    rows: string;
    heap: string;
    indexes: string;
    total: string;
  }>(`
    select c.relname as table, c.reltuples::bigint as rows, pg_table_size(c.oid) as heap,
      pg_indexes_size(c.oid) as indexes, pg_total_relation_size(c.oid) as total
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r' and c.reltuples > 0
    order by pg_total_relation_size(c.oid) desc`);
  const perYear = (bytes: string) => Number(bytes) / years;
  const mb = (bytes: number) => (bytes / 1_048_576).toFixed(2);
  console.log(
    `one ship, ${years} year(s) at ${cadence}: ${summary.inserted.toLocaleString("en")} series rows`,
  );
  console.log("table                     rows/yr   heap MB/yr  index MB/yr  total MB/yr  bytes/row");
  let sum = 0;
  for (const r of rows) {
    const total = perYear(r.total);
    sum += total;
    console.log(
      `${r.table.padEnd(24)} ${String(Math.round(Number(r.rows) / years)).padStart(8)} ${mb(perYear(r.heap)).padStart(11)} ${mb(perYear(r.indexes)).padStart(12)} ${mb(total).padStart(12)} ${String(Math.round(Number(r.total) / Math.max(1, Number(r.rows)))).padStart(10)}`,
    );
  }
  console.log(`all tables: ${mb(sum)} MB per ship-year at ${cadence}`);
} finally {
  await database.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
