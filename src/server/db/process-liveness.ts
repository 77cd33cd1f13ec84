/**
 * Whether a process is alive, read from the kernel: `kill(pid, 0)`, and on Linux /proc for its state (a
 * zombie is dead) and its start time (a pid reused by another process is not the one recorded).
 */
import fs from "node:fs";

/** /proc/<pid>/stat: the state (field 3) and the start time in clock ticks after boot (field 22). */
function procStat(pid: number): { state: string; startTicks: string } | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) is in parentheses and may hold spaces: split after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state: fields[0]!, startTicks: fields[19]! };
  } catch {
    return undefined;
  }
}

/** The process' start time as recorded in an owner file; null where /proc is not available. */
export function processStartTime(pid: number): string | null {
  return procStat(pid)?.startTicks ?? null;
}

/** True when `pid` runs (not a zombie) and, if `startTime` is given and readable, started at that time. */
export function isProcessAlive(pid: number, startTime?: string | null): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: alive, another user's.
    if ((err as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const stat = procStat(pid);
  if (!stat) return true;
  if (stat.state === "Z" || stat.state === "X") return false;
  return !startTime || stat.startTicks === startTime;
}

/** Polls until `pid` is gone; false when it is still alive after `timeoutMs`. */
export async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (isProcessAlive(pid)) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}
