/**
 * Report threads (issue 30 item 5): the vessel report, statements, the fleet workbook and the exports are
 * built in worker threads (report-worker.ts), each with a small database pool of its own and a lower CPU
 * priority, so that their CPU (pdfkit, exceljs, the hull analysis of ten years) never holds the event loop
 * that answers everyone's screens and `/api/health`, and their reads never wait for, or hold, the request
 * pool's connections. Threads start on the first job (or at listen, `warm`), each takes jobs while others
 * run (a job mostly waits on PostgreSQL), the least busy first; a thread that dies fails its jobs (500, a cut
 * download) and the next job starts another. `threads: 0` runs the jobs on the server's own thread against
 * the heavy pool (a fallback, and what the tests use unless they ask).
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../app-deps";
import { databaseTimeouts } from "../config";
import type { Db } from "../db/client";
import {
  type ExportLog,
  type ExportRequest,
  STREAM_BUFFER_BYTES,
  streamExport,
} from "../exports/export-stream";
import { type ReportFile, type ReportJob, runReportJob } from "./report-jobs";
import type { FromReportThread, ReportWorkerData, ToReportThread } from "./report-worker";
import { fromWireError } from "./thread-errors";

declare module "fastify" {
  interface FastifyInstance {
    reportThreads: ReportThreads;
  }
}

export type ReportThreadsOptions = ReportWorkerData & {
  /** Threads at most; 0: in-process on `inProcessDb`. */
  threads: number;
  inProcessDb: Db;
  /** In-process, a job's reads on the replica it names (`readFrom`), the primary's heavy pool if it fails. */
  inProcessRead?: <T>(readFrom: number | undefined, work: (db: Db) => Promise<T>, primary: Db) => Promise<T>;
  /** In-process, the read pool of replica `readFrom` (an export streams from it). */
  inProcessReplicaDb?: (readFrom: number) => Db | undefined;
};

/** What a job under way does with the thread's answers, and with the thread's death. */
type Pending = { answer: (message: FromReportThread) => void; fail: (err: Error) => void };
/** `ready`: the thread has loaded its code and reads messages (it said so). */
type Thread = { worker: Worker; pending: Map<number, Pending>; ready: boolean };

/** How long closing waits for a thread to end at its own turn before ending it from outside. */
const CLOSE_WAIT_MS = 5_000;

const ENTRY = new URL(`./report-worker${import.meta.url.endsWith(".ts") ? ".ts" : ".js"}`, import.meta.url);

/** tsx's ESM API as its package's exports name it (its CommonJS build cannot register ESM hooks in a thread). */
function tsxEsmApi(): string {
  const manifest = createRequire(import.meta.url).resolve("tsx/package.json");
  const exports = JSON.parse(fs.readFileSync(manifest, "utf8")).exports as Record<
    string,
    { import: { default: string } }
  >;
  return pathToFileURL(path.join(path.dirname(manifest), exports["./esm/api"]!.import.default)).href;
}

/**
 * The worker's code: the entry itself when it is JavaScript; from TypeScript sources (tsx, Vitest), tsx's
 * loader is registered in the thread first (Node 20 does not pass `--import tsx` on to a worker).
 */
function startWorker(data: ReportWorkerData): Worker {
  if (!ENTRY.pathname.endsWith(".ts")) return new Worker(ENTRY, { workerData: data });
  const code = `import(${JSON.stringify(tsxEsmApi())}).then((m) => { m.register(); return import(${JSON.stringify(ENTRY.href)}); });`;
  return new Worker(code, { eval: true, workerData: data });
}

export class ReportThreads {
  private readonly threads: Thread[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: ReportThreadsOptions) {}

  /**
   * Builds the job's file in the least busy thread (starting one while fewer than `threads` run), reading on the
   * replica `readFrom` when given (decision 044).
   */
  run(job: ReportJob, readFrom?: number): Promise<ReportFile> {
    if (this.options.threads === 0 || this.closed) {
      const { inProcessDb, inProcessRead } = this.options;
      if (!inProcessRead || readFrom === undefined) return runReportJob(inProcessDb, job);
      return inProcessRead(readFrom, (db) => runReportJob(db, job), inProcessDb);
    }
    return new Promise<ReportFile>((resolve, reject) => {
      this.send(
        { job, readFrom },
        {
          answer: (message) => {
            if ("file" in message) resolve(message.file);
            else if ("error" in message) reject(fromWireError(message.error));
          },
          fail: reject,
        },
      );
    });
  }

  /**
   * The export's bytes as a thread writes them: the thread pauses while the stream's reader (the client) is
   * behind, stops when the stream is destroyed (the client gone), and a failure half-way destroys the stream
   * with the error (the download is cut, never ended as if whole).
   */
  stream(request: ExportRequest, log: ExportLog, readFrom?: number): Readable {
    if (this.options.threads === 0 || this.closed)
      return streamExport(this.inProcessDbOf(readFrom), request, log);
    let flow: (flow: "pause" | "resume" | "cancel") => void = () => {};
    let paused = false;
    let finished = false;
    const out = new Readable({
      highWaterMark: STREAM_BUFFER_BYTES,
      read() {
        if (paused) flow("resume");
        paused = false;
      },
      destroy(err, done) {
        if (!finished) flow("cancel");
        finished = true;
        done(err);
      },
    });
    const id = this.send(
      { export: request, readFrom },
      {
        answer: (message) => {
          if ("chunk" in message) {
            if (
              out.push(Buffer.from(message.chunk.buffer, message.chunk.byteOffset, message.chunk.byteLength))
            )
              return;
            paused = true;
            flow("pause");
          } else if ("end" in message) {
            finished = true;
            out.push(null);
          } else if ("error" in message) {
            finished = true;
            const err = fromWireError(message.error);
            log.error({ err }, "export failed half-way; the download is cut");
            out.destroy(err);
          }
        },
        fail: (err) => {
          finished = true;
          out.destroy(err);
        },
      },
    );
    flow = (f) => this.post(id, { id, flow: f });
    return out;
  }

