/**
 * The sign-in throttle's rules (decision record 023), as a pure function of the counters and the time: no I/O,
 * so that every case is a line of a table in sign-in-rules.test.ts. sign-in-throttle.ts reads and writes the
 * counters in PostgreSQL around it.
 *
 * One attempt at a password (sign-in, step-up, password change) is counted against three keys:
 *
 * - the account-and-address pair: `pairMaxFailures` checks per window, then the pair is refused (429) until
 *   its window ends. This is what stops one guesser, and it touches nobody else.
 * - the account, from every address: past `accountMaxFailures` in the window, the account's password is
 *   checked at most once every `slowdownSeconds`. An attempt whose turn comes within that time waits for it
 *   (the answer is late, never refused); one that would wait longer (others are queued) is answered 429 with a
 *   Retry-After of at most a few seconds. A distributed guesser is held to a bounded rate; nobody is locked out.
 * - the address, across accounts (credential stuffing): the same slowdown past `addressMaxFailures`, so one
 *   address trying many accounts is slowed, while a right password of another account from it still gets in.
 *
 * An address the account signed in from within `knownAddressDays` skips the account's and the address's
 * slowdowns (only its own pair limit applies): the owner at their usual desk gets in at once even while the
 * account is guessed from everywhere else.
 */

export type ThrottleSettings = {
  /** Checks per account-and-address pair in the window; then 429 until the window ends. */
  pairMaxFailures: number;
  /** Failed checks per account, all addresses, in the window before its checks are spaced. */
  accountMaxFailures: number;
  /** Failed checks per address, all accounts, in the window before its checks are spaced. */
  addressMaxFailures: number;
  windowMinutes: number;
  /** Spacing of a slowed account's or address's checks, and the longest an answer is held for its turn. */
  slowdownSeconds: number;
  /** How long a successful sign-in makes its address known to the account. */
  knownAddressDays: number;
};

/** One key's counter: failed checks in the window that started at `windowStartedAt`, and its next free turn. */
export type Counter = { failures: number; windowStartedAt: Date; nextTurnAt: Date | null };

export type AttemptState = {
  pair: Counter | null;
  account: Counter | null;
  address: Counter | null;
  /** When the account last signed in from this address; null when never (or forgotten). */
  knownAt: Date | null;
};

export type RefusedBy = "pair" | "account" | "address";

export type Decision =
  | { kind: "refuse"; by: RefusedBy; retryAfterSeconds: number }
  /** Check the password after `waitMs`, having stored the counters `next` (the attempt counted as a failure). */
  | { kind: "check"; waitMs: number; next: { pair: Counter; account: Counter; address: Counter } };

const SECOND = 1000;

/** The counter as it stands at `now`: a window that ended starts afresh (no failures, no queue). */
export function currentCounter(counter: Counter | null, now: Date, windowMinutes: number): Counter {
  if (counter && counter.windowStartedAt.getTime() > now.getTime() - windowMinutes * 60 * SECOND) {
    return counter;
  }
  return { failures: 0, windowStartedAt: now, nextTurnAt: null };
}

/** Whole seconds to wait, at least 1 (a Retry-After of 0 would invite an immediate retry). */
const seconds = (ms: number) => Math.max(1, Math.ceil(ms / SECOND));

/**
 * The turn of a slowed key: undefined when the key is not slowed (under its limit), else the wait until its
 * next free turn, or a refusal when that turn is further than one spacing away (others are waiting for it).
 */
type Turn = { waitMs: number; retryAfterSeconds?: undefined } | { retryAfterSeconds: number };

function turnOf(counter: Counter, limit: number, now: Date, spacingMs: number): Turn | undefined {
  if (counter.failures < limit) return undefined;
  const turn = Math.max(now.getTime(), counter.nextTurnAt?.getTime() ?? 0);
  const wait = turn - now.getTime();
  return wait <= spacingMs ? { waitMs: wait } : { retryAfterSeconds: seconds(wait - spacingMs) };
}

/** Decides one attempt at a password, before the password is checked. */
export function decideAttempt(state: AttemptState, now: Date, s: ThrottleSettings): Decision {
  const pair = currentCounter(state.pair, now, s.windowMinutes);
  const account = currentCounter(state.account, now, s.windowMinutes);
  const address = currentCounter(state.address, now, s.windowMinutes);
  const windowMs = s.windowMinutes * 60 * SECOND;

  if (pair.failures >= s.pairMaxFailures) {
    const ends = pair.windowStartedAt.getTime() + windowMs;
    return { kind: "refuse", by: "pair", retryAfterSeconds: seconds(ends - now.getTime()) };
  }
  const spacingMs = s.slowdownSeconds * SECOND;
  const known =
    state.knownAt !== null && state.knownAt.getTime() > now.getTime() - s.knownAddressDays * 86_400 * SECOND;
  const turns = known
    ? { account: undefined, address: undefined }
    : {
        account: turnOf(account, s.accountMaxFailures, now, spacingMs),
        address: turnOf(address, s.addressMaxFailures, now, spacingMs),
      };
  let waitMs = 0;
  for (const by of ["account", "address"] as const) {
    const turn = turns[by];
    if (turn?.retryAfterSeconds !== undefined) {
      return { kind: "refuse", by, retryAfterSeconds: turn.retryAfterSeconds };
    }
    if (turn) waitMs = Math.max(waitMs, turn.waitMs);
  }
  // A slowed key's next turn is one spacing after this check; a key under its limit keeps no queue.
  const nextTurn = new Date(now.getTime() + waitMs + spacingMs);
  const counted = (c: Counter, slowed: boolean): Counter => ({
    ...c,
    failures: c.failures + 1,
    nextTurnAt: slowed ? nextTurn : c.nextTurnAt,
  });
  return {
    kind: "check",
    waitMs,
    next: {
      pair: counted(pair, false),
      account: counted(account, turns.account !== undefined),
      address: counted(address, turns.address !== undefined),
    },
  };
}
