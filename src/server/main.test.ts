import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

// Sextant as `npm start` runs it, on an embedded PostgreSQL of its own: it answers, refuses a second owner of
// its DATA_DIR with a clear message, and stops the embedded server cleanly on SIGTERM.
const main = path.join(path.dirname(fileURLToPath(import.meta.url)), "main.ts");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sextant-main-test-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function start(port: number): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ["--import", "tsx", main], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      SEXTANT_DEMO: "off",
      LOG_LEVEL: "warn",
    },
  });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/** A port nothing listens on now (another server on a fixed port must not answer for this one). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitReady(port: number, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("Sextant did not become ready");
}

describe("the Sextant process on an embedded PostgreSQL", () => {
  it("serves, refuses a second process on the same DATA_DIR, and shuts down cleanly on SIGTERM", async () => {
    const port = await freePort();
    let otherPort = await freePort();
    while (otherPort === port) otherPort = await freePort();
    const first = start(port);
    await waitReady(port);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

    const second = start(otherPort);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/DATA_DIR .* is already in use by another Sextant/);

    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, "pg", "postmaster.pid"))).toBe(false);
  }, 90_000);
});