  /** Starts one thread ahead of the first job (a thread takes seconds to load the report code). */
  warm(): void {
    if (this.options.threads > 0 && this.threads.length === 0 && !this.closed) this.spawn();
  }

  /**
   * Ends every thread. The app closes after its requests have ended; a job still under way fails. A thread
   * that reads messages is asked to end and ends between two of its turns: `worker.terminate()` stops its
   * JavaScript wherever it is, and stopped between creating a zlib stream and initialising it (an export's
   * writer, still running after its client left), Node aborts the whole process as it frees the thread
   * ("close before init", Node 20). A thread still loading its code (it would read the message only seconds
   * later, and nothing of it writes yet) and one that does not end within CLOSE_WAIT_MS are terminated.
   */
  close(): Promise<number[]> {
    this.closed = true;
    return Promise.all(this.threads.splice(0).map((thread) => endThread(thread)));
  }

  /** Jobs and exports the threads are working on now. */
  pendingJobs(): number {
    return this.threads.reduce((n, t) => n + t.pending.size, 0);
  }

  /** Sends a job to the least busy thread; its answers go to `pending`. Its id. */
  /** In-process, the Db of replica `readFrom` (its read pool), else the heavy pool. */
  private inProcessDbOf(readFrom: number | undefined): Db {
    const replica = readFrom === undefined ? undefined : this.options.inProcessReplicaDb?.(readFrom);
    return replica ?? this.options.inProcessDb;
  }

  private send(
    work: { job: ReportJob; readFrom?: number } | { export: ExportRequest; readFrom?: number },
    pending: Pending,
  ): number {
    const thread = this.pick();
    const id = this.nextId++;
    thread.pending.set(id, pending);
    thread.worker.ref(); // a job under way keeps the process alive; an idle thread does not
    thread.worker.postMessage({ id, ...work } as ToReportThread);
    return id;
  }

  /** A message about job `id` to its thread, while the job is under way. */
  private post(id: number, message: ToReportThread): void {
    this.threads.find((t) => t.pending.has(id))?.worker.postMessage(message);
  }

  private pick(): Thread {
    const idle = this.threads.find((t) => t.pending.size === 0);
    if (idle) return idle;
    if (this.threads.length < this.options.threads) return this.spawn();
    return this.threads.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
  }

  private spawn(): Thread {
    const { url, replicaUrls, connections, timeouts } = this.options;
    const worker = startWorker({ url, replicaUrls, connections, timeouts } satisfies ReportWorkerData);
    const thread: Thread = { worker, pending: new Map(), ready: false };
    worker.on("message", (message: FromReportThread) => {
      if ("ready" in message) {
        thread.ready = true;
        return;
      }
      const pending = thread.pending.get(message.id);
      if (!("chunk" in message)) thread.pending.delete(message.id);
      if (thread.pending.size === 0) worker.unref();
      if (!("closed" in message)) pending?.answer(message);
    });
    const fail = (err: Error) => {
      const i = this.threads.indexOf(thread);
      if (i >= 0) this.threads.splice(i, 1);
      for (const pending of thread.pending.values()) pending.fail(err);
      thread.pending.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`a report thread ended (exit code ${code})`)));
    worker.unref();
    this.threads.push(thread);
    return thread;
  }
}

/** Ends a thread (see `close`); its exit code: 0 when it ended at its own turn, 1 when terminated. */
function endThread({ worker, ready }: Thread): Promise<number> {
  if (!ready) return worker.terminate();
  const ended = new Promise<number>((resolve) => worker.once("exit", resolve));
  worker.postMessage({ close: true } satisfies ToReportThread);
  const late = setTimeout(() => void worker.terminate(), CLOSE_WAIT_MS);
  return ended.finally(() => clearTimeout(late));
}

/**
 * Decorates the app with its report threads (HEAVY_WORK_THREADS, each with HEAVY_WORK_DB_CONNECTIONS
 * connections): a listening server starts one at once, so the first report does not wait for it
 * (app.inject never listens); closing the app ends them.
 */
export function registerReportThreads(app: FastifyInstance, { database, config }: AppDeps): void {
  const reads = app.reads; // registered before (http/read-routing.ts)
  const threads = new ReportThreads({
    threads: config.HEAVY_WORK_THREADS,
    url: database.url,
    replicaUrls: reads.urls,
    inProcessRead: (readFrom, work, primary) => reads.readOn(readFrom, work, primary),
    inProcessReplicaDb: (readFrom) => reads.dbOf(readFrom),
    connections: config.HEAVY_WORK_DB_CONNECTIONS,
    timeouts: databaseTimeouts(config),
    inProcessDb: database.heavyDb,
  });
  app.decorate("reportThreads", threads);
  app.addHook("onListen", () => threads.warm());
  app.addHook("onClose", async () => {
    await threads.close();
  });
}
