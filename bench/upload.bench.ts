/**
 * Upload benchmark: `npx tsx bench/upload.bench.ts [--rows 1000000]`
 *
 * Writes a deterministic fuel CSV in the upload format (4 ships, 10-minute records, both consumers), uploads it
 * through the real HTTP API (a listening server, a streamed multipart request) into PostgreSQL
 * (TEST_DATABASE_URL, else 127.0.0.1:5432; a scratch database is created and dropped), then loads the same
 * file with `psql \copy` into a plain table of the same database. Prints rows/s of both, their ratio, and the
 * peak RSS growth of the process during the upload. Targets (issue 5): ≥ 0.5 × \copy, RSS growth < 200 MB.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { UPLOAD_COLUMNS } from "../src/contracts/upload-columns";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { connectDatabase } from "../src/server/db/client";
import { applyMigrations } from "../src/server/db/migrate";

const { values } = parseArgs({ options: { rows: { type: "string", default: "1000000" } } });
const ROWS = Number(values.rows);
const IMOS = ["9074729", "9312456", "9428712", "9555034"];
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MB`;
const fmt = (n: number) => Math.round(n).toLocaleString("en");

/** Deterministic fuel rows: per ship, one main-engine and one auxiliary record every 10 minutes. */
async function writeFuelCsv(file: string, rows: number): Promise<number> {
  const out = fs.createWriteStream(file);
  let buffer = `${UPLOAD_COLUMNS.fuel.join(",")}\n`;
  let seed = 7;
  const rand = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const start = Date.UTC(2020, 0, 1);
  for (let i = 0; i < rows; i++) {
    const ship = IMOS[i % IMOS.length]!;
    const step = Math.floor(i / (IMOS.length * 2));
    const aux = Math.floor(i / IMOS.length) % 2 === 1;
    const ts = new Date(start + step * 600_000).toISOString().replace(".000Z", "Z");
    const load = aux ? 40 + rand() * 20 : 60 + rand() * 30;
    const power = aux ? 400 + rand() * 200 : 6000 + rand() * 3000;
    const sfoc = aux ? 210 + rand() * 10 : 170 + rand() * 10;
    const rate = (power * sfoc * 24) / 1e6;
    const stw = aux ? 0 : 11 + rand() * 4;
    buffer += `${ship},,${ts},${sfoc.toFixed(2)},${rate.toFixed(3)},${load.toFixed(1)},${stw.toFixed(2)},${(stw + 0.3).toFixed(2)},${power.toFixed(1)},${aux ? "MDO" : "HFO"},,${aux ? "auxiliary" : "main"},${(stw / 6).toFixed(2)},0.1667\n`;
    if (buffer.length > 1 << 16) {
      if (!out.write(buffer)) await new Promise<void>((r) => out.once("drain", () => r()));
      buffer = "";
    }
  }
  out.end(buffer);
  await new Promise<void>((r) => out.once("finish", () => r()));
  return fs.statSync(file).size;
}

/** POSTs the file as multipart/form-data, streamed from disk, to the listening server. */
function postMultipart(
  port: number,
  cookie: string,
  file: string,
  mapping: object,
): Promise<{ status: number; body: string }> {
  const boundary = "----sextantbench";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="mappingConfig"\r\n\r\n${JSON.stringify(mapping)}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="dataFile"; filename="fuel.csv"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + fs.statSync(file).size + tail.length;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        port,
        method: "POST",
        path: "/api/upload-data",
        headers: {
          cookie,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": length,
        },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    req.write(head);
    const stream = fs.createReadStream(file, { highWaterMark: 1 << 20 });
    stream.pipe(req, { end: false });
    stream.on("end", () => req.end(tail));
  });
}

async function main() {
  const serverUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const dbName = `sextant_bench_upload_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sextant-bench-upload-"));
  const file = path.join(dir, "fuel.csv");
  const database = connectDatabase(url.toString(), 10);
  try {
    const size = await writeFuelCsv(file, ROWS);
    console.log(`fuel CSV: ${fmt(ROWS)} rows, ${mb(size)}`);
    await applyMigrations(database);
    const config = loadConfig({
      LOG_LEVEL: "warn",
      UPLOAD_MAX_BYTES: String(1 << 30),
      DATABASE_URL: url.toString(),
    });
    const app = await buildApp({ db: database.db, database, config });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const port = (app.server.address() as { port: number }).port;
    const reg = await app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: {
        email: "bench@example.com",
        password: "benchmark password",
        firstName: "Bench",
        organizationName: "Bench",
      },
    });
    const cookie = reg.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    for (const [i, imo] of IMOS.entries()) {
      await app.inject({
        method: "POST",
        url: "/api/ships",
        headers: { cookie },
        payload: {
          name: `Bench ${i + 1}`,
          imo,
          type: "Bulk Carrier",
          deadweight: 80_000,
          enginePower: 10_000,
        },
      });
    }

    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const t0 = performance.now();
    const res = await postMultipart(port, cookie, file, { dataType: "fuel" });
    const uploadS = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${res.body.slice(0, 500)}`);
    const result = JSON.parse(res.body);
    console.log(`upload result: ${result.message}`);

    const t1 = performance.now();
    const again = await postMultipart(port, cookie, file, { dataType: "fuel" });
    const againS = (performance.now() - t1) / 1000;
    console.log(`re-upload: ${JSON.parse(again.body).message} in ${againS.toFixed(2)} s`);
    await app.close();

    const psqlUrl = url.toString();
    execFileSync("psql", [
      psqlUrl,
      "-qc",
      "create table fuel_copy_plain (ship_id text, voyage_id text, ts timestamptz, sfoc float8, fuel_rate float8, engine_load float8, stw float8, sog float8, engine_power float8, fuel_type text, co2 float8, consumer text, distance_nm float8, period_h float8)",
    ]);
    const t2 = performance.now();
    execFileSync("psql", [
      psqlUrl,
      "-qc",
      `\\copy fuel_copy_plain from '${file}' with (format csv, header true)`,
    ]);
    const copyS = (performance.now() - t2) / 1000;

    const uploadRate = ROWS / uploadS;
    const copyRate = ROWS / copyS;
    console.log(
      `\nupload via API : ${fmt(uploadRate)} rows/s (${uploadS.toFixed(2)} s; validated, staged, merged, rollup)`,
    );
    console.log(`psql \\copy     : ${fmt(copyRate)} rows/s (${copyS.toFixed(2)} s; plain table, no checks)`);
    console.log(`ratio          : ${(uploadRate / copyRate).toFixed(2)} × \\copy (target ≥ 0.5)`);
    console.log(
      `peak RSS growth: ${mb(peak - baseline)} (baseline ${mb(baseline)}, peak ${mb(peak)}; target < 200 MB)`,
    );
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
