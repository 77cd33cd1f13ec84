/**
 * A Mosquitto of a test's (or a benchmark's) own, on a free port of 127.0.0.1, with Mosquitto's default limits
 * unless `conf` adds lines (`max_queued_messages 1000`, `max_inflight_messages 20`: what a broker installed
 * with defaults does). Never the machine's broker: its queues and sessions are other tests'.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export type TestMosquitto = { url: string; stop: () => Promise<void> };

/** The mosquitto binary (PATH, then Debian's /usr/sbin), or undefined when it is not installed. */
export function mosquittoBinary(): string | undefined {
  for (const candidate of ["/usr/sbin/mosquitto", "/usr/local/sbin/mosquitto"]) {
    if (fs.existsSync(candidate)) return candidate;
  }
  try {
    return execFileSync("sh", ["-c", "command -v mosquitto"], { encoding: "utf8" }).trim() || undefined;
  } catch {
    return undefined;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

/** Starts Mosquitto; resolves once it accepts connections. */
export async function startMosquitto(conf: string[] = []): Promise<TestMosquitto> {
  const binary = mosquittoBinary();
  if (!binary) throw new Error("mosquitto is not installed");
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sextant-mosquitto-"));
  const file = path.join(dir, "mosquitto.conf");
  fs.writeFileSync(file, [`listener ${port} 127.0.0.1`, "allow_anonymous true", ...conf, ""].join("\n"));
  const child: ChildProcess = spawn(binary, ["-c", file], { stdio: "ignore" });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  for (let i = 0; i < 100 && !(await answers(port)); i++) {
    if (child.exitCode !== null) throw new Error(`mosquitto exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `mqtt://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
