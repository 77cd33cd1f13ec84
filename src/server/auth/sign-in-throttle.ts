/**
 * The sign-in throttle's counters, kept in PostgreSQL so that every app process shares them; the rules are in
 * sign-in-rules.ts (decision record 023). Every password check (sign-in, step-up, password change) first
 * calls `admitAttempt`, and `recordSuccess` when the password was right.
 *
 * An attempt is decided and counted *before* the password is verified, in one transaction that locks the
 * attempt's rows: 40 parallel guesses against a pair limit of 10 verify at most 10 (counting after the slow
 * argon2 check let 28 through), and two processes never hand out one turn twice. The wait for a turn is spent
 * after the commit, holding no lock.
 */
import { inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { signInThrottle } from "../db/schema";
import { TooManyRequests } from "../http/errors";
import { type Counter, decideAttempt, type RefusedBy, type ThrottleSettings } from "./sign-in-rules";

export type { ThrottleSettings } from "./sign-in-rules";

/** Longest key kept: the email is at most 254 characters (contracts/auth), the address at most 45. */
const KEY_MAX_LENGTH = 320;
const cut = (key: string) => key.slice(0, KEY_MAX_LENGTH);

/** The rows one attempt reads: its three counters and whether the account knows the address. */
export function signInKeys(email: string, address: string) {
  const account = email.toLowerCase();
  return {
    pair: cut(`pair:${address}:${account}`),
    account: cut(`account:${account}`),
    address: cut(`address:${address}`),
    known: cut(`known:${address}:${account}`),
  };
}

/** "14 minutes", "3 seconds": the wait a 429 names. */
export function waitPhrase(seconds: number): string {
  if (seconds < 90) return seconds === 1 ? "1 second" : `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

const REFUSALS: Record<RefusedBy, string> = {
  pair: "Too many failed password checks for this account from your address",
  account: "This account is receiving many failed sign-ins; its password is checked once every few seconds",
  address: "Many failed sign-ins come from your address; its attempts are checked once every few seconds",
};

/** A counter's row, its times in epoch milliseconds (drizzle hands timestamps to `execute` as text). */
type Row = { key: string; failures: number; started: number; turn: number | null };

const counterOf = (row: Row | undefined): Counter | null =>
  row
    ? {
        failures: row.failures,
        windowStartedAt: new Date(row.started),
        nextTurnAt: row.turn === null ? null : new Date(row.turn),
      }
    : null;
const epochMs = (column: unknown) => sql`(extract(epoch from ${column}) * 1000)::float8`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Admits one attempt at the account's password from `address`: counts it as a failure (given back by
 * `recordSuccess`) and, when the account or the address is slowed, waits for its turn (at most
 * `slowdownSeconds`). Throws a 429 with Retry-After when the attempt may not be checked now.
 */
export async function admitAttempt(db: Db, email: string, address: string, s: ThrottleSettings) {
  const keys = signInKeys(email, address);
  const counted = [keys.account, keys.address, keys.pair]; // in key order: every attempt locks in one order
  const decision = await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into ${signInThrottle} (key)
      select k from unnest(array[${sql.join(
        counted.map((k) => sql`${k}`),
        sql`, `,
      )}]::text[]) as k order by k
      on conflict (key) do nothing`);
    const rows = await tx.execute<Row>(sql`
      select key, failures, ${epochMs(signInThrottle.windowStartedAt)} as started,
        ${epochMs(signInThrottle.nextTurnAt)} as turn from ${signInThrottle}
      where ${inArray(signInThrottle.key, [...counted, keys.known])} order by key for update`);
    const byKey = new Map(rows.rows.map((r) => [r.key, r]));
    // The database's clock, so that every process decides on one time; read once the rows are locked, not
    // now() (the transaction's start): an attempt that waited for the lock behind another would decide at a
    // time before the turn that other one set, and tell a Retry-After longer than the spacing.
    const clock = await tx.execute<{ now: number }>(sql`select ${epochMs(sql`clock_timestamp()`)} as now`);
    const now = new Date(clock.rows[0]!.now);
    const decided = decideAttempt(
      {
        pair: counterOf(byKey.get(keys.pair)),
        account: counterOf(byKey.get(keys.account)),
        address: counterOf(byKey.get(keys.address)),
        knownAt: counterOf(byKey.get(keys.known) ?? undefined)?.windowStartedAt ?? null,
      },
      now,
      s,
    );
    if (decided.kind === "check") {
      const values = (["pair", "account", "address"] as const).map((k) => {
        const c = decided.next[k];
        return sql`(${keys[k]}, ${c.failures}::int, ${c.windowStartedAt.toISOString()}::timestamptz,
          ${c.nextTurnAt?.toISOString() ?? null}::timestamptz)`;
      });
      await tx.execute(sql`
        update ${signInThrottle} as t
        set failures = v.failures, window_started_at = v.started, next_turn_at = v.turn
        from (values ${sql.join(values, sql`, `)}) as v(key, failures, started, turn)
        where t.key = v.key`);
    }
    return decided;
  });
  if (decision.kind === "refuse") {
    const wait = decision.retryAfterSeconds;
    throw new TooManyRequests(`${REFUSALS[decision.by]}; try again in ${waitPhrase(wait)}`, wait);
  }
  if (decision.waitMs > 0) await sleep(decision.waitMs);
}

/**
 * The password was right: the pair starts afresh, the attempt is given back to the account and the address
 * (the owner's own sign-ins never add up to a slowdown), and the address becomes known to the account.
 */
export async function recordSuccess(db: Db, email: string, address: string): Promise<void> {
  const keys = signInKeys(email, address);
  await db.delete(signInThrottle).where(inArray(signInThrottle.key, [keys.pair]));
  await db.execute(sql`
    update ${signInThrottle} set failures = greatest(${signInThrottle.failures} - 1, 0)
    where ${inArray(signInThrottle.key, [keys.account, keys.address])}`);
  await rememberAddress(db, email, address);
}

/** The account proved its password from `address` (a sign-in, or the registration that set it). */
export async function rememberAddress(db: Db, email: string, address: string): Promise<void> {
  await db.execute(sql`
    insert into ${signInThrottle} (key, failures, window_started_at)
    values (${signInKeys(email, address).known}, 0, now())
    on conflict (key) do update set window_started_at = now()`);
}

export type ThrottleKey = { key: string; limit: number };

/**
 * A plain fixed-window counter (registrations, members added): counts one attempt against every key,
 * atomically, and answers the seconds until the caller may try again (0 when within every limit).
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

/**
 * Removes what no longer counts (the periodic purge): counters whose window ended and whose turn passed, and
 * known addresses not signed in from for `knownAddressDays`.
 */
export async function purgeThrottleRows(db: Db, windowMinutes: number, knownAddressDays: number) {
  const known = sql`${signInThrottle.key} like 'known:%'`;
  const rows = await db
    .delete(signInThrottle)
    .where(
      sql`(not ${known} and ${lt(signInThrottle.windowStartedAt, sql`now() - make_interval(mins => ${windowMinutes})`)}
           and (${signInThrottle.nextTurnAt} is null or ${signInThrottle.nextTurnAt} < now()))
          or (${known} and ${lt(signInThrottle.windowStartedAt, sql`now() - make_interval(days => ${knownAddressDays})`)})`,
    )
    .returning({ key: signInThrottle.key });
  return rows.length;
}
