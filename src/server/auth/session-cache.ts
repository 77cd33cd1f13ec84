/**
 * A cache of signed-in sessions, so that an API request does not cost a four-table query before its own work
 * (issue 20: 1,552 req/s with a cookie against 14,813 without, on a route that reads nothing else).
 *
 * What may never happen is that a session serves a request after it ended: after sign-out, a password change
 * (which ends the user's other sessions), a role change or the removal of a member. Three rules keep it so:
 * - **Database triggers** (migration `auth_notify`) send `NOTIFY sextant_auth` when a row of `sessions`,
 *   `memberships`, `users` or `organizations` is updated or deleted, committed by any Sextant process; every
 *   process listens on a connection of its own and empties its cache on each notification (auth changes are
 *   rare: emptying is simpler than tracking who, and never wrong).
 * - **This process's own changes are immediate**: every mutating auth route empties the cache before its answer
 *   leaves (auth.routes.ts), so the next request from the same browser cannot meet the old entry even if the
 *   notification is a millisecond behind. Another process learns of it when the notification arrives
 *   (milliseconds on one network).
 * - **No listener, no cache**: until the listening connection is up, and whenever it is lost, entries are
 *   neither served nor stored (every request reads the database, as without a cache); it reconnects by itself.
 *   A generation number, bumped by each emptying, stops a lookup that started before a change from storing
 *   what it read after the emptying.
 * An entry also expires with its session and after `ttlMs`, whichever comes first.
 */
import pg from "pg";
import type { AuthContext } from "./sessions";

export const AUTH_CHANNEL = "sextant_auth";

type Entry = { auth: AuthContext; expiresAt: number; storedAt: number };

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private generationNow = 0;
  private listening = false;

  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 10_000,
  ) {}

  /** Taken before a database lookup and given back to `store`: a change in between stops the store. */
  get generation(): number {
    return this.generationNow;
  }

  /** Whether entries are served and stored (the listening connection is up). */
  get active(): boolean {
    return this.listening;
  }

  /** The cached session of a token digest, or undefined (unknown, expired, or the cache inactive). */
  lookup(sessionDigest: string, now = Date.now()): AuthContext | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(sessionDigest);
    if (!entry) return undefined;
    if (now >= entry.expiresAt || now - entry.storedAt >= this.ttlMs) {
      this.entries.delete(sessionDigest);
      return undefined;
    }
    return entry.auth;
  }

  store(
    sessionDigest: string,
    auth: AuthContext,
    expiresAt: Date,
    generation: number,
    now = Date.now(),
  ): void {
    if (!this.listening || generation !== this.generationNow) return;
    // A full cache starts again rather than tracking use: refilling costs one query per active session.
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(sessionDigest, { auth, expiresAt: expiresAt.getTime(), storedAt: now });
  }

  /** Forgets every entry (an auth change somewhere) and stops lookups in flight from storing. */
  invalidate(): void {
    this.generationNow += 1;
    this.entries.clear();
  }

  /** Called by the listener: entries are served only while it is connected. */
  setListening(listening: boolean): void {
    this.invalidate();
    this.listening = listening;
  }

  get size(): number {
    return this.entries.size;
  }
}

export type AuthListener = { stop: () => Promise<void> };

/**
 * Listens for auth changes on a connection of its own (a pooled one would be returned mid-LISTEN) and keeps the
 * cache active while connected; reconnects with a backoff up to `maxBackoffMs` when the connection is lost.
 */
export function listenForAuthChanges(
  connectionString: string,
  cache: SessionCache,
  log: { warn: (obj: object, msg: string) => void },
  options: { connectMs?: number; maxBackoffMs?: number } = {},
): AuthListener {
  const { connectMs = 5_000, maxBackoffMs = 10_000 } = options;
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let backoffMs = 250;

  const scheduleReconnect = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, backoffMs);
    retry.unref();
    backoffMs = Math.min(backoffMs * 2, maxBackoffMs);
  };

  const lost = (err: unknown) => {
    cache.setListening(false);
    if (client) {
      client.removeAllListeners();
      client.on("error", () => {}); // a late socket error of the dropped client is expected
      client.end().catch(() => {});
      client = undefined;
    }
    if (!stopped) {
      log.warn({ err }, "session cache off: the auth notification connection was lost; reconnecting");
      scheduleReconnect();
    }
  };

  async function connect() {
    const c = new pg.Client({ connectionString, connectionTimeoutMillis: connectMs, keepAlive: true });
    client = c;
    c.on("error", lost);
    c.on("end", () => {
      if (client === c) lost(new Error("connection ended"));
    });
    c.on("notification", (message) => {
      if (message.channel === AUTH_CHANNEL) cache.invalidate();
    });
    try {
      await c.connect();
      await c.query(`listen ${AUTH_CHANNEL}`);
      if (stopped || client !== c) {
        await c.end().catch(() => {});
        return;
      }
      backoffMs = 250;
      cache.setListening(true);
    } catch (err) {
      if (client === c) lost(err);
    }
  }

  void connect();
  return {
    stop: async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      cache.setListening(false);
      const c = client;
      client = undefined;
      if (c) {
        c.removeAllListeners();
        c.on("error", () => {});
        await c.end().catch(() => {});
      }
    },
  };
}
