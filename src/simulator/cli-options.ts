/**
 * The options of `npm run simulate` (scripts/simulate.ts), read and checked here so that the simulator's
 * own parameters (ships, span, cadence, seed, scenarios) are described where they are defined:
 *
 * npm run simulate -- --ships N --years Y --cadence 15m --seed S --out DIR [--start 2024-01-01] [--faults]
 *                     [--load [--org ID]] [--demo-scenarios]
 */
import { parseArgs } from "node:util";
import { CADENCES, type Cadence, type FleetOptions, isCadence, spanFrom } from "./fleet";
import type { Scenario } from "./ship-simulation";

const USAGE = `Usage: npm run simulate -- --ships N --years Y --cadence 24h|1h|15m|1m --seed S --out DIR
         [--start 2024-01-01] [--faults] [--load [--org ID]] [--demo-scenarios] [--noon]
  --noon  also write noon-reports.csv, the fleet as one noon-report sheet (needs --out; the cadence is then 24h
          unless given, and only 24h: a noon report is one row a day)`;

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

/** The fleet to simulate and where it goes; prints the usage and exits on a bad option. */
export function parseCli(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      ships: { type: "string", default: "3" },
      years: { type: "string", default: "1" },
      // no default here: --noon's sheet is daily, every other output hourly unless told (below)
      cadence: { type: "string" },
      seed: { type: "string", default: "1" },
      out: { type: "string" },
      start: { type: "string", default: "2024-01-01" },
      faults: { type: "boolean", default: false },
      load: { type: "boolean", default: false },
      org: { type: "string" },
      "demo-scenarios": { type: "boolean", default: false },
      noon: { type: "boolean", default: false },
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
  values.cadence ??= values.noon ? "24h" : "1h";
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
  if (values.noon && (cadence !== "24h" || !values.out)) fail("--noon needs --cadence 24h and --out DIR");
  return { options, out: values.out, load: values.load, org, noon: values.noon };
}
