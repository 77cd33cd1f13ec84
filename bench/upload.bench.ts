/**
 * Upload benchmark: `npx tsx bench/upload.bench.ts [--rows 1000000]`
 *
 * Writes a deterministic fuel CSV in the upload format (4 ships, 10-minute records, both consumers), uploads it
 * through the real HTTP API (a listening server, a streamed multipart request) into PostgreSQL
 * (TEST_DATABASE_URL, else 127.0.0.1:5432; a scratch database is created and dropped), uploads it again (all
 * rows unchanged), then loads the same file with `psql \copy` twice: into a plain table (text and float
 * columns, no index, no constraint) and into a table built like fuel_data (`like fuel_data including all`:
 * its primary key, unique key, index, checks and identity, plus its foreign keys to a ships table and to
 * voyages). Prints rows/s of each upload stage (spooling the request, read+validate+stage, merge, rollup,
 * commit), of both \copy loads and the ratios, and the peak RSS growth of the process during the upload
 * (sampled every 50 ms). Targets (issue 5): ≥ 0.5 × \copy, RSS growth < 200 MB. It stops by itself (a
 * deadline, Ctrl-C) and drops its database either way.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import { pipelineProbe } from "../src/server/uploads/upload-pipeline";
import { withBenchServer } from "./bench-server";
import { IMOS, postMultipart, writeFuelCsv } from "./upload-files";

const { values } = parseArgs({
  options: {
    rows: { type: "string", default: "1000000" },
    "deadline-s": { type: "string", default: "1200" },
  },
});
const ROWS = Number(values.rows);
const DEADLINE_MS = Number(values["deadline-s"]) * 1000;
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MB`;
const fmt = (n: number) => Math.round(n).toLocaleString("en");
const pad = (text: string, width: number) => text.padStart(width);

/** fuel_data's columns in the order of the file's columns (DEFAULT_FIELDS.fuel), for the second \copy. */
const FUEL_TABLE_COLUMNS = [
  "ship_id",
  "voyage_id",
  "ts",
  "sfoc",
  "fuel_consumption_rate",
  "engine_load_factor",
  "speed_through_water",
  "speed_over_ground",
  "engine_power",
  "fuel_type",
  "co2_emissions",
  "consumer",
  "distance_nm",
  "period_hours",
  "engine_rpm",
  "shaft_rpm",
];

type Stage = { name: string; ms: number; rows: number };

