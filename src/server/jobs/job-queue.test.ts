/**
 * The job queue on a real database: a job runs once, a failing one is retried, a burst on a 'short' queue gives
 * one run per key, two processes share the work without running a job twice, and the queue survives its
 * connections being killed and a database that is away when it starts.
 */
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestDatabase } from "../test/test-database";
import { type JobDefinition, JobQueue } from "./job-queue";

const log = pino({ level: "silent" });
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const queues: JobQueue[] = [];

async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 20_000) {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A queue of its own on the test database, as a Sextant process has. */
async function startQueue(define: (q: JobQueue) => void): Promise<JobQueue> {
  const queue = new JobQueue(database.url, log, true);
  define(queue);
  queues.push(queue);
  queue.startInBackground();
  await queue.whenRunning();
  return queue;
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const q of queues) await q.stop(2_000);
  await database.drop();
});

describe("job queue", () => {
  it("runs a job once with its checked payload, and refuses a bad payload at send", async () => {
    const seen: number[] = [];
    const job: JobDefinition<{ n: number }> = {
      name: "test-once",
      payload: z.object({ n: z.number() }),
      handler: async ({ n }) => {
        seen.push(n);
      },
    };
    const queue = await startQueue((q) => q.define(job));
    expect(await queue.send(job, { n: 7 })).toEqual(expect.any(String));
    await until(() => seen.length === 1, "the job");
    await expect(queue.send(job, { n: "seven" } as never)).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 2_500));
    expect(seen).toEqual([7]);
    expect((await queue.states()).find((s) => s.name === "test-once")).toEqual({
      name: "test-once",
      queued: 0,
      active: 0,
      failed: 0,
    });
  });

  it("queues many in one statement (one per waiting key on a 'short' queue) and runs them `concurrency` at once", async () => {
    let running = 0;
    let most = 0;
    const seen: number[] = [];
    const job: JobDefinition<{ n: number }> = {
      name: "test-many",
      payload: z.object({ n: z.number() }),
      options: { policy: "short", concurrency: 2 },
      handler: async ({ n }) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 300));
        seen.push(n);
        running -= 1;
      },
    };
    const queue = await startQueue((q) => q.define(job));
    const sends = [1, 2, 3, 4, 4].map((n) => ({ payload: { n }, singletonKey: `k${n}` }));
    expect(await queue.sendMany(job, sends)).toBe(true);
    await until(() => seen.length === 4, "four runs");
    await new Promise((r) => setTimeout(r, 1_500));
    expect(seen.sort()).toEqual([1, 2, 3, 4]);
    expect(most).toBe(2);
    await expect(queue.sendMany(job, [{ payload: { n: "x" } as never }])).rejects.toThrow();
    expect(await new JobQueue(database.url, log, false).sendMany(job, sends)).toBe(false);
  });

  it("retries a failing job until it succeeds", async () => {
    let attempts = 0;
    const job: JobDefinition<Record<string, never>> = {
      name: "test-retry",
      payload: z.object({}),
      options: { retryLimit: 3, retryDelaySeconds: 1, retryBackoff: false },
      handler: async () => {
        attempts += 1;
        if (attempts < 3) throw new Error("not yet");
      },
    };
    const queue = await startQueue((q) => q.define(job));
    await queue.send(job, {});
    await until(() => attempts === 3, "three attempts");
  });

  it("keeps one waiting job per key on a 'short' queue", async () => {
    const runs: string[] = [];
    const job: JobDefinition<{ ship: string }> = {
      name: "test-short",
      payload: z.object({ ship: z.string() }),
      options: { policy: "short" },
      handler: async ({ ship }) => {
        runs.push(ship);
      },
    };
    const queue = await startQueue((q) => q.define(job));
    // Sent while nothing fetches yet (startAfter), so all three wait together.
    const ids = [
      await queue.send(job, { ship: "a" }, { singletonKey: "a", startAfterSeconds: 1 }),
      await queue.send(job, { ship: "a" }, { singletonKey: "a", startAfterSeconds: 1 }),
      await queue.send(job, { ship: "b" }, { singletonKey: "b", startAfterSeconds: 1 }),
    ];
    expect(ids[0]).toEqual(expect.any(String));
    expect(ids[1]).toBeNull();
    expect(ids[2]).toEqual(expect.any(String));
    await until(() => runs.length === 2, "both keys");
    expect(runs.sort()).toEqual(["a", "b"]);
  });

  it("shares the work between two processes without running a job twice", async () => {
    const runs = new Map<number, number>();
    const define = (q: JobQueue) =>
      q.define({
        name: "test-shared",
        payload: z.object({ n: z.number() }),
        handler: async ({ n }) => {
          runs.set(n, (runs.get(n) ?? 0) + 1);
          await new Promise((r) => setTimeout(r, 20));
        },
      });
    const [first, second] = [await startQueue(define), await startQueue(define)];
    const job = { name: "test-shared", payload: z.object({ n: z.number() }), handler: async () => {} };
    for (let n = 0; n < 40; n += 1) await (n % 2 ? first : second).send(job, { n });
    await until(() => runs.size === 40, "40 jobs");
    await new Promise((r) => setTimeout(r, 2_500));
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  });

  it("keeps working after its database connections are killed", async () => {
    const seen: number[] = [];
    const job: JobDefinition<{ n: number }> = {
      name: "test-killed",
      payload: z.object({ n: z.number() }),
      handler: async ({ n }) => {
        seen.push(n);
      },
    };
    const queue = await startQueue((q) => q.define(job));
    await queue.send(job, { n: 1 });
    await until(() => seen.length === 1, "the first job");
    await database.pool.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query ilike '%pgboss%'",
    );
    // The send itself may meet a killed connection once; the queue's pool replaces it.
    let sent: string | null = null;
    for (let i = 0; i < 5 && !sent; i += 1) sent = await queue.send(job, { n: 2 }).catch(() => null);
    await until(() => seen.includes(2), "a job after the kill");
  });

  it("survives its connections killed while a job's outcome is being recorded", async () => {
    // The handler kills the queue's connections and returns at once, so recording the outcome meets a
    // connection the pool has not yet seen die. An unhandled rejection there ends a Node process.
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      const seen: number[] = [];
      const killQueueConnections = () =>
        database.pool.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'pgboss'",
        );
      const job: JobDefinition<{ n: number }> = {
        name: "test-killed-outcome",
        payload: z.object({ n: z.number() }),
        handler: async ({ n }) => {
          if (n < 3) await killQueueConnections();
          seen.push(n);
        },
      };
      const queue = await startQueue((q) => q.define(job));
      for (let n = 0; n < 4; n += 1) {
        let sent: string | null = null;
        for (let i = 0; i < 5 && !sent; i += 1) sent = await queue.send(job, { n }).catch(() => null);
        await until(() => seen.includes(n), `job ${n}`);
      }
      await new Promise((r) => setTimeout(r, 1_500));
      expect(unhandled).toEqual([]);
      // Each outcome was recorded on a fresh connection: no job left active to be run again at its expiry.
      expect(seen).toEqual([0, 1, 2, 3]);
      expect((await queue.states()).find((s) => s.name === "test-killed-outcome")).toMatchObject({
        queued: 0,
        active: 0,
        failed: 0,
      });
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });

  it("lets a running job finish when stopped, and fails one still running after the time allowed", async () => {
    const finished: string[] = [];
    const job: JobDefinition<{ ms: number; tag: string }> = {
      name: "test-stop",
      payload: z.object({ ms: z.number(), tag: z.string() }),
      handler: async ({ ms, tag }) => {
        await new Promise((r) => setTimeout(r, ms));
        finished.push(tag);
      },
    };
    const stateOf = async (id: string | null) =>
      (await database.pool.query("select state, output from pgboss.job where id = $1", [id])).rows[0];

    const queue = await startQueue((q) => q.define(job));
    const short = await queue.send(job, { ms: 400, tag: "short" });
    await until(async () => (await stateOf(short)).state === "active", "the short job to start");
    await queue.stop(5_000);
    expect(finished).toEqual(["short"]);
    expect((await stateOf(short)).state).toBe("completed");

    const again = await startQueue((q) => q.define({ ...job, name: "test-stop-long" }));
    const long = await again.send({ ...job, name: "test-stop-long" }, { ms: 3_000, tag: "long" });
    await until(async () => (await stateOf(long)).state === "active", "the long job to start");
    await again.stop(300);
    // Failed with a reason, so pg-boss retries it in a process that is up rather than at its expiry.
    expect(await stateOf(long)).toMatchObject({
      state: "retry",
      output: { message: "Sextant stopped while the job ran" },
    });
  });

  it("starts later when the database is away at first, without throwing", async () => {
    const queue = new JobQueue("postgres://nobody@127.0.0.1:1/none", log, true);
    queue.define({ name: "test-away", payload: z.object({}), handler: async () => {} });
    queue.startInBackground();
    await new Promise((r) => setTimeout(r, 300));
    expect(queue.running).toBe(false);
    await queue.stop(100);
    expect(queue.running).toBe(false);
  });

  it("answers null and runs nothing when off", async () => {
    const queue = new JobQueue(database.url, log, false);
    const job = queue.define({ name: "test-off", payload: z.object({}), handler: async () => {} });
    queue.startInBackground();
    expect(await queue.send(job, {})).toBeNull();
    expect(queue.running).toBe(false);
  });
});
