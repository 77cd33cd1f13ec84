/**
 * Database killed half-way through a 1 M-row upload: `npx tsx bench/upload-fault.bench.ts [--rows 1000000]`
 *
 * Issue 12's 'Done when' at full size (the faults suite does the same with ~42,000 rows to stay within CI's
 * time), with the faults suite's own helpers. Sextant is started as a user does (`src/server/main.ts`) on a
 * fresh embedded DATA_DIR in the temp directory, with its default timeouts and UPLOAD_MAX_BYTES raised to 1 GiB
 * (the file is about the size of the 100 MiB default: 99 MiB at 1 M rows). An owner registers and uploads the ships and voyages of a
 * simulated fleet (the faults suite's fleet: 2 ships, full model, 15-minute records, its span stretched to give
 * `--rows` fuel rows and ending now), every table's rows are counted, and the fuel file is uploaded. When the upload's COPY
 * has staged half of the file's rows (pg_stat_progress_copy, polled every 100 ms), every process of the
 * embedded PostgreSQL is killed (kill -9) — only the server of this DATA_DIR, never the machine's.
 *
 * Checks and prints: the Sextant process stays up; every answer from the kill until /api/ready is 200 again
 * (/api/ready, /api/ships, /api/health polled, plus the upload's own answer), by status — no 500; the time
 * until /api/ready answers 200 (the supervisor restarts the server); every table's row count unchanged but
 * the upload log's (+1: the failed entry); the upload log lists fuel.csv as failed with its message; SIGTERM
 * then ends Sextant with exit code 0. Exits 1 if any check fails, 2 past its deadline (Ctrl-C likewise);
 * it removes its DATA_DIR and files either way.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { postmasterPid } from "../src/server/db/data-dir-owner";
import { isProcessAlive } from "../src/server/db/process-liveness";
import { copyUnderWay, embeddedClient, embeddedDatabaseDir } from "../src/server/faults/embedded-database";
import {
  call,
  freePort,
  postgresPids,
  registerOwner,
  type SextantProcess,
  signalAll,
  startSextant,
  unexpectedErrors,
  uploadCsv,
  waitFor,
  waitReady,
} from "../src/server/faults/sextant-process";
import {
  FLEET_SPAN,
  type FleetFiles,
  failedFuelUpload,
  simulatedFleetFiles,
  uploadShipsAndVoyages,
} from "../src/server/faults/test-fixtures";
import { spanEnding } from "../src/simulator/fleet";
import { writeFleetFiles } from "../src/simulator/write-files";

const { values } = parseArgs({
  options: {
    rows: { type: "string", default: "1000000" },
    "deadline-s": { type: "string", default: "1200" },
  },
});
const ROWS = Number(values.rows);
const DEADLINE_MS = Number(values["deadline-s"]) * 1000;
/** The upload log's table, and the audit trail's: the two tables the failed upload adds a row to. */
const UPLOAD_LOG_TABLE = "uploads";
const AUDIT_TABLE = "audit_log";
const fmt = (n: number) => Math.round(n).toLocaleString("en");
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The faults suite's fleet (FLEET_SPAN: 2 ships, 15-minute records, ~42,000 fuel rows in 0.3 years) with its
 * span stretched to at least `rows` fuel rows: generated at FLEET_SPAN's length first, then again with the
 * span scaled by the rows it gave (+2 %) until it is long enough (voyages, port stays and the weather make the
 * rows per year vary, so they are measured, not assumed).
 */
async function stretchedFleet(rows: number): Promise<FleetFiles> {
  const { ships, seed, cadence } = FLEET_SPAN;
  let years: number = FLEET_SPAN.years;
  // Ending now: an upload refuses records from the future, and a span from FLEET_SPAN.from would reach past now.
  const now = Date.now();
  for (;;) {
    const fleet = await simulatedFleetFiles((dir) =>
      writeFleetFiles({ ships, seed, cadence, ...spanEnding(now, years, cadence) }, dir),
    );
    if (fleet.fuelRows >= rows) return fleet;
    fs.rmSync(fleet.dir, { recursive: true, force: true });
    years *= (rows / fleet.fuelRows) * 1.02;
  }
}

/** Rows of every table in the public schema. */
async function tableCounts(dataDir: string): Promise<Map<string, number>> {
  const client = await embeddedClient(dataDir);
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
    );
    const counts = new Map<string, number>();
    for (const { name } of tables) {
      const { rows } = await client.query<{ n: number }>(`select count(*)::int n from "${name}"`);
      counts.set(name, rows[0]!.n);
    }
    return counts;
  } finally {
    await client.end();
  }
}

