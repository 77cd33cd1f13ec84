/**
 * `npm run bench`: runs every benchmark in this folder, one after the other, each in its own process so that
 * its memory figures are its own. Targets live here, not in unit tests (bench/README.md).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const dir = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const benches = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

/**
 * Benchmarks run a second time with other arguments: the throughput without the answer cache (issue 34 item 1:
 * a fresh answer, the dashboard and every section, each as a ratio to a bare Fastify hello in the same run).
 */
const AGAIN: Record<string, string[][]> = {
  "throughput.bench.ts": [["--no-cache", "--all-sections", "--seconds", "8"]],
};

let failed = 0;
for (const file of benches) {
  for (const args of [[], ...(AGAIN[file] ?? [])]) {
    console.log(`\n=== ${[file, ...args].join(" ")}`);
    const run = spawnSync(process.execPath, ["--import", "tsx", path.join(dir, file), ...args], {
      stdio: "inherit",
    });
    if (run.status !== 0) failed += 1;
  }
}
process.exit(failed > 0 ? 1 : 0);
