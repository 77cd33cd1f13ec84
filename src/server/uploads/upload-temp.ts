/**
 * The private temporary folders uploads are spooled to: `sextant-upload-<pid>-XXXXXX` under the system's
 * temporary directory. The process id in the name lets a starting server remove the folders of a server
 * that crashed (or was killed) mid-upload without touching those of another server still running on the
 * same machine.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const PREFIX = "sextant-upload-";

/** A new private folder for one upload, named for this process. */
export function makeUploadDir(): Promise<string> {
  return fs.promises.mkdtemp(path.join(os.tmpdir(), `${PREFIX}${process.pid}-`));
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** A folder without a process id (named by an older version) is left this long: its server may still run. */
const UNNAMED_MAX_AGE_MS = 24 * 3_600_000;

/**
 * Removes the upload folders left by processes that no longer run (a crash, a kill -9 mid-upload), and
 * returns their paths. Called once at start. A folder without a process id (an older version's) is removed
 * only when untouched for a day, since another server on the machine may be receiving into it.
 */
export async function removeStaleUploadDirs(root = os.tmpdir(), now = Date.now()): Promise<string[]> {
  const removed: string[] = [];
  const names = await fs.promises.readdir(root).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(PREFIX)) continue;
    const dir = path.join(root, name);
    const pid = Number(/^(\d+)-/.exec(name.slice(PREFIX.length))?.[1]);
    if (pid === process.pid || (pid > 0 && isRunning(pid))) continue;
    if (!(pid > 0)) {
      const stat = await fs.promises.stat(dir).catch(() => undefined);
      if (!stat || now - stat.mtimeMs < UNNAMED_MAX_AGE_MS) continue;
    }
    await fs.promises.rm(dir, { recursive: true, force: true }).catch(() => {});
    removed.push(dir);
  }
  return removed;
}
