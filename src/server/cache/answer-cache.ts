/**
 * Cached answers of a ship's analysis calls (issue 20 item 1, decision 020): the dashboard, each Analysis Center
 * section and the sidebar summary. An answer is kept as the JSON text it was sent as, under a key of
 *   organisation · ship · data version (cache/data-version.ts) · time bucket · call · filters,
 * so a write (which bumps the version in its own transaction) makes the next request of any process compute
 * afresh, another organisation can never meet the entry (its organisation is in the key, and a ship id belongs
 * to one organisation), and the browser revalidates with If-None-Match and gets a 304 while nothing changed.
 *
 * Memory is bounded by the bytes of the kept answers (least recently used out first); concurrent misses of one
 * key compute once (the 49 other connections of a burst wait for the first instead of running 49 copies).
 */
import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { readFor } from "../http/read-routing";
import { readDataVersion } from "./data-version";

/**
 * Why a time bucket and not the range's resolved end: 'Last 7/30 Days' and the current voyage end *now*, which
 * moves every millisecond, so a key holding the resolved end would never be met twice; and an answer also
 * counts 'days since' and data quality up to now whatever the range. The key holds the minute instead: an
 * answer is served for at most one minute after it was computed, in which the window slid by less than a minute
 * and, the data version unchanged, no record arrived (the charts' finest step is an hour).
 */
export const NOW_BUCKET_MS = 60_000;
/**
 * An answer asked for this close to the end of its minute has the next minute's computed beside it, as of that
 * minute's first instant, so that the minute's turn does not make every connection wait for a computation
 * (measured: the dashboard's p99 at 50 connections was the wait at the turn, seconds on a loaded machine). It
 * is kept under the same data version: a write before the minute turns leaves it unused. Each minute's answer
 * is still computed once; only earlier.
 */
export const REFRESH_AHEAD_MS = 20_000;
/** Default bound of the kept answers' bytes (a dashboard answer is 5–40 kB, a section up to ~200 kB). */
export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

export type CachedAnswer = { body: string; etag: string };

