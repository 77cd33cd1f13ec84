/**
 * Whether an error means "the database is away" (503, try again) rather than a bug (500). Drizzle wraps the
 * driver's error (`DrizzleQueryError`, the pg error in `cause`), so the whole cause chain is read.
 */
import type { EventEmitter } from "node:events";

/** Socket errors, and PostgreSQL SQLSTATEs of class 08 (connection) and 57 (operator intervention). */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "08000", // connection_exception
  "08001", // sqlclient_unable_to_establish_sqlconnection
  "08003", // connection_does_not_exist
  "08004", // sqlserver_rejected_establishment_of_sqlconnection
  "08006", // connection_failure
  "53300", // too_many_connections
  "57014", // query_canceled: statement_timeout
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up, recovering)
]);

/** node-postgres and pg-pool errors that carry no code. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // the server went away mid-query, or the connect timeout
  /^Query read timeout$/, // query_timeout: a frozen server
  /^timeout exceeded when trying to connect$/, // pool connectionTimeoutMillis
  /is not queryable$/, // a client whose connection already failed
  /^Cannot use a pool after calling end on the pool$/, // shutting down
];

/** Whether an error or one of its causes (at most five deep) satisfies `test`. */
function anyCause(err: unknown, test: (code: unknown, message: unknown) => boolean): boolean {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (test(code, message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export function isDatabaseUnavailable(err: unknown): boolean {
  return anyCause(
    err,
    (code, message) =>
      (typeof code === "string" && UNAVAILABLE_CODES.has(code)) ||
      (typeof message === "string" && UNAVAILABLE_MESSAGES.some((m) => m.test(message))),
  );
}

/**
 * Which disk is full, or null: the database's (SQLSTATE 53100 disk_full, raised for its tables, WAL or
 * temporary files) or the server's own files' (ENOSPC, or EDQUOT for a quota, from the filesystem: an
 * upload or a backup spooled to a temporary file). Either is 507 Insufficient Storage, said as such
 * (issue 30 finding 9): before, a bare 500, and "not reachable" where a caller took it for the database's.
 */
export function fullDisk(err: unknown): "database" | "files" | null {
  let found: "database" | "files" | null = null;
  anyCause(err, (code) => {
    if (code === "53100") found = "database";
    else if (code === "ENOSPC" || code === "EDQUOT") found = "files";
    return found !== null;
  });
  return found;
}

/** What a full disk means for the caller: nothing was stored. */
export function fullDiskMessage(disk: "database" | "files"): string {
  return disk === "database"
    ? "The database's disk is full; nothing was saved. Free space on the database server, then try again."
    : "The server's disk is full (no room for the temporary file); nothing was saved. Free space, then try again.";
}

/**
 * PostgreSQL is up but short of memory (53200 out_of_memory) or of connections (53300 too_many_connections):
 * a 503 (try again) saying which, rather than "not reachable". Both stay `isDatabaseUnavailable` for the
 * callers that wait for the database to come back (ingest, the upload log).
 */
export function databaseShortage(err: unknown): { code: string; message: string } | null {
  let found: { code: string; message: string } | null = null;
  anyCause(err, (code) => {
    if (code === "53200")
      found = { code: "database_out_of_memory", message: "The database is out of memory; try again shortly" };
    else if (code === "53300")
      found = {
        code: "database_busy",
        message: "The database has too many connections open; try again shortly",
      };
    return found !== null;
  });
  return found;
}

/**
 * PostgreSQL's answers to two transactions that each wait for the other (40P01 deadlock_detected) or whose
 * serialisable snapshots clash (40001 serialization_failure). The transaction was rolled back, nothing of it
 * is stored, and the same request sent again succeeds: 409, never 500. (Two uploads writing the same records
 * in opposite orders can meet this way; single records and the rollups take their locks in one order.)
 */
const WRITE_CONFLICT_CODES = new Set(["40P01", "40001"]);

export function isWriteConflict(err: unknown): boolean {
  return anyCause(err, (code) => typeof code === "string" && WRITE_CONFLICT_CODES.has(code));
}

/** Thrown where a connection was lost: whatever error surfaced first (a stream's, a reader's), it is the database's. */
export class DatabaseUnavailableError extends Error {
  readonly code = "08006"; // connection_failure
}

/**
 * Watches a checked-out client for the loss of its connection (server killed, network cut). `lost()` is
 * the error when it was lost; `stop()` removes the listeners before the client is released.
 */
export function watchConnection(client: EventEmitter): { lost: () => unknown; stop: () => void } {
  let lost: unknown;
  const onError = (err: unknown) => {
    lost ??= err;
  };
  const onEnd = () => {
    lost ??= new Error("Connection terminated");
  };
  client.on("error", onError);
  client.on("end", onEnd);
  return {
    lost: () => lost,
    stop: () => {
      client.removeListener("error", onError);
      client.removeListener("end", onEnd);
    },
  };
}
