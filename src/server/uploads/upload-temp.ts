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

/**
 * Removes the upload folders left by processes that no longer run (a crash, a kill -9 mid-upload), and
 * returns their paths. Called once at start; folders without a process id (older versions) are removed too.
 */
export async function removeStaleUploadDirs(root = os.tmpdir()): Promise<string[]> {
  const removed: string[] = [];
  const names = await fs.promises.readdir(root).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(PREFIX)) continue;
    const pid = Number(/^(\d+)-/.exec(name.slice(PREFIX.length))?.[1]);
    if (pid === process.pid || (pid > 0 && isRunning(pid))) continue;
    const dir = path.join(root, name);
    await fs.promises.rm(dir, { recursive: true, force: true }).catch(() => {});
    removed.push(dir);
  }
  return removed;
}
