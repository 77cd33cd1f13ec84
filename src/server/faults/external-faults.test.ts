import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spanFrom } from "../../simulator/fleet";
import { writeFleetFiles } from "../../simulator/write-files";
import { createTestDatabase } from "../test/test-database";
import {
  call,
  freePort,
  registerOwner,
  type SextantProcess,
  startSextant,
  uploadCsv,
  waitFor,
  waitReady,
} from "./sextant-process";
import { TcpProxy } from "./tcp-proxy";
import {
  FAULT_TIMEOUTS,
  FLEET_SPAN,
  type FleetFiles,
  failedFuelUpload,
  simulatedFleetFiles,
  uploadShipsAndVoyages,
} from "./test-fixtures";

// Sextant started as a user does with DATABASE_URL, on a database of the machine's PostgreSQL reached through
// a proxy that the test cuts or freezes (the shared server itself is never stopped).

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let proxy: TcpProxy;
let fleet: FleetFiles;
let env: Record<string, string>;
let sextant: SextantProcess;
let cookie: string;

const countRows = async (table: string) =>
  (await database.pool.query<{ n: number }>(`select count(*)::int n from ${table}`)).rows[0]!.n;

beforeAll(async () => {
  database = await createTestDatabase();
  const target = new URL(database.url);
  proxy = await TcpProxy.start({ host: target.hostname, port: Number(target.port || 5432) });
  const proxied = new URL(database.url);
  proxied.hostname = "127.0.0.1";
  proxied.port = String(proxy.port);
  env = { DATABASE_URL: proxied.toString(), ...FAULT_TIMEOUTS };
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
  proxy?.restore();
  if (sextant && sextant.child.exitCode === null) sextant.child.kill("SIGKILL");
  await proxy?.close();
  await database?.drop();
  if (fleet) fs.rmSync(fleet.dir, { recursive: true, force: true });
});

describe("faults with DATABASE_URL (the database behind a proxy the test controls)", () => {
  it("a connection cut half-way through a large upload: the process stays up, answers 503, recovers by itself; nothing partial, the upload logged as failed", async () => {
    proxy.cutAfter(1_000_000); // ~1 MB of the ~5 MB COPY
    const upload = await uploadCsv(sextant, cookie, "fuel", fleet.file("fuel"));
    expect(proxy.isCut).toBe(true);
    expect(upload.status).toBe(503);
    expect(upload.body).toEqual({
      error: { code: "unavailable", message: "The database is not reachable; try again shortly" },
    });
    const ships = await call(sextant, "/api/ships", { cookie });
    expect(ships.status).toBe(503);
    expect((await call(sextant, "/api/health", { cookie })).status).toBe(200);
    expect((await call(sextant, "/api/ready", { cookie })).status).toBe(503);

    proxy.restore();
    await waitFor(
      "the ships to answer again",
      async () => (await call(sextant, "/api/ships", { cookie })).status === 200,
    );
    expect(await countRows("fuel_data")).toBe(0);
    const logged = await waitFor("the failed upload in the log", failedFuelUpload(sextant, cookie));
    expect(logged.message).toMatch(/not reachable during the upload; nothing was saved/);
    expect(sextant.child.exitCode).toBe(null);
  }, 90_000);

  it("a frozen database: 503 within the timeouts, health at once, recovery when it thaws", async () => {
    proxy.freeze();
    try {
      const ships = await call(sextant, "/api/ships", { cookie });
      expect(ships.status).toBe(503);
      // Statement timeout 2 s + the client's 1 s margin, or the 2 s connect timeout; never a hang.
      expect(ships.ms).toBeLessThan(8_000);
      const health = await call(sextant, "/api/health", { cookie });
      if (process.env.FAULTS_REPORT)
        console.log(`FAULTS external frozen: 503 after ${ships.ms} ms, health ${health.ms} ms`);
      expect(health.status).toBe(200);
      expect(health.ms).toBeLessThan(1_000);
      const ready = await call(sextant, "/api/ready", { cookie });
      expect(ready.status).toBe(503);
      expect(ready.ms).toBeLessThan(5_000);
    } finally {
      proxy.restore();
    }
    await waitFor(
      "the ships to answer again",
      async () => (await call(sextant, "/api/ships", { cookie })).status === 200,
    );
  }, 60_000);

  it("SIGTERM during a large upload exits 0, and a restart finds every committed row", async () => {
    const before = proxy.bytesUp;
    const upload = uploadCsv(sextant, cookie, "fuel", fleet.file("fuel")).catch(() => undefined);
    await waitFor("the COPY to be under way", () => proxy.bytesUp - before > 1_000_000);
    sextant.child.kill("SIGTERM");
    expect(await sextant.exited).toEqual({ code: 0, signal: null });
    const answered = await upload;

    sextant = startSextant(await freePort(), env);
    await waitReady(sextant);
    expect(await countRows("ships")).toBe(2);
    // All or nothing: the upload either finished within the shutdown bound (and said so) or left no row.
    const fuel = await countRows("fuel_data");
    expect(fuel).toBe(answered?.status === 200 ? fleet.fuelRows : 0);
  }, 90_000);
});
