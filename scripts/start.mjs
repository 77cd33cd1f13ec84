// `npm start`: runs the compiled server (dist/server/main.js; migrations are applied by the server at start).
// In a working tree (the build tools installed) it first builds when the sources are newer than the build; a
// production tree (`npm ci --omit=dev`) runs what `npm run build` left. Signals are passed on so SIGTERM shuts
// down cleanly.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import "./check-node.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const serverMain = path.join(root, "dist/server/main.js");
const buildStamp = path.join(root, "dist/build.json");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const t = entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs;
    if (t > newest) newest = t;
  }
  return newest;
}

const canBuild =
  fs.existsSync(path.join(root, "node_modules/vite")) &&
  fs.existsSync(path.join(root, "node_modules/esbuild"));
const built = fs.existsSync(serverMain) && fs.existsSync(buildStamp);
if (canBuild) {
  const sourcesTime = Math.max(
    newestMtime(path.join(root, "src")),
    ...["vite.config.ts", "package-lock.json", "scripts/build.mjs"].map(
      (f) => fs.statSync(path.join(root, f)).mtimeMs,
    ),
  );
  if (!built || fs.statSync(buildStamp).mtimeMs < sourcesTime) {
    console.log("Building Sextant (web app and server)…");
    const build = spawnSync(process.execPath, [path.join(root, "scripts/build.mjs")], {
      cwd: root,
      stdio: "inherit",
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
} else if (!built) {
  console.error(
    "No build in dist/: run `npm run build` where the dev dependencies are installed, then start again.",
  );
  process.exit(1);
}

const server = spawn(process.execPath, ["--enable-source-maps", serverMain], { cwd: root, stdio: "inherit" });
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
