/**
 * Background jobs in PostgreSQL, through pg-boss (its own schema `pgboss` in Sextant's database): retries
 * with backoff, schedules, and each job run by exactly one of several Sextant processes (SKIP LOCKED). A job is
 * defined once as `{name, payload schema, handler, options}` (STYLE.md, documenso) by the feature that owns it,
 * during the app's registration; the queue starts when the app is ready and stops, letting running jobs
 * finish, when it closes.
 *
 * `JOBS=off` (the unit tests' default) defines jobs but starts nothing: `send` answers null and nothing runs.
 * A database that is away when the app starts delays the queue, not the app: it starts in the background and
 * retries with a backoff. A database that goes away while jobs run is an error pg-boss reports and retries,
 * logged here, never thrown at the process.
 */
import type { FastifyInstance } from "fastify";
import PgBoss from "pg-boss";
import type { z } from "zod";
import { mapLimited } from "../db/map-limited";

/** How long a fetch loop waits after finding no job (pg-boss's own workers poll every 1–2 s). */
const POLL_INTERVAL_MS = 1_000;
/** Tries at recording a job's outcome before leaving the job to pg-boss's expiry and retry. */
const OUTCOME_ATTEMPTS = 3;

export type JobPolicy = "standard" | "short" | "singleton" | "stately";

export type JobDefinition<T> = {
  name: string;
  payload: z.ZodType<T>;
  handler: (payload: T, job: { id: string; retryCount: number }) => Promise<void>;
  /** Retries (pg-boss: delay in seconds, doubled with jitter when `retryBackoff`), expiry, queue policy. */
  options?: {
    retryLimit?: number;
    retryDelaySeconds?: number;
    retryBackoff?: boolean;
    expireInSeconds?: number;
    /** 'short': at most one job waiting per singletonKey (a burst of sends gives one run). */
    policy?: JobPolicy;
    /** Jobs of this type run at once in a process (1 unless said; each holds database connections). */
    concurrency?: number;
  };
  /** A cron schedule (UTC) on which the job is sent with an empty payload by whichever process is up. */
  schedule?: { cron: string; payload: T };
};

/** What a sender needs of a job: its name and payload schema (the handler may live in another feature). */
export type JobType<T> = Pick<JobDefinition<T>, "name" | "payload">;

export type SendOptions = { singletonKey?: string; startAfterSeconds?: number };

export type QueueState = { name: string; queued: number; active: number; failed: number };

type Log = {
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
  info: (msg: string) => void;
};

export class JobQueue {
  // biome-ignore lint/suspicious/noExplicitAny: definitions of every payload type live together
  private readonly definitions = new Map<string, JobDefinition<any>>();
  private boss: PgBoss | undefined;
  private starting: Promise<void> | undefined;
  private retry: NodeJS.Timeout | undefined;
  private stopped = false;
  /** The fetch loops of the running queue, one per job type, and the jobs they hold right now (id → type). */
  private workers: Promise<void>[] = [];
  private readonly active = new Map<string, string>();
  /** Wakes the fetch loops from their wait between polls, so `stop` does not wait a polling interval. */
  private wake = new AbortController();

  constructor(
    private readonly connectionString: string,
    private readonly log: Log,
    readonly enabled: boolean,
  ) {}

  /** Defines a job; done by its feature while the app registers, before `start`. */
  define<T>(definition: JobDefinition<T>): JobDefinition<T> {
    if (this.definitions.has(definition.name)) throw new Error(`job ${definition.name} defined twice`);
    this.definitions.set(definition.name, definition);
    return definition;
  }

  /** Whether the queue is running in this process. */
  get running(): boolean {
    return this.boss !== undefined;
  }

