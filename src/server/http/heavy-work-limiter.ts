/**
 * The fair share of heavy work (issue 30 item 5): at most `perOrg` heavy jobs of one organisation and `global`
 * of all organisations run at once; beyond that a job waits in a bounded queue (`queue` places, at most
 * `queuePerOrg` of them for one organisation, so one tenant cannot fill it for the others) for at most
 * `queueTimeoutMs`, and past either bound it is refused with `HeavyWorkBusy` (429 with Retry-After). A freed
 * slot goes to the oldest waiter whose organisation is under its own limit. No I/O and no framework: the
 * Fastify hook is in heavy-work.ts.
 */
import { ApiError } from "./errors";

export type HeavyWorkLimits = {
  /** Heavy jobs of one organisation running at once. */
  perOrg: number;
  /** Heavy jobs of all organisations running at once. */
  global: number;
  /** Jobs waiting for a slot, all organisations together. */
  queue: number;
  /** Jobs of one organisation waiting for a slot. */
  queuePerOrg: number;
  /** Longest wait for a slot, ms: refused (429) after. */
  queueTimeoutMs: number;
};

/** A running job's slot; `release` frees it (once: later calls do nothing). */
export type HeavyWorkLease = { release: () => void };

/** The answer to a job that finds no slot and no place in the queue, or waited its longest: 429. */
export class HeavyWorkBusy extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      429,
      "too_many_requests",
      "Too many reports, exports or database tasks are running for your organisation or on this server; " +
        `try again in ${retryAfterSeconds} s`,
    );
  }
}

/** The client went away while its job waited: the job never ran. */
export class HeavyWorkAbandoned extends Error {
  constructor() {
    super("the client went away while its heavy work waited for a slot");
  }
}

type Waiter = { orgId: number; start: (lease: HeavyWorkLease) => void; fail: (err: Error) => void };

/** Assumed length of one job before any has finished, ms (a ten-year report or export takes seconds). */
const FIRST_HOLD_MS = 5_000;
/** Weight of the latest job in the running mean of how long jobs hold their slot. */
const HOLD_WEIGHT = 0.2;
const MAX_RETRY_AFTER_S = 120;

export class HeavyWorkLimiter {
  private readonly runningOf = new Map<number, number>();
  private runningTotal = 0;
  private readonly waiting: Waiter[] = [];
  private meanHoldMs = FIRST_HOLD_MS;

  constructor(readonly limits: HeavyWorkLimits) {}

  /**
   * A slot for a job of `orgId`: at once when one is free, else after waiting in the queue. Rejects with
   * HeavyWorkBusy when the queue (or the organisation's share of it) is full or the wait passes its bound,
   * and with HeavyWorkAbandoned when `signal` aborts first (the client went away).
   */
  acquire(orgId: number, signal?: AbortSignal): Promise<HeavyWorkLease> {
    if (signal?.aborted) return Promise.reject(new HeavyWorkAbandoned());
    if (this.canRun(orgId)) return Promise.resolve(this.start(orgId));
    const queuedOfOrg = this.waiting.filter((w) => w.orgId === orgId).length;
    if (this.waiting.length >= this.limits.queue || queuedOfOrg >= this.limits.queuePerOrg)
      return Promise.reject(new HeavyWorkBusy(this.retryAfterSeconds(orgId)));
    return new Promise((resolve, reject) => {
      const leave = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", abandoned);
        const i = this.waiting.indexOf(waiter);
        if (i >= 0) this.waiting.splice(i, 1);
      };
      const abandoned = () => {
        leave();
        reject(new HeavyWorkAbandoned());
      };
      const waiter: Waiter = {
        orgId,
        start: (lease) => {
          leave();
          resolve(lease);
        },
        fail: (err) => {
          leave();
          reject(err);
        },
      };
      const timer = setTimeout(
        () => waiter.fail(new HeavyWorkBusy(this.retryAfterSeconds(orgId))),
        this.limits.queueTimeoutMs,
      );
      signal?.addEventListener("abort", abandoned, { once: true });
      this.waiting.push(waiter);
    });
  }

  /** Jobs running now: of `orgId`, or of every organisation. */
  running(orgId?: number): number {
    return orgId === undefined ? this.runningTotal : (this.runningOf.get(orgId) ?? 0);
  }

  /** Jobs waiting for a slot now: of `orgId`, or of every organisation. */
  queued(orgId?: number): number {
    return orgId === undefined ? this.waiting.length : this.waiting.filter((w) => w.orgId === orgId).length;
  }

  /**
   * Seconds until a slot is likely free for `orgId`: the running mean of a job's length times the rounds of
   * jobs ahead of it (its organisation's and everyone's), at least 1, at most 120.
   */
  retryAfterSeconds(orgId: number): number {
    const ownRounds = (this.running(orgId) + this.queued(orgId)) / this.limits.perOrg;
    const allRounds = (this.runningTotal + this.waiting.length) / this.limits.global;
    const seconds = Math.ceil((this.meanHoldMs * Math.max(1, ownRounds, allRounds)) / 1000);
    return Math.min(MAX_RETRY_AFTER_S, Math.max(1, seconds));
  }

  private canRun(orgId: number): boolean {
    return this.runningTotal < this.limits.global && this.running(orgId) < this.limits.perOrg;
  }

  private start(orgId: number): HeavyWorkLease {
    this.runningTotal += 1;
    this.runningOf.set(orgId, this.running(orgId) + 1);
    const startedAt = performance.now();
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.meanHoldMs += HOLD_WEIGHT * (performance.now() - startedAt - this.meanHoldMs);
        this.runningTotal -= 1;
        const left = this.running(orgId) - 1;
        if (left === 0) this.runningOf.delete(orgId);
        else this.runningOf.set(orgId, left);
        this.dispatch();
      },
    };
  }

  /** Starts the oldest waiters that may run now, until the global limit is reached. */
  private dispatch(): void {
    for (let i = 0; i < this.waiting.length && this.runningTotal < this.limits.global; ) {
      const waiter = this.waiting[i]!;
      if (this.canRun(waiter.orgId))
        waiter.start(this.start(waiter.orgId)); // removes it from `waiting`
      else i += 1;
    }
  }
}
