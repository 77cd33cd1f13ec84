/**
 * `npm run simulate -- --load`: opens the configured database (DATABASE_URL, else the embedded server in
 * DATA_DIR), applies the migrations, finds or creates the organisation and loads the fleet.
 */
import { loadConfig } from "../config";
import { connectDatabase } from "../db/client";
import { startEmbeddedPostgres } from "../db/embedded-postgres";
import { applyMigrations } from "../db/migrate";
import { type LoadSummary, loadFleet } from "./load-fleet";
import { type FleetOptions, FleetSimulation } from "./simulator-entry";

export const SIMULATED_ORG_NAME = "Simulated fleet";

export async function loadIntoConfiguredDatabase(
  options: FleetOptions,
  orgId?: number,
): Promise<LoadSummary> {
  const config = loadConfig();
  const embedded = config.DATABASE_URL ? undefined : await startEmbeddedPostgres(config.dataDir);
  const database = connectDatabase(config.DATABASE_URL ?? embedded!.url, 10);
  try {
    await applyMigrations(database);
    let org = orgId;
    if (org === undefined) {
      const found = await database.pool.query<{ id: number }>(
        "select id from organizations where name = $1 order by id limit 1",
        [SIMULATED_ORG_NAME],
      );
      org =
        found.rows[0]?.id ??
        (
          await database.pool.query<{ id: number }>(
            "insert into organizations (name) values ($1) returning id",
            [SIMULATED_ORG_NAME],
          )
        ).rows[0]!.id;
    } else {
      const found = await database.pool.query("select 1 from organizations where id = $1", [org]);
      if (found.rowCount === 0) throw new Error(`organisation ${org} does not exist`);
    }
    return await loadFleet(database.longPool, org, new FleetSimulation(options));
  } finally {
    await database.close();
    await embedded?.stop();
  }
}
