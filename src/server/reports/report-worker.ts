/**
 * A report thread's entry (report-threads.ts starts it): a database pool of its own (`connections`
 * connections, the request timeouts), then one job per message, answered with the file (its bytes
 * transferred, not copied) or the error as it would have been thrown on the server's thread.
 */
import { parentPort, workerData } from "node:worker_threads";
import { connectDatabase, type DatabaseTimeouts } from "../db/client";
import { type ReportJob, runReportJob } from "./report-jobs";
import { toWireError } from "./thread-errors";

export type ReportWorkerData = { url: string; connections: number; timeouts: DatabaseTimeouts };
export type ReportRequest = { id: number; job: ReportJob };
export type ReportResponse =
  | { id: number; file: { body: Uint8Array; fileName: string } }
  | { id: number; error: ReturnType<typeof toWireError> };

const { url, connections, timeouts } = workerData as ReportWorkerData;
const database = connectDatabase(url, connections, timeouts);
const port = parentPort!;

port.on("message", (message: ReportRequest | "close") => {
  if (message === "close") {
    void database.close(1_000).finally(() => port.close());
    return;
  }
  runReportJob(database.db, message.job).then(
    (file) => {
      const body = new Uint8Array(file.body.buffer, file.body.byteOffset, file.body.byteLength);
      const whole = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength;
      // a Buffer from Node's pool shares its ArrayBuffer with others: copied; a whole one is transferred
      const sent = whole ? body : body.slice();
      port.postMessage(
        { id: message.id, file: { body: sent, fileName: file.fileName } } satisfies ReportResponse,
        [sent.buffer as ArrayBuffer],
      );
    },
    (err: unknown) => port.postMessage({ id: message.id, error: toWireError(err) } satisfies ReportResponse),
  );
});
