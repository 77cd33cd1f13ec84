/**
 * One ingestion transaction: every record of an HTTP request (or of an MQTT flush for one organisation)
 * commits together with its rollups (or, deferred, the note that they are owed: decision record 019) and its
 * data-written notification, or nothing does. A lost connection is
 * the database's failure (503 over HTTP; kept and retried by the MQTT ingester), whatever error surfaced first.
 */
import type pg from "pg";
import { DatabaseUnavailableError, watchConnection } from "../db/unavailable";
import type { UploadRun } from "../uploads/upload-pipeline";
import { startIngestion } from "./ingest-batch";

export async function inIngestTransaction<T>(
  pool: pg.Pool,
  orgId: number,
  work: (run: UploadRun) => Promise<T>,
  rollups: "refreshed" | "deferred" = "refreshed",
): Promise<T> {
  const client = await pool.connect();
  const connection = watchConnection(client);
  let healthy = false;
  try {
    await client.query("begin");
    const run = await startIngestion(client, orgId);
    const result = await work(run);
    if (rollups === "deferred") await run.deferRollups();
    else await run.refreshRollups();
    await client.query("commit");
    healthy = true;
    return result;
  } catch (thrown) {
    const rolledBack = await client.query("rollback").then(
      () => true,
      () => false,
    );
    const lost = connection.lost();
    healthy = rolledBack && !lost;
    throw lost ? new DatabaseUnavailableError("The database connection was lost", { cause: lost }) : thrown;
  } finally {
    connection.stop();
    client.release(healthy ? undefined : true);
  }
}
