/**
 * A scratch PostgreSQL primary and a real streaming standby of it, made with `pg_basebackup -R` (the read
 * replica tests, decision 044): both in a temporary folder, on free ports of 127.0.0.1, from the machine's
 * PostgreSQL binaries (Debian's /usr/lib/postgresql/<version>/bin, or PG_BIN). As root, the servers run as the
 * `postgres` system user (initdb refuses root). The shared test server is never touched.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);

/** The folder of initdb, pg_ctl and pg_basebackup, or undefined when the machine has none. */
export function postgresBinaries(): string | undefined {
  const wanted = ["initdb", "pg_ctl", "pg_basebackup"];
  const has = (dir: string) => wanted.every((b) => fs.existsSync(path.join(dir, b)));
  if (process.env.PG_BIN) return has(process.env.PG_BIN) ? process.env.PG_BIN : undefined;
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  return versions.map((v) => path.join(root, v, "bin")).find(has);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

const isRoot = () => process.getuid?.() === 0;

export class StandbyCluster {
  private constructor(
    private readonly bin: string,
    readonly dir: string,
    readonly primaryPort: number,
    readonly standbyPort: number,
  ) {}

  /** `postgres://…/sextant` of the primary and of the standby. */
  get primaryUrl(): string {
    return `postgres://postgres@127.0.0.1:${this.primaryPort}/sextant`;
  }
  get standbyUrl(): string {
    return `postgres://postgres@127.0.0.1:${this.standbyPort}/sextant`;
  }

  /** initdb, start the primary, create `sextant`, pg_basebackup -R a standby of it and start that. */
  static async start(bin: string): Promise<StandbyCluster> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sextant-replica-"));
    const cluster = new StandbyCluster(bin, dir, await freePort(), await freePort());
    if (isRoot()) await run("chown", ["postgres:postgres", dir]);
    const primary = path.join(dir, "primary");
    await cluster.pg("initdb", ["-D", primary, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
    fs.appendFileSync(
      path.join(primary, "postgresql.conf"),
      [
        `port = ${cluster.primaryPort}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${dir}'`,
        "fsync = off", // a scratch cluster: speed, not durability
        "wal_level = replica",
        "max_wal_senders = 4",
        "",
      ].join("\n"),
    );
    await cluster.pgCtl(primary, "start");
    const admin = new pg.Client({ connectionString: cluster.primaryUrl.replace(/sextant$/, "postgres") });
    await admin.connect();
    await admin.query("create database sextant");
    await admin.end();
    const standby = path.join(dir, "standby");
    const from = ["-h", "127.0.0.1", "-p", String(cluster.primaryPort), "-U", "postgres"];
    await cluster.pg("pg_basebackup", [
      ...from,
      "-D",
      standby,
      "-R",
      "-X",
      "stream",
      "-c",
      "fast",
      "--no-sync",
    ]);
    // the standby's own port; -R wrote primary_conninfo and standby.signal
    await cluster.pg("sh", ["-c", `echo "port = ${cluster.standbyPort}" >> ${standby}/postgresql.auto.conf`]);
    await cluster.startStandby();
    return cluster;
  }

  async startStandby(): Promise<void> {
    await this.pgCtl(path.join(this.dir, "standby"), "start");
  }

  /** The standby killed at once (`pg_ctl stop -m immediate`: no shutdown checkpoint, connections cut). */
  async killStandby(): Promise<void> {
    await this.pg("pg_ctl", ["-D", path.join(this.dir, "standby"), "stop", "-m", "immediate", "-w"]);
  }

  /**
   * Every process of the standby stopped (SIGSTOP) or continued (SIGCONT): a frozen machine, whose sockets
   * stay open and accept connections, but where nothing answers.
   */
  signalStandby(signal: "SIGSTOP" | "SIGCONT"): void {
    const pidFile = path.join(this.dir, "standby", "postmaster.pid");
    const postmaster = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
    const children = fs
      .readdirSync("/proc")
      .filter((d) => /^\d+$/.test(d))
      .filter((d) => {
        try {
          return (
            Number(fs.readFileSync(`/proc/${d}/stat`, "utf8").split(") ")[1]!.split(" ")[1]) === postmaster
          );
        } catch {
          return false; // a process that ended meanwhile
        }
      })
      .map(Number);
    for (const pid of [postmaster, ...children]) process.kill(pid, signal);
  }

  /** Runs `sql` on the standby (`select pg_wal_replay_pause()`, `…_resume()`), its rows. */
  async onStandby<T extends pg.QueryResultRow>(sql: string): Promise<T[]> {
    const client = new pg.Client({ connectionString: this.standbyUrl });
    await client.connect();
    try {
      return (await client.query<T>(sql)).rows;
    } finally {
      await client.end();
    }
  }

  async stop(): Promise<void> {
    for (const name of ["standby", "primary"]) {
      const data = path.join(this.dir, name);
      if (fs.existsSync(path.join(data, "postmaster.pid")))
        await this.pg("pg_ctl", ["-D", data, "stop", "-m", "immediate", "-w"]).catch(() => {});
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  private pgCtl(data: string, action: "start"): Promise<unknown> {
    return this.pg("pg_ctl", ["-D", data, "-l", `${data}.log`, "-w", "-t", "30", action]);
  }

  /** A PostgreSQL program (or `sh`) as the user the servers run as. */
  private pg(program: string, args: string[]) {
    const file = program === "sh" ? "/bin/sh" : path.join(this.bin, program);
    return isRoot()
      ? run("runuser", ["-u", "postgres", "--", file, ...args], { cwd: this.dir })
      : run(file, args, { cwd: this.dir });
  }
}
