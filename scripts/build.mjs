// `npm run build`: the web app (Vite) into dist/web, the server compiled to JavaScript into dist/server
// (esbuild: one bundle per entry, the packages left to node_modules, so `npm ci --omit=dev` runs it) and the
// build's identity into dist/build.json (the admin panel's technical specs, src/server/instance/technical-specs.ts).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const web = spawnSync(
  process.execPath,
  [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"],
  {
    cwd: root,
    stdio: "inherit",
  },
);
if (web.status !== 0) process.exit(web.status ?? 1);

fs.rmSync(path.join(root, "dist/server"), { recursive: true, force: true });
await build({
  absWorkingDir: root,
  // the report worker runs in threads of its own (src/server/reports/report-threads.ts loads it beside main.js)
  entryPoints: { main: "src/server/main.ts", "report-worker": "src/server/reports/report-worker.ts" },
  outdir: "dist/server",
  bundle: true,
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node24",
  sourcemap: true,
  logLevel: "warning",
});

const git = spawnSync("git", ["rev-parse", "--short=12", "HEAD"], { cwd: root, encoding: "utf8" });
const commit = git.status === 0 ? git.stdout.trim() : "dev";
fs.writeFileSync(
  path.join(root, "dist/build.json"),
  `${JSON.stringify({ commit, builtAt: new Date().toISOString() })}\n`,
);
