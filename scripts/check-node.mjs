// Sextant runs on a maintained Node LTS (package.json `engines`). npm puts node_modules/.bin first on the PATH
// of its scripts, and `npm ci` installs Node 24 there (the npm registry's `node` package), so `npm start` and
// `npm test` run on it whatever Node the machine has; run outside npm, an older Node stops here with the cause.
import fs from "node:fs";

const wanted = JSON.parse(fs.readFileSync(new URL("../package.json", import.meta.url), "utf8")).engines.node;
const major = Number(process.versions.node.split(".")[0]);
const needed = Number(/(\d+)/.exec(wanted)?.[1]);
if (major < needed) {
  console.error(
    `Sextant needs Node ${wanted}; this is Node ${process.versions.node} (${process.execPath}). ` +
      "Run it through npm (`npm start`, `npm test`) after `npm ci`, which installs Node 24 into node_modules.",
  );
  process.exit(1);
}
