import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { claimDataDir, DataDirInUseError, OWNER_FILE } from "./data-dir-owner";
import { isProcessAlive, processStartTime } from "./process-liveness";

// Stand-ins for processes: `sleep` children play the owning Sextant and the postmaster (PostgreSQL's
// lock file holds only a pid), so the rules are tested without starting PostgreSQL.
const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill("SIGKILL");
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function sleeper(): ChildProcess {
  const child = spawn("sleep", ["60"], { stdio: "ignore" });
  children.push(child);
  return child;
}

async function deadPid(): Promise<number> {
  const child = spawn("true", { stdio: "ignore" });
  await new Promise((resolve) => child.on("exit", resolve));
  return child.pid!;
}

function dataDir(owner?: number, postmaster?: number): { dataDir: string; databaseDir: string } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sextant-owner-test-"));
  dirs.push(dataDir);
  const databaseDir = path.join(dataDir, "pg");
  fs.mkdirSync(databaseDir);
  if (owner !== undefined) {
    const record = { pid: owner, startTime: processStartTime(owner) };
    fs.writeFileSync(path.join(dataDir, OWNER_FILE), JSON.stringify(record));
  }
  if (postmaster !== undefined) {
    fs.writeFileSync(path.join(databaseDir, "postmaster.pid"), `${postmaster}\n${databaseDir}\n`);
  }
  return { dataDir, databaseDir };
}

const warnings: string[] = [];
const warn = (m: string) => warnings.push(m);

describe("claiming DATA_DIR", () => {
  it("claims a fresh DATA_DIR and gives it back", async () => {
    const d = dataDir();
    const claim = await claimDataDir(d.dataDir, d.databaseDir, warn);
    const owner = JSON.parse(fs.readFileSync(path.join(d.dataDir, OWNER_FILE), "utf8"));
    expect(owner.pid).toBe(process.pid);
    claim.release();
    expect(fs.existsSync(path.join(d.dataDir, OWNER_FILE))).toBe(false);
  });

  it("refuses while the owning Sextant is alive, naming it", async () => {
    const owner = sleeper();
    const d = dataDir(owner.pid, sleeper().pid);
    await expect(claimDataDir(d.dataDir, d.databaseDir, warn)).rejects.toThrow(
      new DataDirInUseError(
        `DATA_DIR ${d.dataDir} is already in use by another Sextant (pid ${owner.pid}). ` +
          "Stop that one first, or give this one another DATA_DIR.",
      ),
    );
  });

  it("stops the PostgreSQL orphaned by a dead owner (kill -9) and goes on", async () => {
    const orphan = sleeper();
    const d = dataDir(await deadPid(), orphan.pid);
    const claim = await claimDataDir(d.dataDir, d.databaseDir, warn);
    expect(isProcessAlive(orphan.pid!)).toBe(false);
    expect(warnings.at(-1)).toMatch(`Stopping the embedded PostgreSQL (pid ${orphan.pid})`);
    claim.release();
  });

  it("takes over a stale owner file when nothing runs", async () => {
    const d = dataDir(await deadPid(), await deadPid());
    const claim = await claimDataDir(d.dataDir, d.databaseDir, warn);
    claim.release();
  });

  it("refuses a PostgreSQL running in DATA_DIR that no Sextant started (no owner file)", async () => {
    const stranger = sleeper();
    const d = dataDir(undefined, stranger.pid);
    await expect(claimDataDir(d.dataDir, d.databaseDir, warn)).rejects.toThrow(/that Sextant did not start/);
    expect(isProcessAlive(stranger.pid!)).toBe(true);
  });

  it("does not take a reused pid for the owner (its start time differs)", async () => {
    const d = dataDir(process.pid);
    const file = path.join(d.dataDir, OWNER_FILE);
    fs.writeFileSync(file, JSON.stringify({ pid: sleeper().pid, startTime: "1" }));
    const claim = await claimDataDir(d.dataDir, d.databaseDir, warn);
    claim.release();
  });
});
