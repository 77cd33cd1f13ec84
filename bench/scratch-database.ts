/**
 * A scratch database for a benchmark: created on TEST_DATABASE_URL's server (else 127.0.0.1:5432), migrated,
 * and dropped by `drop` whatever happened.
 */
import pg from "pg";
import { connectDatabase } from "../src/server/db/client";
import { applyMigrations } from "../src/server/db/migrate";

export async function scratchDatabase(label: string) {
  const serverUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `sextant_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  const database = connectDatabase(u.toString(), 10);
  const drop = async () => {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
  try {
    await applyMigrations(database);
  } catch (err) {
    await drop();
    throw err;
  }
  return { database, drop };
}
