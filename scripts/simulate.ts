/**
 * npm run simulate -- --ships N --years Y --cadence 15m --seed S --out DIR [--start 2024-01-01] [--faults]
 *                     [--load [--org ID]] [--demo-scenarios] [--noon]
 *
 * Writes one upload-format CSV per data type and ground-truth.json to DIR; with --load, also writes the
 * same records into the configured database (DATABASE_URL, else the embedded server in DATA_DIR). It lives
 * in scripts/ because it joins the two zones: the simulator never imports the server, and the loader is
 * the server's.
 */
import { loadIntoConfiguredDatabase } from "../src/server/simulation/load-configured-database";
import { parseCli } from "../src/simulator/cli-options";
import { writeFleetFiles } from "../src/simulator/write-files";

async function main() {
  const { options, out, load, org, noon } = parseCli(process.argv.slice(2));
  if (out) {
    const summary = await writeFleetFiles(options, out, { noon });
    console.log(
      `Wrote ${summary.totalRows.toLocaleString("en")} rows to ${summary.dir} in ${summary.seconds.toFixed(2)} s`,
    );
    for (const [type, n] of Object.entries(summary.rows))
      console.log(`  ${type.padEnd(14)} ${n.toLocaleString("en")}`);
    console.log(`  ground truth   ${out}/ground-truth.json`);
    if (noon) console.log(`  noon reports   ${out}/noon-reports.csv`);
  }
  if (load) {
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
