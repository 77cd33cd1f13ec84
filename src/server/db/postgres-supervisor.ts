/**
 * Runs the embedded PostgreSQL server process and keeps it running: if it dies (killed, out of memory), it
 * is started again on the same DATA_DIR and port, so the pool reconnects by itself. `stop` is the product's
 * shutdown step: fast shutdown (SIGINT: active transactions roll back, a checkpoint is written).
 */
import { type ChildProcess, spawn } from "node:child_process";

export type PostgresProcessOptions = {
  postgresBin: string;
  databaseDir: string;
  port: number;
  /** The system user to run as when Sextant runs as root (PostgreSQL refuses to run as root). */
  ids: { uid?: number; gid?: number };
  /** PostgreSQL's own log lines. */
  log: (line: string) => void;
  /** Supervision events: the server died, was restarted. */
  warn: (message: string) => void;
};

export type SupervisedPostgres = { pid: () => number | undefined; stop: () => Promise<void> };

/** Waits between restart attempts after the server died (ms); the last one repeats until it is back. */
const RESTART_DELAYS_MS = [100, 250, 500, 1_000, 2_000, 5_000];
/** Fast shutdown normally takes well under a second; after this, immediate shutdown (SIGQUIT). */
const STOP_BOUND_MS = 30_000;

const READY = "database system is ready to accept connections";

/** Starts one server process; resolves once it accepts connections, rejects if it exits before. */
function startOnce(o: PostgresProcessOptions): Promise<ChildProcess> {
  const child = spawn(
    o.postgresBin,
    [
      "-D",
      o.databaseDir,
      "-p",
      String(o.port),
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "unix_socket_directories=",
      "-c",
      "lc_messages=C", // the ready line below is read in English
    ],
    // Its own process group: a Ctrl-C in the terminal reaches Sextant alone, which stops PostgreSQL last.
    { ...o.ids, stdio: ["ignore", "ignore", "pipe"], detached: true },
  );
  return new Promise((resolve, reject) => {
    let ready = false;
    let tail = "";
    child.stderr!.setEncoding("utf8");
    child.stderr!.on("data", (chunk: string) => {
      for (const line of chunk.split("\n")) if (line.trim()) o.log(line.trim());
      if (!ready) {
        tail = (tail + chunk).slice(-2000);
        if (tail.includes(READY)) {
          ready = true;
          resolve(child);
        }
      }
    });
    child.once("error", (err) => !ready && reject(err));
    child.once("exit", (code, signal) => {
      if (!ready) reject(new Error(`PostgreSQL exited during start (${signal ?? `code ${code}`}): ${tail}`));
    });
  });
}

export async function superviseEmbeddedPostgres(o: PostgresProcessOptions): Promise<SupervisedPostgres> {
  let child: ChildProcess | undefined = await startOnce(o);
  let stopping = false;
  let retry: NodeJS.Timeout | undefined;

  // A crash of Sextant itself (process.exit, an uncaught error) must not leave the server running.
  const onExit = () => child?.kill("SIGINT");
  process.on("exit", onExit);

  const restart = (attempt: number) => {
    const delay = RESTART_DELAYS_MS[Math.min(attempt, RESTART_DELAYS_MS.length - 1)]!;
    retry = setTimeout(() => {
      retry = undefined;
      if (stopping) return;
      startOnce(o).then(
        (started) => {
          if (stopping) {
            started.kill("SIGINT");
            return;
          }
          o.warn(`The embedded PostgreSQL is running again (pid ${started.pid})`);
          watch(started);
        },
        (err) => {
          o.warn(`Restarting the embedded PostgreSQL failed, retrying: ${String(err).slice(0, 300)}`);
          restart(attempt + 1);
        },
      );
    }, delay);
  };

  const watch = (running: ChildProcess) => {
    child = running;
    running.once("exit", (code, signal) => {
      if (child === running) child = undefined;
      if (stopping) return;
      o.warn(`The embedded PostgreSQL exited (${signal ?? `code ${code}`}); restarting it`);
      restart(0);
    });
  };
  watch(child);

  return {
    pid: () => child?.pid,
    stop: async () => {
      stopping = true;
      clearTimeout(retry);
      process.removeListener("exit", onExit);
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once("exit", resolve));
      running.kill("SIGINT");
      const timer = setTimeout(() => running.kill("SIGQUIT"), STOP_BOUND_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
