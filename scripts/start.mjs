// `npm start`: builds the web app when its sources are newer than the build, then runs the server
// (migrations are applied by the server at start). Signals are passed on so SIGTERM shuts down cleanly.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const builtIndex = path.join(root, "dist/web/index.html");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const t = entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs;
    if (t > newest) newest = t;
  }
  return newest;
}

const sources = ["src/web", "src/contracts", "src/domain"].map((d) => path.join(root, d));
const extra = ["vite.config.ts", "package-lock.json"].map((f) => fs.statSync(path.join(root, f)).mtimeMs);
const sourcesTime = Math.max(...sources.map(newestMtime), ...extra);
const builtTime = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
if (builtTime < sourcesTime) {
  console.log("Building the web app…");
  const build = spawnSync(
    process.execPath,
    [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"],
    {
      cwd: root,
      stdio: "inherit",
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
  // The build's identity for the admin panel's technical specs (src/server/instance/technical-specs.ts).
  const git = spawnSync("git", ["rev-parse", "--short=12", "HEAD"], { cwd: root, encoding: "utf8" });
  const commit = git.status === 0 ? git.stdout.trim() : "dev";
  fs.writeFileSync(
    path.join(root, "dist/build.json"),
    `${JSON.stringify({ commit, builtAt: new Date().toISOString() })}\n`,
  );
}

const server = spawn(process.execPath, ["--import", "tsx", path.join(root, "src/server/main.ts")], {
  cwd: root,
  stdio: "inherit",
});
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
