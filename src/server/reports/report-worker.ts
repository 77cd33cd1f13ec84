/**
 * A report thread's entry (report-threads.ts starts it): a heavy pool of its own (`connections` connections,
 * the request's statement timeout, a long wait for a free one), then jobs by message. A file job is answered with the file or the
 * error as it would have been thrown on the server's thread; an export is
 * answered with its bytes as they are written, paused and resumed by the server as its client reads, and
 * stopped when the client goes away.
 */
import os from "node:os";
import type { PassThrough } from "node:stream";
import { parentPort, workerData } from "node:worker_threads";
import { connectDatabase, type Database, type DatabaseTimeouts, type Db } from "../db/client";
import { onReplicaOrPrimary, REPLICA_APPLICATION_NAME } from "../db/read-replicas";
import { type ExportRequest, streamExport } from "../exports/export-stream";
import { type ReportJob, runReportJob } from "./report-jobs";
import { toWireError, type WireError } from "./thread-errors";

/** `replicaUrls`: the read replicas (decision 044), in the order of the index a job's `readFrom` names. */
export type ReportWorkerData = {
  url: string;
  replicaUrls?: string[];
  connections: number;
  timeouts: DatabaseTimeouts;
};
/**
 * From the server's thread: a job, an export, or an export's flow (its client's pace, or its client gone). A job
 * or export with `readFrom` reads on that replica (the server's thread chose it fit: app.reads.target).
 */
export type ToReportThread =
  | { id: number; job: ReportJob; readFrom?: number }
  | { id: number; export: ExportRequest; readFrom?: number }
  | { id: number; flow: "pause" | "resume" | "cancel" }
  | { close: true };
/**
 * To the server's thread: loaded; a file, an export's bytes or end, or an error; an export closed before its
 * end (its client gone), so that the job is no longer counted.
 */
export type FromReportThread =
  | { ready: true }
  | { id: number; closed: true }
  | { id: number; file: { body: Uint8Array; fileName: string } }
  | { id: number; chunk: Uint8Array }
  | { id: number; end: true }
  | { id: number; error: WireError };

/**
 * The thread's CPU priority (Linux nice, this thread alone): below the thread that answers HTTP, so that when
 * both want a core, screens and health checks go first and reports take what is left.
 */
const REPORT_NICE = 10;
try {
  os.setPriority(REPORT_NICE);
} catch {
  // not permitted here (some containers): the thread runs at the server's priority
}

const { url, replicaUrls = [], connections, timeouts } = workerData as ReportWorkerData;
// the thread reads on a heavy pool of its own: `connections` connections, waited for as long as heavy work may
const database = connectDatabase(url, connections, timeouts, connections);
/** The replicas' heavy pools, opened on their first job. */
const replicas = new Map<number, Database>();
function replicaDb(readFrom: number | undefined): Db | undefined {
  const replicaUrl = readFrom === undefined ? undefined : replicaUrls[readFrom];
  if (readFrom === undefined || !replicaUrl) return undefined;
  let replica = replicas.get(readFrom);
  if (!replica) {
    replica = connectDatabase(replicaUrl, connections, timeouts, connections, REPLICA_APPLICATION_NAME);
    replicas.set(readFrom, replica);
  }
  return replica.heavyDb;
}
const port = parentPort!;
const exports = new Map<number, PassThrough>();
/**
 * Posts to the server's thread. Bytes are copied, never transferred: a chunk of a stream may be a view of a
 * buffer its writer still fills (zlib's output buffer: transferring it aborted the process).
 */
const post = (message: FromReportThread) => port.postMessage(message);

function runFile(id: number, job: ReportJob, readFrom: number | undefined): void {
  // a replica that fails the job (away, a conflict of replay) leaves it to the primary: never an error for that
  onReplicaOrPrimary(replicaDb(readFrom), database.heavyDb, (db) => runReportJob(db, job)).then(
    (file) => post({ id, file }),
    (err: unknown) => post({ id, error: toWireError(err) }),
  );
}

function runExport(id: number, request: ExportRequest, readFrom: number | undefined): void {
  const failed = { error: (fields: { err: unknown }) => post({ id, error: toWireError(fields.err) }) };
  // a stream cannot start again once bytes are out: a replica failing half-way cuts it, as the primary would
  const out = streamExport(replicaDb(readFrom) ?? database.heavyDb, request, { info: () => {}, ...failed });
  exports.set(id, out);
  let ended = false;
  out.on("data", (chunk: Buffer) => post({ id, chunk }));
  out.on("end", () => {
    ended = true;
    post({ id, end: true });
  });
  out.on("close", () => {
    exports.delete(id);
    if (!ended && !out.errored) post({ id, closed: true });
  });
  out.on("error", () => {}); // said by `failed` (a failure) or asked by the server (cancel)
}

port.on("message", (message: ToReportThread) => {
  // asked to end: between two turns, never inside one (see ReportThreads.close); its connections go with it
  if ("close" in message) process.exit(0);
  else if ("job" in message) runFile(message.id, message.job, message.readFrom);
  else if ("export" in message) runExport(message.id, message.export, message.readFrom);
  else {
    const out = exports.get(message.id);
    if (message.flow === "pause") out?.pause();
    else if (message.flow === "resume") out?.resume();
    else out?.destroy();
  }
});

post({ ready: true });