  /** Starts the queue, retrying in the background until it runs or `stop` is called; never throws. */
  startInBackground(maxBackoffMs = 30_000): void {
    if (!this.enabled || this.boss || this.retry || this.starting) return;
    this.stopped = false;
    let backoffMs = 1_000;
    const attempt = () => {
      this.retry = undefined;
      this.starting = this.start()
        .catch((err) => {
          if (this.stopped) return;
          this.log.warn({ err }, `job queue: could not start; retrying in ${backoffMs} ms`);
          this.retry = setTimeout(attempt, backoffMs);
          this.retry.unref();
          backoffMs = Math.min(backoffMs * 2, maxBackoffMs);
        })
        .finally(() => {
          this.starting = undefined;
        });
    };
    attempt();
  }

  /** Resolves once the queue runs in this process (tests; the instance's health). */
  async whenRunning(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.boss) {
      if (Date.now() > deadline) throw new Error("job queue did not start");
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  private async start(): Promise<void> {
    const boss = new PgBoss({ connectionString: this.connectionString, schema: "pgboss", max: 3 });
    boss.on("error", (err) => this.log.warn({ err }, "job queue: database error (pg-boss retries)"));
    try {
      await boss.start();
      for (const definition of this.definitions.values()) await this.install(boss, definition);
    } catch (err) {
      await boss.stop({ graceful: false, wait: true }).catch(() => {});
      throw err;
    }
    if (this.stopped) {
      await boss.stop({ graceful: false, wait: true }).catch(() => {});
      return;
    }
    this.boss = boss;
    this.workers = [...this.definitions.values()].map((definition) => this.work(boss, definition));
    this.log.info(`job queue started (${this.definitions.size} job types)`);
  }

  // biome-ignore lint/suspicious/noExplicitAny: any definition
  private async install(boss: PgBoss, definition: JobDefinition<any>): Promise<void> {
    const o = definition.options ?? {};
    await boss.createQueue(definition.name, {
      name: definition.name,
      policy: o.policy ?? "standard",
      retryLimit: o.retryLimit ?? 3,
      retryDelay: o.retryDelaySeconds ?? 5,
      retryBackoff: o.retryBackoff ?? true,
      expireInSeconds: o.expireInSeconds ?? 300,
    });
    if (definition.schedule) {
      await boss.schedule(definition.name, definition.schedule.cron, definition.schedule.payload as object, {
        tz: "UTC",
      });
    }
  }

  /**
   * Fetches and runs jobs of one type until the queue stops. Not pg-boss's own `work`: pg-boss 10 records a
   * batch's outcome without awaiting it, so a connection dropped at that moment is an unhandled rejection,
   * which ends a Node process. Here every call is awaited and each job completed or failed on its own (a
   * failure retries that job, not the batch); the next fetch follows at once while there is work.
   */
  private async work(boss: PgBoss, definition: JobDefinition<unknown>): Promise<void> {
    while (!this.stopped) {
      // pg-boss's fetch answers [] when the database is away; the loop then waits and tries again.
      const jobs = await boss
        .fetch<object>(definition.name, { batchSize: 10, includeMetadata: true })
        .catch((err) => {
          this.log.warn({ err, job: definition.name }, "job queue: fetch failed");
          return [];
        });
      await mapLimited(jobs, definition.options?.concurrency ?? 1, (job) => this.run(boss, definition, job));
      if (jobs.length === 0) await this.pause(POLL_INTERVAL_MS);
    }
  }

  private async run(
    boss: PgBoss,
    definition: JobDefinition<unknown>,
    job: PgBoss.JobWithMetadata<object>,
  ): Promise<void> {
    this.active.set(job.id, definition.name);
    let failure: unknown;
    try {
      await definition.handler(definition.payload.parse(job.data), {
        id: job.id,
        retryCount: job.retryCount,
      });
    } catch (err) {
      failure = err;
      this.log.warn({ err, job: definition.name, id: job.id }, "job failed");
    }
    const record = () =>
      failure === undefined
        ? boss.complete(definition.name, job.id)
        : boss.fail(definition.name, job.id, {
            message: failure instanceof Error ? failure.message : String(failure),
          });
    // A dropped connection fails one attempt; the pool's next connection is a fresh one.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await record();
        break;
      } catch (err) {
        if (attempt === OUTCOME_ATTEMPTS) {
          // The job stays active until its expiry, when pg-boss retries it: handlers are written to run twice.
          this.log.warn(
            { err, job: definition.name, id: job.id },
            "job queue: could not record a job's outcome",
          );
          break;
        }
        await this.pause(200 * attempt);
      }
    }
    this.active.delete(job.id);
  }

  private pause(ms: number): Promise<void> {
    const signal = this.wake.signal;
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        signal.removeEventListener("abort", done);
        resolve();
      }
      signal.addEventListener("abort", done);
    });
  }

  /**
   * Queues a job; null when the queue is off, or when a 'short' queue already holds one waiting for the same
   * singletonKey. The payload is checked against the definition's schema here, not when the job fails later.
   */
  async send<T>(definition: JobType<T>, payload: T, options: SendOptions = {}): Promise<string | null> {
    const data = definition.payload.parse(payload) as object;
    if (!this.boss) return null;
    return this.boss.send(definition.name, data, {
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
    });
  }

  /**
   * Queues one job per payload in one statement (pg-boss's insert), each starting now; on a 'short' queue a
   * payload whose singletonKey already waits adds nothing. False when the queue is off.
   */
  async sendMany<T>(
    definition: JobType<T>,
    jobs: readonly { payload: T; singletonKey?: string }[],
  ): Promise<boolean> {
    const rows = jobs.map((j) => ({
      name: definition.name,
      data: definition.payload.parse(j.payload) as object,
      ...(j.singletonKey ? { singletonKey: j.singletonKey } : {}),
    }));
    if (!this.boss) return false;
    if (rows.length > 0) await this.boss.insert(rows);
    return true;
  }

  /** Waiting (created or due for retry), running and failed jobs per defined job type, for instance health. */
  async states(): Promise<QueueState[]> {
    const boss = this.boss;
    if (!boss) return [];
    const names = [...this.definitions.keys()];
    const { rows } = await boss
      .getDb()
      .executeSql(
        "select name, state, count(*)::int as n from pgboss.job where name = any($1) group by 1, 2",
        [names],
      );
    const count = (name: string, states: string[]) =>
      rows.filter((r) => r.name === name && states.includes(r.state)).reduce((n, r) => n + r.n, 0);
    return names.map((name) => ({
      name,
      queued: count(name, ["created", "retry"]),
      active: count(name, ["active"]),
      failed: count(name, ["failed"]),
    }));
  }

  /** Stops fetching, lets running jobs finish for up to `timeoutMs`, closes the queue's connections. */
  async stop(timeoutMs = 10_000): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = undefined;
    await this.starting;
    const boss = this.boss;
    this.boss = undefined;
    if (!boss) return;
    this.wake.abort();
    const finished = Promise.all(this.workers).then(() => true);
    const late = new Promise<false>((resolve) => setTimeout(resolve, timeoutMs, false).unref());
    if (!(await Promise.race([finished, late]))) {
      // Jobs still running when the time is up are failed now, so pg-boss retries them in another process.
      for (const [id, name] of this.active) {
        await boss.fail(name, id, { message: "Sextant stopped while the job ran" }).catch(() => {});
      }
    }
    this.workers = [];
    this.wake = new AbortController();
    await boss.stop({ graceful: false, wait: true }).catch((err) => {
      this.log.error({ err }, "job queue: stop failed");
    });
  }
}

declare module "fastify" {
  interface FastifyInstance {
    /** The job queue (jobs/job-queue.ts): features define their jobs on it while registering. */
    jobs: JobQueue;
  }
}

/** Decorates the app with its queue, started when the app is ready and stopped when it closes. */
export function registerJobQueue(
  app: FastifyInstance,
  connectionString: string,
  options: { enabled: boolean; stopTimeoutMs: number },
): JobQueue {
  const queue = new JobQueue(connectionString, app.log, options.enabled);
  app.decorate("jobs", queue);
  app.addHook("onReady", async () => queue.startInBackground());
  app.addHook("onClose", () => queue.stop(options.stopTimeoutMs));
  return queue;
}
