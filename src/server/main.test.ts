import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, startSextant, waitReady } from "./faults/sextant-process";

// Sextant as `npm start` runs it, on an embedded PostgreSQL of its own: it answers, refuses a second owner of
// its DATA_DIR with a clear message, and stops the embedded server cleanly on a Ctrl-C (the faults suite in
// faults/ covers the same under an upload, a killed or frozen database and kill -9).
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sextant-main-test-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("the Sextant process on an embedded PostgreSQL", () => {
  it("serves, refuses a second process on the same DATA_DIR, and shuts down cleanly on a Ctrl-C", async () => {
    const port = await freePort();
    let otherPort = await freePort();
    while (otherPort === port) otherPort = await freePort();
    const first = startSextant(port, { DATA_DIR: dataDir }, true);
    await waitReady(first);
    expect((await fetch(first.url("/api/health"))).status).toBe(200);

    const second = startSextant(otherPort, { DATA_DIR: dataDir });
    expect((await second.exited).code).toBe(1);
    expect(second.output()).toMatch(/DATA_DIR .* is already in use by another Sextant \(pid \d+\)/);

    // Ctrl-C in a terminal: SIGINT to the whole process group. PostgreSQL runs in a group of its own, so it
    // is stopped by Sextant, last, and not restarted by its supervisor.
    process.kill(-first.child.pid!, "SIGINT");
    expect(await first.exited).toEqual({ code: 0, signal: null });
    expect(first.output()).not.toMatch(/restarting/);
    expect(fs.existsSync(path.join(dataDir, "pg", "postmaster.pid"))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, "sextant.pid"))).toBe(false);
  }, 90_000);
});
