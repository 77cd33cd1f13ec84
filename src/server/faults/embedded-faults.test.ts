import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spanFrom } from "../../simulator/fleet";
import { writeFleetFiles } from "../../simulator/write-files";
import { postmasterPid } from "../db/data-dir-owner";
import { isProcessAlive } from "../db/process-liveness";
import { copyUnderWay, countRows, embeddedDatabaseDir } from "./embedded-database";
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
} from "./sextant-process";
import {
  FAULT_TIMEOUTS,
  FLEET_SPAN,
  type FleetFiles,
  failedFuelUpload,
  simulatedFleetFiles,
  uploadShipsAndVoyages,
} from "./test-fixtures";

// Sextant started as a user does, on its embedded PostgreSQL (a fresh DATA_DIR): the test kills and freezes
// that server's processes (never the machine's PostgreSQL), sends SIGTERM during an upload and kill -9s
// Sextant itself.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sextant-faults-embedded-"));
const databaseDir = embeddedDatabaseDir(dataDir);
const env = { DATA_DIR: dataDir, ...FAULT_TIMEOUTS };
let fleet: FleetFiles;
let sextant: SextantProcess;
let cookie: string;
let frozen: number[] = [];

beforeAll(async () => {
  const { ships, seed, cadence, years, from } = FLEET_SPAN;
  fleet = await simulatedFleetFiles((dir) =>
    writeFleetFiles({ ships, seed, cadence, ...spanFrom(from, years, cadence) }, dir),
  );
  sextant = startSextant(await freePort(), env);
  await waitReady(sextant);
  cookie = await registerOwner(sextant);
  await uploadShipsAndVoyages(sextant, cookie, fleet);
}, 120_000);

afterAll(async () => {
  signalAll(frozen, "SIGCONT");
  if (sextant && sextant.child.exitCode === null) {
    sextant.child.kill("SIGTERM");
    await sextant.exited;
  }
  const orphan = postmasterPid(databaseDir);
  if (orphan && isProcessAlive(orphan)) process.kill(orphan, "SIGINT");
  if (fleet) fs.rmSync(fleet.dir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe("faults on the embedded PostgreSQL", () => {
  it("kill -9 of the database half-way through a large upload: the process stays up, answers 503, the server is restarted and reconnected; nothing partial, the upload logged as failed", async () => {
    const upload = uploadCsv(sextant, cookie, "fuel", fleet.file("fuel"));
    await copyUnderWay(dataDir);
    const killed = postmasterPid(databaseDir)!;
    signalAll(postgresPids(killed), "SIGKILL");
    const answer = await upload;
    expect(answer.status).toBe(503);
    expect((answer.body as { error: { code: string } }).error.code).toBe("unavailable");

    // Supervised: a new server on the same DATA_DIR, and the pool finds it by itself.
    await waitFor(
      "the ships to answer again",
      async () => (await call(sextant, "/api/ships", { cookie })).status === 200,
    );
    expect(postmasterPid(databaseDir)).not.toBe(killed);
    expect(await countRows(dataDir, "fuel_data")).toBe(0);
    const logged = await waitFor("the failed upload in the log", failedFuelUpload(sextant, cookie));
    expect(logged.message).toMatch(/nothing was saved/);
    expect(sextant.child.exitCode).toBe(null);
    expect(
      unexpectedErrors(sextant.output()),
      unexpectedErrors(sextant.output()).join("\n").slice(0, 4000),
    ).toEqual([]);
  }, 90_000);

  it("a frozen database (SIGSTOP): 503 within the timeouts, health at once, recovery after SIGCONT", async () => {
    // Warm connections first, so that the freeze hits queries on open connections as well as new ones.
    expect((await call(sextant, "/api/ships", { cookie })).status).toBe(200);
    frozen = postgresPids(postmasterPid(databaseDir)!);
    signalAll(frozen, "SIGSTOP");
    try {
      const ships = await call(sextant, "/api/ships", { cookie });
      expect(ships.status).toBe(503);
      expect(ships.ms).toBeLessThan(8_000);
      const health = await call(sextant, "/api/health", { cookie });
      if (process.env.FAULTS_REPORT)
        console.log(`FAULTS embedded frozen: 503 after ${ships.ms} ms, health ${health.ms} ms`);
      expect(health.status).toBe(200);
      expect(health.ms).toBeLessThan(1_000);
      expect((await call(sextant, "/api/ready", { cookie })).status).toBe(503);
    } finally {
      signalAll(frozen, "SIGCONT");
      frozen = [];
    }
    await waitFor(
      "the ships to answer again",
      async () => (await call(sextant, "/api/ships", { cookie })).status === 200,
    );
  }, 60_000);

  it("SIGTERM during a large upload exits 0 and stops the database; a restart finds every committed row", async () => {
    const upload = uploadCsv(sextant, cookie, "fuel", fleet.file("fuel")).catch(() => undefined);
    await copyUnderWay(dataDir);
    sextant.child.kill("SIGTERM");
    expect(await sextant.exited).toEqual({ code: 0, signal: null });
    const answered = await upload;
    expect(fs.existsSync(path.join(databaseDir, "postmaster.pid"))).toBe(false);

    sextant = startSextant(await freePort(), env);
    await waitReady(sextant);
    expect(await countRows(dataDir, "ships")).toBe(2);
    expect(await countRows(dataDir, "fuel_data")).toBe(answered?.status === 200 ? fleet.fuelRows : 0);
  }, 90_000);

  it("kill -9 of Sextant: the next start stops the orphaned database and serves, with no human step", async () => {
    const orphan = postmasterPid(databaseDir)!;
    sextant.child.kill("SIGKILL");
    await sextant.exited;
    expect(isProcessAlive(orphan)).toBe(true);

    sextant = startSextant(await freePort(), env);
    await waitReady(sextant);
    expect(isProcessAlive(orphan)).toBe(false);
    expect(sextant.output()).toMatch(new RegExp(`Stopping the embedded PostgreSQL \\(pid ${orphan}\\)`));
    expect(await countRows(dataDir, "ships")).toBe(2);
    expect((await call(sextant, "/api/ships", { cookie })).status).toBe(200);
  }, 90_000);
});
