/**
 * Who owns a DATA_DIR: the Sextant process named in DATA_DIR/sextant.pid (its pid and start time). A live
 * owner refuses a second Sextant; a dead one (kill -9, power loss) leaves its embedded PostgreSQL running
 * without it, and the next start stops that orphan and goes on, with no human step.
 */
import fs from "node:fs";
import path from "node:path";
import { isProcessAlive, processStartTime, waitForExit } from "./process-liveness";

export class DataDirInUseError extends Error {}

export const OWNER_FILE = "sextant.pid";

type Owner = { pid: number; startTime: string | null };

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}

/** The postmaster's pid from PostgreSQL's own lock file (first line), when the file is there. */
export function postmasterPid(databaseDir: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(path.join(databaseDir, "postmaster.pid"), "utf8").split("\n")[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function inUse(dataDir: string, pid: number): DataDirInUseError {
  return new DataDirInUseError(
    `DATA_DIR ${dataDir} is already in use by another Sextant (pid ${pid}). ` +
      "Stop that one first, or give this one another DATA_DIR.",
  );
}

/**
 * Claims DATA_DIR for this process; returns `release` (removes the owner file). Throws DataDirInUseError when
 * a live Sextant owns it, or when a PostgreSQL runs in it that no Sextant started (no owner file).
 */
export async function claimDataDir(
  dataDir: string,
  databaseDir: string,
  warn: (message: string) => void,
): Promise<{ release: () => void }> {
  const ownerFile = path.join(dataDir, OWNER_FILE);
  const owner = readJson<Owner>(ownerFile);
  if (owner && owner.pid !== process.pid && isProcessAlive(owner.pid, owner.startTime)) {
    throw inUse(dataDir, owner.pid);
  }
  const postmaster = postmasterPid(databaseDir);
  if (postmaster !== undefined && isProcessAlive(postmaster)) {
    if (!owner) {
      throw new DataDirInUseError(
        `DATA_DIR ${dataDir} is already in use: a PostgreSQL that Sextant did not start runs in it ` +
          `(pid ${postmaster}). Stop it first, or give Sextant another DATA_DIR.`,
      );
    }
    warn(`Stopping the embedded PostgreSQL (pid ${postmaster}) left running by Sextant pid ${owner.pid}`);
    await stopOrphan(postmaster);
  }
  // Exclusive create: of two Sextants starting at once on a free DATA_DIR, one wins and the other is refused.
  if (owner) fs.rmSync(ownerFile, { force: true });
  const me: Owner = { pid: process.pid, startTime: processStartTime(process.pid) };
  try {
    fs.writeFileSync(ownerFile, JSON.stringify(me), { flag: "wx" });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    throw inUse(dataDir, readJson<Owner>(ownerFile)?.pid ?? 0);
  }
  return {
    release: () => {
      if (readJson<Owner>(ownerFile)?.pid === process.pid) fs.rmSync(ownerFile, { force: true });
    },
  };
}

/** PostgreSQL's fast shutdown (SIGINT: roll back, checkpoint, exit), then immediate (SIGQUIT), then SIGKILL. */
export async function stopOrphan(pid: number): Promise<void> {
  for (const [signal, waitMs] of [
    ["SIGINT", 30_000],
    ["SIGQUIT", 10_000],
    ["SIGKILL", 10_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return; // already gone
    }
    if (await waitForExit(pid, waitMs)) return;
  }
  throw new Error(`The orphaned embedded PostgreSQL (pid ${pid}) did not stop`);
}
