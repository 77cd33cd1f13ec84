/**
 * Sextant as a user runs it, for the process-level tests (main.test.ts, the faults suite): `node --import tsx
 * src/server/main.ts` with its environment, reached over real HTTP. Helpers poll instead of sleeping.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

const MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "main.ts");

export type SextantProcess = {
  child: ChildProcess;
  port: number;
  output: () => string;
  /** Resolves with the exit code (null when ended by a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  url: (pathname: string) => string;
};

/** `ownGroup`: in a process group of its own, as in a terminal (a Ctrl-C signals the whole group). */
export function startSextant(port: number, env: Record<string, string>, ownGroup = false): SextantProcess {
  const child = spawn(process.execPath, ["--import", "tsx", MAIN], {
    detached: ownGroup,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      SEXTANT_DEMO: "off",
      LOG_LEVEL: "warn",
      ...env,
    },
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  return { child, port, output: () => out, exited, url: (p) => `http://127.0.0.1:${port}${p}` };
}

/** A port nothing listens on now (another server on a fixed port must not answer for this one). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Polls `probe` every 100 ms until it returns a value other than undefined/false; throws after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 30_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < until) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Timed out waiting for ${what}${last ? `: ${String(last)}` : ""}`);
}

export async function waitReady(s: SextantProcess, timeoutMs = 60_000): Promise<void> {
  await waitFor(
    `Sextant on port ${s.port} to be ready (output: ${s.output().slice(-500)})`,
    () => {
      if (s.child.exitCode !== null) throw new Error(`Sextant exited: ${s.output()}`);
      return fetch(s.url("/api/ready")).then(
        (r) => r.ok,
        () => false,
      );
    },
    timeoutMs,
  );
}

/** One HTTP call with the session cookie: status, body (JSON when it is JSON) and the time it took (ms). */
export async function call(
  s: SextantProcess,
  pathname: string,
  init: { method?: string; cookie?: string; json?: unknown; form?: FormData; timeoutMs?: number } = {},
): Promise<{ status: number; body: unknown; ms: number; setCookie: string | null }> {
  const t0 = Date.now();
  const headers: Record<string, string> = {};
  if (init.cookie) headers.cookie = init.cookie;
  if (init.json !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(s.url(pathname), {
    method: init.method ?? (init.json !== undefined || init.form ? "POST" : "GET"),
    headers,
    body: init.form ?? (init.json !== undefined ? JSON.stringify(init.json) : undefined),
    signal: AbortSignal.timeout(init.timeoutMs ?? 60_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, body, ms: Date.now() - t0, setCookie: res.headers.get("set-cookie") };
}

/** Registers an owner in a new organisation; returns the session cookie. */
export async function registerOwner(s: SextantProcess): Promise<string> {
  const res = await call(s, "/api/auth/register", {
    json: {
      email: `faults-${Date.now()}@example.com`,
      password: "correct horse battery",
      firstName: "Fault",
      organizationName: "Faults Shipping",
    },
  });
  if (res.status !== 201 || !res.setCookie)
    throw new Error(`register: ${res.status} ${JSON.stringify(res.body)}`);
  return res.setCookie.split(";")[0]!;
}

/** POST /api/upload-data with a CSV file of `dataType` in the default columns. */
export function uploadCsv(s: SextantProcess, cookie: string, dataType: string, file: string) {
  const form = new FormData();
  form.append("mappingConfig", JSON.stringify({ dataType }));
  form.append("dataFile", new Blob([fs.readFileSync(file)]), path.basename(file));
  return call(s, "/api/upload-data", { cookie, form, timeoutMs: 120_000 });
}

/** The pids of a PostgreSQL server: its postmaster and the postmaster's children (backends, workers). */
export function postgresPids(postmaster: number): number[] {
  const children = fs
    .readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const stat = fs.readFileSync(`/proc/${d}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

/**
 * Sends `signal` to each process, children before the postmaster: a backend may end between the listing and
 * the signal (it notices its postmaster's death at once), which is no failure of the test.
 */
export function signalAll(pids: number[], signal: NodeJS.Signals): void {
  for (const pid of [...pids].reverse()) {
    try {
      process.kill(pid, signal);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ESRCH") throw err;
    }
  }
}

/**
 * The lines of Sextant's output that show an error not handled as an outage: Node's reports of an uncaught
 * exception or unhandled rejection, the error handler's "unhandled error" (a 500), a connection reset outside
 * a handled entry. A "database unavailable" entry (answered 503) may carry the reset as its cause: a kill -9
 * that strikes while the upload's COPY writes gives `write ECONNRESET`, one that strikes between writes
 * gives a closed connection. A background job whose query the kill cut ("job failed", a warning) is handled
 * too: the job queue records the failure and pg-boss runs it again (jobs/job-queue.ts).
 */
export function unexpectedErrors(output: string): string[] {
  return output
    .split("\n")
    .filter((line) => !line.includes('"msg":"database unavailable"'))
    .filter((line) => !(line.includes('"msg":"job failed"') && line.includes('"level":40')))
    .filter((line) => /unhandled|uncaught|ECONNRESET/i.test(line));
}
