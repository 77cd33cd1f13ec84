import { afterEach, describe, expect, it, vi } from "vitest";
import {
  HeavyWorkAbandoned,
  HeavyWorkBusy,
  HeavyWorkLimiter,
  type HeavyWorkLimits,
} from "./heavy-work-limiter";

const A = 1;
const B = 2;
const C = 3;

const limiter = (limits: Partial<HeavyWorkLimits> = {}) =>
  new HeavyWorkLimiter({ perOrg: 2, global: 3, queue: 4, queuePerOrg: 2, queueTimeoutMs: 60_000, ...limits });

/** Whether `promise` has settled after the pending microtasks ran. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((r) => setImmediate(r));
  return done;
}

/** A job left waiting when the test ends: its queue timeout rejects it later, after the test has gone. */
const leftWaiting = (promise: Promise<unknown>) => void promise.catch(() => {});

afterEach(() => {
  vi.useRealTimers();
});

describe("heavy-work limiter", () => {
  it("runs a job at once while its organisation and the process are under their limits", async () => {
    const l = limiter();
    await l.acquire(A);
    await l.acquire(A);
    await l.acquire(B);
    expect([l.running(A), l.running(B), l.running(), l.queued()]).toEqual([2, 1, 3, 0]);
  });

  it("makes an organisation at its own limit wait while another organisation runs at once", async () => {
    const l = limiter({ global: 4 });
    const [first] = [await l.acquire(A), await l.acquire(A)];
    const third = l.acquire(A);
    expect(await settled(third)).toBe(false);
    expect(await settled(l.acquire(B))).toBe(true);
    first!.release();
    expect(await settled(third)).toBe(true);
    expect(l.running(A)).toBe(2);
  });

  it("makes every organisation wait while the process is at its global limit", async () => {
    const l = limiter({ perOrg: 1, global: 2 });
    const a = await l.acquire(A);
    await l.acquire(B);
    const c = l.acquire(C);
    expect(await settled(c)).toBe(false);
    a.release();
    expect(await settled(c)).toBe(true);
  });

  it("refuses with 429 and a Retry-After of at least 1 s once the queue is full", async () => {
    const l = limiter({ perOrg: 1, global: 1, queue: 2, queuePerOrg: 2 });
    await l.acquire(A);
    leftWaiting(l.acquire(B));
    leftWaiting(l.acquire(C));
    const refused = await l.acquire(C).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(HeavyWorkBusy);
    expect((refused as HeavyWorkBusy).statusCode).toBe(429);
    expect((refused as HeavyWorkBusy).retryAfterSeconds).toBeGreaterThanOrEqual(1);
  });

  it("keeps one organisation to its share of the queue, so the others can still wait their turn", async () => {
    const l = limiter({ perOrg: 1, global: 2, queue: 4, queuePerOrg: 2 });
    await l.acquire(A);
    leftWaiting(l.acquire(A));
    leftWaiting(l.acquire(A));
    await expect(l.acquire(A)).rejects.toBeInstanceOf(HeavyWorkBusy);
    await l.acquire(B); // B runs at once: A holds one of the two slots
    const queued = l.acquire(C);
    expect(await settled(queued)).toBe(false);
    expect([l.queued(A), l.queued(C)]).toEqual([2, 1]);
  });

  it("gives a freed slot to the oldest waiter whose organisation is under its limit", async () => {
    const l = limiter({ perOrg: 1, global: 2, queue: 4, queuePerOrg: 2 });
    const a = await l.acquire(A);
    const b = await l.acquire(B);
    const secondA = l.acquire(A);
    const c = l.acquire(C);
    b.release(); // A still runs one: its waiter may not start, C's may
    expect([await settled(secondA), await settled(c)]).toEqual([false, true]);
    a.release();
    expect(await settled(secondA)).toBe(true);
  });

  it("refuses a job that waited its longest with 429", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const l = limiter({ perOrg: 1, queueTimeoutMs: 1_000 });
    await l.acquire(A);
    const waiting = l.acquire(A);
    vi.advanceTimersByTime(1_000);
    await expect(waiting).rejects.toBeInstanceOf(HeavyWorkBusy);
    expect(l.queued()).toBe(0);
  });

  it("drops a waiting job whose client went away: it never runs and leaves its place", async () => {
    const l = limiter({ perOrg: 1 });
    const a = await l.acquire(A);
    const gone = new AbortController();
    const waiting = l.acquire(A, gone.signal);
    gone.abort();
    await expect(waiting).rejects.toBeInstanceOf(HeavyWorkAbandoned);
    expect(l.queued()).toBe(0);
    a.release();
    expect(l.running()).toBe(0);
  });

  it("counts a lease released twice once", async () => {
    const l = limiter();
    const a = await l.acquire(A);
    await l.acquire(A);
    a.release();
    a.release();
    expect(l.running(A)).toBe(1);
  });

  it("asks to retry later the more jobs of the organisation are ahead", async () => {
    const l = limiter({ perOrg: 1, global: 4, queue: 8, queuePerOrg: 4 });
    await l.acquire(A);
    const before = l.retryAfterSeconds(A);
    for (let i = 0; i < 3; i++) leftWaiting(l.acquire(A));
    expect(l.retryAfterSeconds(A)).toBeGreaterThan(before);
    expect(l.retryAfterSeconds(B)).toBe(before);
  });
});
