/**
 * Sign-in rate limiting, kept in PostgreSQL so that several app processes share the counts.
 *
 * Every attempt is counted *before* the password is verified, in one statement whose row locks serialise
 * concurrent attempts: 40 parallel guesses against a limit of 10 verify at most 10 (counting after the slow
 * argon2 check let 28 through). A successful sign-in gives its attempt back.
 *
 * Keys (OWASP Authentication Cheat Sheet, "Login Throttling"): the account-and-address pair and the address
 * allow `maxFailures` per window, so a guesser is stopped without locking the owner out from elsewhere; the
 * account alone allows `accountMaxFailures` (a slower, global limit against guessing from many addresses).
 */
import { inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { signInThrottle } from "../db/schema";

export type ThrottleSettings = { maxFailures: number; accountMaxFailures: number; windowMinutes: number };

/** Longest key kept: the email is at most 254 characters (contracts/auth), the address at most 45. */
const KEY_MAX_LENGTH = 320;

export type ThrottleKey = { key: string; limit: number };

/** The keys one attempt counts against, with their limits. */
export function signInKeys(email: string, address: string, s: ThrottleSettings): ThrottleKey[] {
  const cut = (k: string) => k.slice(0, KEY_MAX_LENGTH);
  return [
    { key: cut(`pair:${address}:${email}`), limit: s.maxFailures },
    { key: cut(`address:${address}`), limit: s.maxFailures },
    { key: cut(`account:${email}`), limit: s.accountMaxFailures },
  ];
}

/**
 * Counts one attempt against every key, atomically, and answers the seconds until the caller may try again
 * (0 when the attempt is within every limit and may be verified). A new window starts when the old one ended.
 */
export async function countAttempt(db: Db, keys: ThrottleKey[], windowMinutes: number): Promise<number> {
  const window = sql`make_interval(mins => ${windowMinutes})`;
  const rows = await db.execute<{ key: string; failures: number; wait: number }>(sql`
    insert into ${signInThrottle} (key, failures, window_started_at)
    select k, 1, now() from unnest(array[${sql.join(
      keys.map((k) => sql`${k.key}`),
      sql`, `,
    )}]::text[]) as k
    on conflict (key) do update set
      failures = case when ${signInThrottle.windowStartedAt} > now() - ${window}
                      then ${signInThrottle.failures} + 1 else 1 end,
      window_started_at = case when ${signInThrottle.windowStartedAt} > now() - ${window}
                      then ${signInThrottle.windowStartedAt} else now() end
    returning key, failures,
      extract(epoch from (window_started_at + ${window} - now()))::float8 as wait`);
  let wait = 0;
  for (const row of rows.rows) {
    const limit = keys.find((k) => k.key === row.key)?.limit ?? 0;
    if (row.failures > limit) wait = Math.max(wait, Math.ceil(row.wait));
  }
  return wait;
}

/** A successful sign-in: the pair starts afresh and the attempt is given back to the address and account. */
export async function forgiveAttempt(db: Db, keys: ThrottleKey[]): Promise<void> {
  const [pair, ...others] = keys;
  await db.delete(signInThrottle).where(inArray(signInThrottle.key, [pair!.key]));
  await db.execute(sql`
    update ${signInThrottle} set failures = greatest(${signInThrottle.failures} - 1, 0)
    where ${inArray(
      signInThrottle.key,
      others.map((k) => k.key),
    )}`);
}

/** Removes rows whose window ended (the periodic purge). */
export async function purgeThrottleRows(db: Db, windowMinutes: number): Promise<number> {
  const rows = await db
    .delete(signInThrottle)
    .where(lt(signInThrottle.windowStartedAt, sql`now() - make_interval(mins => ${windowMinutes})`))
    .returning({ key: signInThrottle.key });
  return rows.length;
}