export class AnswerCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private readonly pending = new Map<string, Promise<CachedAnswer>>();
  private bytesNow = 0;

  constructor(readonly maxBytes = DEFAULT_MAX_BYTES) {}

  /** Bytes of the answers kept now (UTF-16 length: what the strings cost in memory, roughly). */
  get bytes(): number {
    return this.bytesNow;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Resolves once no answer is being computed (those computed ahead included): for shutdown and tests. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending.values()]);
  }

  /** The kept answer of `key` (now the most recently used), or undefined. */
  get(key: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  /** Keeps `body` under `key`, dropping the least recently used answers past `maxBytes`. */
  set(key: string, body: string): CachedAnswer {
    const entry = { body, etag: `"${createHash("sha1").update(body).digest("base64url")}"` };
    if (body.length > this.maxBytes) return entry; // larger than the whole cache: served, not kept
    this.delete(key);
    this.entries.set(key, entry);
    this.bytesNow += body.length;
    for (const [oldest, old] of this.entries) {
      if (this.bytesNow <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytesNow -= old.body.length;
    }
    return entry;
  }

  private delete(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.bytesNow -= old.body.length;
  }

  /** Computes `key`'s answer in the background unless it is kept or under way; a failure is only logged. */
  warm(key: string, compute: () => Promise<string>, log: { warn: (obj: object, msg: string) => void }): void {
    if (this.maxBytes === 0 || this.entries.has(key) || this.pending.has(key)) return;
    this.getOrCompute(key, compute).catch((err) => log.warn({ err, key }, "an answer computed ahead failed"));
  }

  /** The kept answer of `key`, else `compute`'s, computed once however many ask at the same time. */
  async getOrCompute(key: string, compute: () => Promise<string>): Promise<CachedAnswer> {
    if (this.maxBytes === 0) return this.set(key, await compute()); // the cache is off (ANSWER_CACHE_MB=0)
    const hit = this.get(key);
    if (hit) return hit;
    let running = this.pending.get(key);
    if (!running) {
      running = compute()
        .then((body) => this.set(key, body))
        .finally(() => this.pending.delete(key));
      this.pending.set(key, running);
    }
    return running;
  }
}

declare module "fastify" {
  interface FastifyInstance {
    /** This process's cached analysis answers (cache/answer-cache.ts). */
    answerCache: AnswerCache;
  }
}

export function registerAnswerCache(app: FastifyInstance, maxBytes = DEFAULT_MAX_BYTES): void {
  app.decorate("answerCache", new AnswerCache(maxBytes));
}

/** Filters in a stable order (the parsed query, defaults included), so `?a&b` and `?b&a` share an entry. */
function canonical(query: unknown): string {
  const entries = Object.entries((query ?? {}) as Record<string, unknown>).filter(([, v]) => v !== undefined);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}

/** Whether the request's If-None-Match names `etag` (a list, weak forms and `*` included: RFC 9110 13.1.2). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((t) => {
    const tag = t.trim();
    return tag === "*" || tag === etag || tag === `W/${etag}`;
  });
}

/** `db`: the primary's request pool, where the data version is read (a replica may answer the computation). */
export type AnswerScope = { db: Db; orgId: number; shipId: number; call: string };

/** Whether data version `seen` (on a replica) is at least `wanted` (on the primary): "ship.organisation". */
export function versionCovers(seen: string, wanted: string): boolean {
  const [ship, org] = seen.split(".").map(Number);
  const [wantShip, wantOrg] = wanted.split(".").map(Number);
  return ship! >= wantShip! && org! >= wantOrg!;
}

/**
 * Answers a ship's analysis call from the cache, computing it with `compute` on a miss. The answer is encoded
 * by the route's own response serializer, so a kept answer is byte for byte what the route would send. Errors
 * (a ship of another organisation: 404) are thrown as `compute` throws them and never kept.
 *
 * `compute` reads with the `Db` it is given: a read replica whose data version is at least the one of the key
 * (decision 044), so that an answer kept under a version was computed from data at least that new, else the
 * primary.
 */
export async function cachedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  scope: AnswerScope,
  compute: (now: Date, db: Db) => Promise<unknown>,
  now = Date.now(),
): Promise<FastifyReply> {
  const { db, orgId, shipId, call } = scope;
  const cache = request.server.answerCache;
  // With the cache off and no replica no key is looked up and no replica judged, so the version read would
  // be a statement for nothing; a replica is still held to the primary's version (decision 044).
  const needsVersion = cache.maxBytes > 0 || request.server.reads.enabled;
  const version = needsVersion ? await readDataVersion(db, orgId, shipId) : "off";
  const bucket = Math.floor(now / NOW_BUCKET_MS);
  const filters = canonical(request.query);
  const keyOf = (b: number) => `${orgId}/${shipId}/${version}/${b}/${call}/${filters}`;
  // the route's serializer answers JSON text (fastify-type-provider-zod's JSON.stringify)
  const fresh = async (replica: Db) => versionCovers(await readDataVersion(replica, orgId, shipId), version);
  const encoded = (at: number) => async () =>
    reply.serialize(await readFor(request, (readDb) => compute(new Date(at), readDb), { fresh })) as string;
  const answer = await cache.getOrCompute(keyOf(bucket), encoded(now));
  const nextMinute = (bucket + 1) * NOW_BUCKET_MS;
  if (nextMinute - now <= REFRESH_AHEAD_MS) cache.warm(keyOf(bucket + 1), encoded(nextMinute), request.log);
  // private: kept by this browser only, never by a shared cache; no-cache: asked again every time (a 304 while
  // unchanged). Sign-out clears the browser's copies (Clear-Site-Data, auth.routes.ts).
  reply.header("cache-control", "private, no-cache");
  reply.header("vary", "cookie");
  reply.header("etag", answer.etag);
  if (matches(request.headers["if-none-match"], answer.etag)) return reply.code(304).send();
  return reply.type("application/json; charset=utf-8").send(answer.body);
}
