/**
 * npm run simulate -- --ships N --years Y --cadence 15m --seed S --out DIR [--start 2024-01-01] [--faults]
 *                     [--load [--org ID]] [--demo-scenarios]
 *
 * Writes one upload-format CSV per data type and ground-truth.json to DIR; with --load, also writes the
 * same records into the configured database (DATABASE_URL, else the embedded server in DATA_DIR).
 */
import { parseArgs } from "node:util";
import { CADENCES, type Cadence, type FleetOptions, isCadence, spanFrom } from "./fleet";
import type { Scenario } from "./ship-simulation";
import { writeFleetFiles } from "./write-files";

const USAGE = `Usage: npm run simulate -- --ships N --years Y --cadence 24h|1h|15m|1m --seed S --out DIR
         [--start 2024-01-01] [--faults] [--load [--org ID]] [--demo-scenarios]`;

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

function parseCli(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      ships: { type: "string", default: "3" },
      years: { type: "string", default: "1" },
      cadence: { type: "string", default: "1h" },
      seed: { type: "string", default: "1" },
      out: { type: "string" },
      start: { type: "string", default: "2024-01-01" },
      faults: { type: "boolean", default: false },
      load: { type: "boolean", default: false },
      org: { type: "string" },
      "demo-scenarios": { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const ships = Number(values.ships);
  const years = Number(values.years);
  if (!Number.isInteger(ships) || ships < 1) fail("--ships must be a positive integer");
  if (!(years > 0)) fail("--years must be a positive number");
  if (!isCadence(values.cadence)) fail(`--cadence must be one of ${Object.keys(CADENCES).join(", ")}`);
  const startMs = Date.parse(
    /^\d{4}-\d{2}-\d{2}$/.test(values.start) ? `${values.start}T00:00:00Z` : values.start,
  );
  if (Number.isNaN(startMs)) fail("--start must be an ISO 8601 date");
  if (!values.out && !values.load) fail("give --out DIR and/or --load");
  const org = values.org === undefined ? undefined : Number(values.org);
  if (org !== undefined && !(Number.isInteger(org) && org > 0)) fail("--org must be an organisation id");
  const seed = /^\d+$/.test(values.seed) ? Number(values.seed) : values.seed;
  const cadence = values.cadence as Cadence;
  const scenarios: Scenario[] = values["demo-scenarios"]
    ? [{ overdueHullCleaning: true }, {}, { driftingEngine: true }]
    : [];
  const options: FleetOptions = {
    ships,
    seed,
    cadence,
    ...spanFrom(startMs, years, cadence),
    faults: values.faults,
    scenarios,
  };
  return { options, out: values.out, load: values.load, org };
}

async function main() {
  const { options, out, load, org } = parseCli(process.argv.slice(2));
  if (out) {
    const summary = await writeFleetFiles(options, out);
    console.log(
      `Wrote ${summary.totalRows.toLocaleString("en")} rows to ${summary.dir} in ${summary.seconds.toFixed(2)} s`,
    );
    for (const [type, n] of Object.entries(summary.rows))
      console.log(`  ${type.padEnd(14)} ${n.toLocaleString("en")}`);
    console.log(`  ground truth   ${out}/ground-truth.json`);
  }
  if (load) {
    const { loadIntoConfiguredDatabase } = await import("./load-cli");
    const r = await loadIntoConfiguredDatabase(options, org);
    console.log(
      `Loaded ${r.inserted.toLocaleString("en")} new rows (${r.staged.toLocaleString("en")} generated) into organisation ${r.orgId} in ${r.seconds.toFixed(2)} s (${Math.round(r.staged / r.seconds).toLocaleString("en")} rows/s)`,
    );
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
