/**
 * Migration 0031_fuel_grade on a database that holds records from before it: every fuel record and rollup row
 * gets the grade of its class (the domain's `fuelGradeOf`: 'MGO' → 'MGO', 'LPG_PROPANE' → 'LPG propane'), a
 * value that is no class keeps itself, nothing else changes; the keys then hold the grade, so two grades of one
 * class at one instant can be stored, and writers must name the grade (no default).
 */

import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { fuelGradeOf } from "../../domain/fuels/fuel-names";
import { FUEL_TYPES } from "../../domain/fuels/fuel-types";
import { MIGRATIONS_FOLDER } from "./migrate";

const TAG = "0031_fuel_grade";
const OLD_FUEL_TYPES = [...FUEL_TYPES, "XYZ"];

let admin: pg.Client;
let client: pg.Client;
let name: string;
let before: string;

/** A copy of the migrations folder with the journal ending before `tag`. */
function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sextant-migrations-"));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8"));
  const at = journal.entries.findIndex((e: { tag: string }) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.mkdirSync(path.join(dir, "meta"));
  fs.writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify(journal));
  for (const e of journal.entries as { tag: string }[])
    fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

const q = async (text: string, values: unknown[] = []) => (await client.query(text, values)).rows;

beforeAll(async () => {
  const serverUrl = inject("pgServerUrl");
  name = `sextant_m_${randomBytes(5).toString("hex")}`;
  admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  before = migrationsBefore(TAG);
  await migrate(drizzle(client), { migrationsFolder: before });
  // a fleet as the release before stored it: fuel_type the class, rollups per class
  const [org] = await q("insert into organizations (name) values ('Old') returning id");
  const orgId = org!.id;
  const [ship] = await q(
    "insert into ships (org_id, name, imo_number, ship_type) values ($1, 'Old Ship', '9074729', 'bulk_carrier') returning id",
    [orgId],
  );
  const shipId = ship!.id;
  const [voyage] = await q(
    `insert into voyages (org_id, ship_id, voyage_number, origin, destination, departure_date)
     values ($1, $2, 'V1', 'A', 'B', '2024-01-01') returning id`,
    [orgId, shipId],
  );
  for (const [i, fuelType] of OLD_FUEL_TYPES.entries()) {
    await q(
      `insert into fuel_data (org_id, ship_id, voyage_id, ts, consumer, fuel_type, fuel_consumption_rate, period_hours)
       values ($1, $2, $3, $4, 'main', $5, 24, 24)`,
      [orgId, shipId, voyage!.id, new Date(Date.UTC(2024, 0, 2 + i, 12)), fuelType],
    );
    const day = new Date(Date.UTC(2024, 0, 2 + i)).toISOString().slice(0, 10);
    const sums =
      "records, hours, hours_at_sea, fuel_t, fuel_t_with_energy, energy_kwh, load_pct_hours, load_hours, distance_nm, stw_kn_hours, stw_hours, co2_t";
    await q(
      `insert into fuel_daily (org_id, ship_id, day, consumer, fuel_type, ${sums})
       values ($1, $2, $3, 'main', $4, 1, 24, 24, 24, 0, 0, 0, 0, 0, 0, 0, 0)`,
      [orgId, shipId, day, fuelType],
    );
    await q(
      `insert into fuel_voyage_daily (org_id, ship_id, voyage_id, day, consumer, fuel_type, records, hours, fuel_t, distance_nm, co2_t)
       values ($1, $2, $3, $4, 'main', $5, 1, 24, 24, 0, 0)`,
      [orgId, shipId, voyage!.id, day, fuelType],
    );
    await q(
      `insert into fuel_voyage (org_id, ship_id, voyage_id, consumer, fuel_type, records, hours, fuel_t, distance_nm, co2_t)
       values ($1, $2, $3, 'main', $4, 1, 24, 24, 0, 0)`,
      [orgId, shipId, voyage!.id, fuelType],
    );
  }
  // the rest of the migrations: 0031 and any later one
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
}, 120_000);

afterAll(async () => {
  await client?.end();
  await admin?.query(`drop database if exists ${name} with (force)`);
  await admin?.end();
  if (before) fs.rmSync(before, { recursive: true, force: true });
});

/** The grade each old class is expected to get: the domain's, a value that is no class itself. */
const gradeOf = (fuelType: string) => fuelGradeOf(fuelType)?.grade ?? fuelType;

describe(`migration ${TAG}`, () => {
  it.each(["fuel_data", "fuel_daily", "fuel_voyage_daily", "fuel_voyage"])(
    "backfills %s with the grade of each row's class, the class kept",
    async (table) => {
      const rows = await q(`select fuel_type, fuel_grade from ${table} order by fuel_type`);
      expect(rows.map((r) => r.fuel_type).sort()).toEqual([...OLD_FUEL_TYPES].sort());
      for (const r of rows) expect(r.fuel_grade, r.fuel_type).toBe(gradeOf(r.fuel_type));
      expect(rows.find((r) => r.fuel_type === "LPG_PROPANE")?.fuel_grade).toBe("LPG propane");
    },
  );

  it("leaves no default: a writer must name the grade", async () => {
    const rows = await q(
      `select table_name, column_default, is_nullable from information_schema.columns
       where column_name = 'fuel_grade' and table_schema = current_schema() order by table_name`,
    );
    expect(rows).toEqual(
      ["fuel_daily", "fuel_data", "fuel_voyage", "fuel_voyage_daily"].map((table_name) => ({
        table_name,
        column_default: null,
        is_nullable: "NO",
      })),
    );
  });

  it("keys the records and rollups by grade: HSFO and VLSFO at one instant of one consumer are two rows", async () => {
    const key = await q("select indexdef from pg_indexes where indexname = 'fuel_data_key'");
    expect(key[0]!.indexdef).toContain("(org_id, ship_id, consumer, fuel_grade, ts)");
    const pks = await q(
      `select conrelid::regclass::text as t, pg_get_constraintdef(oid) as def from pg_constraint
       where contype = 'p' and conrelid::regclass::text in ('fuel_daily', 'fuel_voyage_daily', 'fuel_voyage')
       order by 1`,
    );
    for (const pk of pks) expect(pk.def, pk.t).toContain("consumer, fuel_grade)");
    const [r] = await q("select org_id, ship_id, ts from fuel_data where fuel_type = 'HFO'");
    await q(
      `insert into fuel_data (org_id, ship_id, ts, consumer, fuel_type, fuel_grade, fuel_consumption_rate)
       values ($1, $2, $3, 'main', 'HFO', 'VLSFO', 10)`,
      [r!.org_id, r!.ship_id, r!.ts],
    );
    const at = await q("select fuel_grade from fuel_data where ts = $1 order by 1", [r!.ts]);
    expect(at.map((x) => x.fuel_grade)).toEqual(["HFO", "VLSFO"]);
  });
});