/** The tables whose count changed, as `table before→after`. */
function changedTables(before: Map<string, number>, after: Map<string, number>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names]
    .filter((t) => before.get(t) !== after.get(t))
    .map((t) => `${t} ${before.get(t) ?? "-"}→${after.get(t) ?? "-"}`);
}

/** Answers by route and status while the database is away (status 0: no answer, a network error). */
class OutageTally {
  private readonly counts = new Map<string, number>();
  add(route: string, status: number) {
    const key = `${route} ${status}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }
  total(status: number): number {
    let n = 0;
    for (const [key, count] of this.counts) if (key.endsWith(` ${status}`)) n += count;
    return n;
  }
  describe(): string {
    return [...this.counts].map(([key, n]) => `${key}: ${n}`).join(", ");
  }
}

/**
 * Polls `routes` (each in a loop of its own, 100 ms apart) from the kill until /api/ready answers 200;
 * returns the ms from `killedAt` to that first 200.
 */
async function pollOutage(
  s: SextantProcess,
  cookie: string,
  killedAt: number,
  tally: OutageTally,
  timeoutMs: number,
): Promise<number> {
  let readyAfter: number | undefined;
  const loop = async (route: string) => {
    while (readyAfter === undefined && Date.now() - killedAt < timeoutMs) {
      const status = await call(s, route, { cookie, timeoutMs: 30_000 }).then(
        (r) => r.status,
        () => 0,
      );
      tally.add(route, status);
      if (route === "/api/ready" && status === 200) readyAfter ??= Date.now() - killedAt;
      await sleep(100);
    }
  };
  await Promise.all(["/api/ready", "/api/ships", "/api/health"].map(loop));
  if (readyAfter === undefined)
    throw new Error(`/api/ready not 200 within ${timeoutMs / 1000} s of the kill`);
  return readyAfter;
}

type Check = { figure: string; value: string; ok: boolean | undefined };

async function main(): Promise<boolean> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sextant-bench-fault-"));
  const databaseDir = embeddedDatabaseDir(dataDir);
  let fleet: FleetFiles | undefined;
  let sextant: SextantProcess | undefined;
  let cleaned: Promise<void> | undefined;
  // Only what this run started: its Sextant, then the embedded PostgreSQL of its own DATA_DIR if left running.
  const cleanup = () => {
    cleaned ??= (async () => {
      if (sextant && sextant.child.exitCode === null && sextant.child.signalCode === null) {
        sextant.child.kill("SIGTERM");
        await Promise.race([sextant.exited, sleep(20_000)]);
      }
      const orphan = postmasterPid(databaseDir);
      if (orphan && isProcessAlive(orphan)) process.kill(orphan, "SIGINT");
      if (fleet) fs.rmSync(fleet.dir, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    })();
    return cleaned;
  };
  const abort = (why: string) => {
    console.error(`\n${why}: stopping and cleaning up`);
    void cleanup().finally(() => process.exit(2));
  };
  const deadline = setTimeout(() => abort(`deadline of ${DEADLINE_MS / 1000} s passed`), DEADLINE_MS);
  deadline.unref();
  process.once("SIGINT", () => abort("interrupted"));

  const checks: Check[] = [];
  const check = (figure: string, value: string, ok?: boolean) => checks.push({ figure, value, ok });
  try {
    const tGen = performance.now();
    fleet = await stretchedFleet(ROWS);
    const fuelFile = fleet.file("fuel");
    const fuelMb = fs.statSync(fuelFile).size / 1_048_576;
    check(
      "fuel CSV (simulator, full model)",
      `${fmt(fleet.fuelRows)} rows, ${fuelMb.toFixed(0)} MB, written in ${seconds(performance.now() - tGen)}`,
      fleet.fuelRows >= ROWS,
    );

    sextant = startSextant(await freePort(), { DATA_DIR: dataDir, UPLOAD_MAX_BYTES: String(1 << 30) });
    const tStart = performance.now();
    await waitReady(sextant, 120_000);
    check("first start (embedded PostgreSQL initdb)", seconds(performance.now() - tStart));
    const cookie = await registerOwner(sextant);
    await uploadShipsAndVoyages(sextant, cookie, fleet);
    const before = await tableCounts(dataDir);

    const tUpload = Date.now();
    const upload = uploadCsv(sextant, cookie, "fuel", fuelFile).then(
      (r) => ({ ...r, at: Date.now() }),
      (err: unknown) => ({ status: 0, body: String(err), at: Date.now() }),
    );
    const half = Math.floor(fleet.fuelRows / 2);
    // The upload answering before its COPY is half-way (an error, a refusal) ends the run with that answer.
    const staged = await Promise.race([
      copyUnderWay(dataDir, half, 600_000),
      upload.then((r) => {
        throw new Error(
          `the upload answered before its COPY was half-way: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`,
        );
      }),
    ]);
    const killed = postmasterPid(databaseDir)!;
    const pids = postgresPids(killed);
    signalAll(pids, "SIGKILL");
    const killedAt = Date.now();
    check(
      "kill -9 of the embedded PostgreSQL",
      `${pids.length} processes, ${seconds(killedAt - tUpload)} into the upload, COPY at ${fmt(staged)} of ${fmt(fleet.fuelRows)} rows`,
    );

    const tally = new OutageTally();
    const readyAfter = await pollOutage(sextant, cookie, killedAt, tally, 180_000);
    const answer = await upload;
    const code = (answer.body as { error?: { code?: string } })?.error?.code;
    check(
      "the upload's answer",
      `${answer.status} ${code ?? JSON.stringify(answer.body).slice(0, 80)}, ${seconds(answer.at - killedAt)} after the kill`,
      answer.status === 503 && code === "unavailable",
    );
    tally.add("upload", answer.status);
    check("answers during the outage", tally.describe());
    check("  500 answers", String(tally.total(500)), tally.total(500) === 0);
    check("  503 answers", String(tally.total(503)), tally.total(503) > 0);
    check("/api/ready 200 again (supervisor restart)", `${seconds(readyAfter)} after the kill`);
    const restarted = postmasterPid(databaseDir);
    check(
      "a new postmaster",
      `pid ${killed} → ${restarted}`,
      restarted !== undefined && restarted !== killed,
    );

    // The failed upload is logged once the database is back (in the background): counted after that.
    const logged = await waitFor(
      "the failed upload in the log",
      failedFuelUpload(sextant, cookie),
      60_000,
    ).catch(() => undefined);
    check(
      "upload log",
      logged ? `fuel.csv ${logged.status}: "${logged.message}"` : "no failed fuel.csv entry",
      !!logged,
    );
    const after = await tableCounts(dataDir);
    const changed = changedTables(before, after);
    const plusOne = (table: string) => `${table} ${before.get(table)!}→${before.get(table)! + 1}`;
    check(
      "row counts before → after",
      `fuel_data ${fmt(before.get("fuel_data")!)} → ${fmt(after.get("fuel_data")!)}; ${before.size} tables, changed: ${changed.join(", ") || "none"}`,
      changed.length === 2 &&
        [plusOne(AUDIT_TABLE), plusOne(UPLOAD_LOG_TABLE)].every((c) => changed.includes(c)),
    );
    const alive = sextant.child.exitCode === null && sextant.child.signalCode === null;
    check("Sextant process alive after the outage", alive ? `yes (pid ${sextant.child.pid})` : "no", alive);
    const noise = unexpectedErrors(sextant.output());
    check(
      "no unexpected error in Sextant's output",
      noise.join("\n").slice(0, 3000) || "none",
      noise.length === 0,
    );
    const tStop = Date.now();
    sextant.child.kill("SIGTERM");
    const exit = await Promise.race([sextant.exited, sleep(60_000).then(() => undefined)]);
    check(
      "SIGTERM: exit",
      exit
        ? `code ${exit.code}, signal ${exit.signal}, in ${seconds(Date.now() - tStop)}`
        : "no exit in 60 s",
      exit?.code === 0 && exit.signal === null,
    );
    check(
      "embedded PostgreSQL stopped",
      fs.existsSync(path.join(databaseDir, "postmaster.pid")) ? "postmaster.pid left" : "yes",
      !fs.existsSync(path.join(databaseDir, "postmaster.pid")),
    );
  } catch (err) {
    check("run", String(err instanceof Error ? err.stack : err), false);
    if (sextant) console.error(sextant.output().slice(-2000));
  } finally {
    clearTimeout(deadline);
    await cleanup();
  }

  const width = Math.max(...checks.map((c) => c.figure.length));
  for (const c of checks) {
    const mark = c.ok === undefined ? "    " : c.ok ? "ok  " : "FAIL";
    console.log(`${mark} ${c.figure.padEnd(width)}  ${c.value}`);
  }
  return checks.every((c) => c.ok !== false);
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
