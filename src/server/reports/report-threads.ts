/**
 * Report threads (issue 30 item 5): the vessel report, statements and the fleet workbook are built in worker
 * threads (report-worker.ts), each with a small database pool of its own, so that their CPU (pdfkit, exceljs,
 * the hull analysis of ten years) never holds the event loop that answers everyone's screens and
 * `/api/health`, and their reads never wait for, or hold, the request pool's connections. Threads start on
 * the first job, each takes jobs while others run (a job mostly waits on PostgreSQL), the least busy first;
 * a thread that dies fails its jobs (500) and is replaced by the next job. `threads: 0` runs the jobs on the
 * server's own thread against the heavy pool (a fallback, and what a test can ask for).
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { Db } from "../db/client";
import { type ReportFile, type ReportJob, runReportJob } from "./report-jobs";
import type { ReportRequest, ReportResponse, ReportWorkerData } from "./report-worker";
import { fromWireError } from "./thread-errors";

export type ReportThreadsOptions = ReportWorkerData & {
  /** Threads at most; 0: in-process on `inProcessDb`. */
  threads: number;
  inProcessDb: Db;
};

type Pending = { resolve: (file: ReportFile) => void; reject: (err: Error) => void };
type Thread = { worker: Worker; pending: Map<number, Pending> };

const ENTRY = new URL(`./report-worker${import.meta.url.endsWith(".ts") ? ".ts" : ".js"}`, import.meta.url);

/**
 * The worker's code: the entry itself when it is JavaScript; from TypeScript sources (tsx, Vitest), tsx's
 * loader is registered in the thread first (Node 20 does not pass `--import tsx` on to a worker).
 */
function startWorker(data: ReportWorkerData): Worker {
  if (!ENTRY.pathname.endsWith(".ts")) return new Worker(ENTRY, { workerData: data });
  const code = `import(${JSON.stringify(tsxEsmApi())}).then((m) => { m.register(); return import(${JSON.stringify(ENTRY.href)}); });`;
  return new Worker(code, { eval: true, workerData: data });
}

/** tsx's ESM API as its package's exports name it (its CommonJS build cannot register ESM hooks in a thread). */
function tsxEsmApi(): string {
  const manifest = createRequire(import.meta.url).resolve("tsx/package.json");
  const exports = JSON.parse(fs.readFileSync(manifest, "utf8")).exports as Record<
    string,
    { import: { default: string } }
  >;
  return pathToFileURL(path.join(path.dirname(manifest), exports["./esm/api"]!.import.default)).href;
}

export class ReportThreads {
  private readonly threads: Thread[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: ReportThreadsOptions) {}

  /** Builds the job's file in the least busy thread (starting one while fewer than `threads` run). */
  run(job: ReportJob): Promise<ReportFile> {
    if (this.options.threads === 0 || this.closed) return runReportJob(this.options.inProcessDb, job);
    const thread = this.pick();
    const id = this.nextId++;
    return new Promise<ReportFile>((resolve, reject) => {
      thread.pending.set(id, { resolve, reject });
      thread.worker.ref(); // a job under way keeps the process alive; an idle thread does not
      thread.worker.postMessage({ id, job } satisfies ReportRequest);
    });
  }

  /** Starts one thread ahead of the first job (a thread takes seconds to load the report code). */
  warm(): void {
    if (this.options.threads > 0 && this.threads.length === 0 && !this.closed) this.spawn();
  }

  /** Ends every thread (their pools closed first); jobs still running fail. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(
      this.threads.splice(0).map(async ({ worker }) => {
        const exited = new Promise((resolve) => worker.once("exit", resolve));
        worker.postMessage("close");
        const late = setTimeout(() => void worker.terminate(), 3_000);
        await exited;
        clearTimeout(late);
      }),
    );
  }

  private pick(): Thread {
    const idle = this.threads.find((t) => t.pending.size === 0);
    if (idle) return idle;
    if (this.threads.length < this.options.threads) return this.spawn();
    return this.threads.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
  }

  private spawn(): Thread {
    const { url, connections, timeouts } = this.options;
    const worker = startWorker({ url, connections, timeouts } satisfies ReportWorkerData);
    const thread: Thread = { worker, pending: new Map() };
    worker.on("message", (message: ReportResponse) => {
      const pending = thread.pending.get(message.id);
      thread.pending.delete(message.id);
      if (thread.pending.size === 0) worker.unref();
      if (!pending) return;
      if ("file" in message) pending.resolve({ body: message.file.body, fileName: message.file.fileName });
      else pending.reject(fromWireError(message.error));
    });
    const fail = (err: Error) => {
      const i = this.threads.indexOf(thread);
      if (i >= 0) this.threads.splice(i, 1);
      for (const pending of thread.pending.values()) pending.reject(err);
      thread.pending.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`a report thread ended (exit code ${code})`)));
    worker.unref();
    this.threads.push(thread);
    return thread;
  }
}
