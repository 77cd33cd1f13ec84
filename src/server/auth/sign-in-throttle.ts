/**
 * Sign-in rate limiting per account and per address, kept in PostgreSQL so that several app processes share
 * the counts. A key that reached `maxFailures` within the window is refused until the window ends.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { signInThrottle } from "../db/schema";

export type ThrottleSettings = { maxFailures: number; windowMinutes: number };

/** Seconds until `keys` may try again, or 0 when none of them is locked. */
export async function secondsLocked(db: Db, keys: string[], s: ThrottleSettings): Promise<number> {
  const rows = await db.execute<{ wait: number }>(sql`
    select coalesce(max(extract(epoch from (window_started_at + make_interval(mins => ${s.windowMinutes}) - now()))), 0)::float8 as wait
    from ${signInThrottle}
    where key in ${keys} and failures >= ${s.maxFailures}
      and window_started_at > now() - make_interval(mins => ${s.windowMinutes})`);
  return Math.max(0, Math.ceil(rows.rows[0]?.wait ?? 0));
}

export async function recordFailure(db: Db, keys: string[], s: ThrottleSettings): Promise<void> {
  for (const key of keys) {
    await db.execute(sql`
      insert into ${signInThrottle} (key, failures, window_started_at) values (${key}, 1, now())
      on conflict (key) do update set
        failures = case when ${signInThrottle.windowStartedAt} > now() - make_interval(mins => ${s.windowMinutes})
                        then ${signInThrottle.failures} + 1 else 1 end,
        window_started_at = case when ${signInThrottle.windowStartedAt} > now() - make_interval(mins => ${s.windowMinutes})
                        then ${signInThrottle.windowStartedAt} else now() end`);
  }
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(signInThrottle).where(eq(signInThrottle.key, key));
}