/** Uploads the file once, timing each stage (from the pipeline's probe) and sampling RSS every 50 ms. */
async function timedUpload(port: number, cookie: string, file: string) {
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const base = process.memoryUsage();
  const peakOf = { heapTotal: 0, external: 0 };
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.rss);
    peakOf.heapTotal = Math.max(peakOf.heapTotal, m.heapTotal - base.heapTotal);
    peakOf.external = Math.max(peakOf.external, m.external - base.external);
  }, 50);
  const marks: { name: string; start: number; end: number; rows: number }[] = [];
  pipelineProbe.stage = (name, ms, rows) => {
    const end = performance.now();
    marks.push({ name, start: end - ms, end, rows });
  };
  const t0 = performance.now();
  try {
    const res = await postMultipart(port, cookie, file, { dataType: "fuel" });
    const t1 = performance.now();
    if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${res.body.slice(0, 500)}`);
    const first = marks[0]?.start ?? t1;
    const last = marks.at(-1)?.end ?? t1;
    const stages: Stage[] = [
      { name: "receive (spool + SHA-256)", ms: first - t0, rows: ROWS },
      ...marks.map((m) => ({ name: m.name, ms: m.end - m.start, rows: m.rows })),
      { name: "log + commit + answer", ms: t1 - last, rows: ROWS },
    ];
    return {
      seconds: (t1 - t0) / 1000,
      stages,
      message: JSON.parse(res.body).message as string,
      baseline,
      peak,
      peakOf,
    };
  } finally {
    clearInterval(sampler);
    pipelineProbe.stage = undefined;
  }
}

function printStages(title: string, run: Awaited<ReturnType<typeof timedUpload>>) {
  console.log(`\n${title}: ${run.message}`);
  for (const s of run.stages) {
    const rate = s.ms > 0 ? fmt((s.rows / s.ms) * 1000) : "-";
    console.log(`  ${s.name.padEnd(26)} ${pad((s.ms / 1000).toFixed(2), 7)} s ${pad(rate, 12)} rows/s`);
  }
  console.log(
    `  ${"total".padEnd(26)} ${pad(run.seconds.toFixed(2), 7)} s ${pad(fmt(ROWS / run.seconds), 12)} rows/s;` +
      ` peak RSS growth ${mb(run.peak - run.baseline)} (baseline ${mb(run.baseline)}, peak ${mb(run.peak)};` +
      ` JS heap +${mb(run.peakOf.heapTotal)}, external +${mb(run.peakOf.external)})`,
  );
}

async function main() {
  await withBenchServer("upload", DEADLINE_MS, async ({ url, dir, app, port, register }) => {
    const file = path.join(dir, "fuel.csv");
    const size = await writeFuelCsv(file, ROWS);
    console.log(`fuel CSV: ${fmt(ROWS)} rows, ${mb(size)}`);
    const cookie = await register("Bench");

    const firstRun = await timedUpload(port, cookie, file);
    printStages("upload via API", firstRun);
    const secondRun = await timedUpload(port, cookie, file);
    printStages("re-upload (all unchanged)", secondRun);
    await app.close();

    const psqlUrl = url.toString();
    const psql = (command: string) =>
      execFileSync("psql", [psqlUrl, "-v", "ON_ERROR_STOP=1", "-qc", command]);
    const columns = FUEL_TABLE_COLUMNS.join(", ");
    psql(
      "create table fuel_copy_plain (ship_id text, voyage_id text, ts timestamptz, sfoc float8, fuel_rate float8, engine_load float8, stw float8, sog float8, engine_power float8, fuel_type text, co2 float8, consumer text, distance_nm float8, period_h float8, engine_rpm float8, shaft_rpm float8)",
    );
    // Built like fuel_data: `including all` copies keys, indexes, checks, defaults and identity but not
    // foreign keys, which are added: the ship is referenced by its IMO number here (the file's Ship ID).
    psql(
      `create table bench_ships (org_id integer, id integer, primary key (org_id, id));
       insert into bench_ships values ${IMOS.map((imo) => `(1, ${imo})`).join(", ")};
       create table fuel_copy_indexed (like fuel_data including all);
       alter table fuel_copy_indexed alter column org_id set default 1,
         -- the file names no grade column: a constant keeps the copy as cheap as the upload's (one grade per instant)
         alter column fuel_grade set default 'HFO',
         add foreign key (org_id, ship_id) references bench_ships (org_id, id),
         add foreign key (voyage_id) references voyages (id);`,
    );
    const timeCopy = (table: string, columnList = "") => {
      const t = performance.now();
      psql(`\\copy ${table}${columnList} from '${file}' with (format csv, header true)`);
      return (performance.now() - t) / 1000;
    };
    const plainS = timeCopy("fuel_copy_plain");
    const indexedS = timeCopy("fuel_copy_indexed", ` (${columns})`);

    const uploadRate = ROWS / firstRun.seconds;
    const plainRate = ROWS / plainS;
    const indexedRate = ROWS / indexedS;
    console.log(
      `\nupload via API          : ${pad(fmt(uploadRate), 9)} rows/s (${firstRun.seconds.toFixed(2)} s)`,
    );
    console.log(
      `psql \\copy, plain table  : ${pad(fmt(plainRate), 9)} rows/s (${plainS.toFixed(2)} s; no index, no check)`,
    );
    console.log(
      `psql \\copy, like fuel_data: ${pad(fmt(indexedRate), 7)} rows/s (${indexedS.toFixed(2)} s; its 3 indexes, checks, 2 foreign keys)`,
    );
    console.log(`ratio to \\copy, plain    : ${(uploadRate / plainRate).toFixed(2)} (target ≥ 0.5)`);
    console.log(`ratio to \\copy, like fuel_data: ${(uploadRate / indexedRate).toFixed(2)}`);
    console.log(
      `peak RSS growth         : ${mb(firstRun.peak - firstRun.baseline)} (re-upload ${mb(secondRun.peak - secondRun.baseline)}; target < 200 MB)`,
    );
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
