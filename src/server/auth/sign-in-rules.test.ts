import { describe, expect, it } from "vitest";
import { type AttemptState, type Counter, decideAttempt, type ThrottleSettings } from "./sign-in-rules";

const S: ThrottleSettings = {
  pairMaxFailures: 10,
  accountMaxFailures: 20,
  addressMaxFailures: 30,
  windowMinutes: 15,
  slowdownSeconds: 3,
  knownAddressDays: 30,
};
const NOW = new Date("2025-06-01T12:00:00Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const later = (ms: number) => new Date(NOW.getTime() + ms);
const counter = (failures: number, nextTurnAt: Date | null = null, startedMsAgo = 60_000): Counter => ({
  failures,
  windowStartedAt: ago(startedMsAgo),
  nextTurnAt,
});
const fresh: AttemptState = { pair: null, account: null, address: null, knownAt: null };
const decide = (state: Partial<AttemptState>) => decideAttempt({ ...fresh, ...state }, NOW, S);

describe("the pair limit (one address guessing one account)", () => {
  it.each([
    ["a first attempt is checked at once", {}, { kind: "check", waitMs: 0 }],
    ["the 10th attempt of the pair is checked", { pair: counter(9) }, { kind: "check", waitMs: 0 }],
    [
      "the 11th is refused until the pair's window ends (14 min left)",
      { pair: counter(10) },
      { kind: "refuse", by: "pair", retryAfterSeconds: 14 * 60 },
    ],
    [
      "a known address is refused by its own pair limit too",
      { pair: counter(10), knownAt: ago(1000) },
      { kind: "refuse", by: "pair" },
    ],
    [
      "a pair whose window ended starts afresh",
      { pair: counter(10, null, 16 * 60_000) },
      { kind: "check", waitMs: 0 },
    ],
  ] as const)("%s", (_name, state, expected) => {
    expect(decide(state)).toMatchObject(expected);
  });

  it("counts the checked attempt against the pair, the account and the address", () => {
    const d = decide({ pair: counter(2), account: counter(5), address: counter(7) });
    expect(
      d.kind === "check" && [d.next.pair, d.next.account, d.next.address].map((c) => c.failures),
    ).toEqual([3, 6, 8]);
  });
});

describe("the account's slowdown (many addresses guessing one account): delays, never locks", () => {
  it.each([
    ["under its limit: checked at once", { account: counter(19) }, { kind: "check", waitMs: 0 }],
    ["at its limit, no one queued: checked at once", { account: counter(20) }, { kind: "check", waitMs: 0 }],
    [
      "at its limit, the next turn in 2 s: waits 2 s, then checked",
      { account: counter(120, later(2000)) },
      { kind: "check", waitMs: 2000 },
    ],
    [
      "the next turn one spacing away: still waits (at most slowdownSeconds)",
      { account: counter(120, later(3000)) },
      { kind: "check", waitMs: 3000 },
    ],
    [
      "others queued (turn 5 s away): 429, retry in 2 s",
      { account: counter(120, later(5000)) },
      { kind: "refuse", by: "account", retryAfterSeconds: 2 },
    ],
    [
      "a turn that passed: checked at once",
      { account: counter(120, ago(10_000)) },
      { kind: "check", waitMs: 0 },
    ],
    [
      "a known address skips the queue, however long",
      { account: counter(500, later(600_000)), knownAt: ago(86_400_000) },
      { kind: "check", waitMs: 0 },
    ],
    [
      "an address known 31 days ago is forgotten: it queues",
      { account: counter(120, later(5000)), knownAt: ago(31 * 86_400_000) },
      { kind: "refuse", by: "account" },
    ],
    [
      "a window that ended lifts the slowdown",
      { account: counter(500, later(5000), 16 * 60_000) },
      { kind: "check", waitMs: 0 },
    ],
  ] as const)("%s", (_name, state, expected) => {
    expect(decide(state)).toMatchObject(expected);
  });

  it("a check of a slowed account takes its turn: the next one is a spacing after this check", () => {
    const d = decide({ account: counter(20, later(1000)) });
    expect(d).toMatchObject({ kind: "check", waitMs: 1000 });
    expect(d.kind === "check" && d.next.account.nextTurnAt).toEqual(later(4000));
  });

  it("a refused attempt takes no turn and counts nothing (a flood cannot push the queue away)", () => {
    // The state is only written for a check: a refusal leaves the counters as they were.
    expect(decide({ account: counter(20, later(9000)) })).toEqual({
      kind: "refuse",
      by: "account",
      retryAfterSeconds: 6,
    });
  });

  it("bounds the checks: with the queue kept full, one check per slowdownSeconds", () => {
    // Attempts every 100 ms for 60 s against a slowed account: each check writes its counters back.
    let account = counter(20);
    let checked = 0;
    for (let t = 0; t < 60_000; t += 100) {
      const d = decideAttempt({ ...fresh, account }, later(t), S);
      if (d.kind === "check") {
        checked += 1;
        account = d.next.account;
      }
    }
    // Turns at 0, 3, 6 … 57 s, and the one whose wait (≤ 3 s) started before 60 s.
    expect(checked).toBeLessThanOrEqual(60 / S.slowdownSeconds + 1);
    expect(checked).toBeGreaterThanOrEqual(60 / S.slowdownSeconds - 1);
  });
});

describe("the address's slowdown (one address trying many accounts)", () => {
  it.each([
    ["under its limit: checked at once", { address: counter(29) }, { kind: "check", waitMs: 0 }],
    [
      "slowed, a right password of another account waits its turn, then is checked",
      { address: counter(40, later(3000)) },
      { kind: "check", waitMs: 3000 },
    ],
    [
      "slowed and queued: 429, retry in a few seconds",
      { address: counter(40, later(4500)) },
      { kind: "refuse", by: "address", retryAfterSeconds: 2 },
    ],
    [
      "an account known at this address skips the address's queue",
      { address: counter(40, later(60_000)), knownAt: ago(1000) },
      { kind: "check", waitMs: 0 },
    ],
  ] as const)("%s", (_name, state, expected) => {
    expect(decide(state)).toMatchObject(expected);
  });

  it("waits for the later of the account's and the address's turns", () => {
    const d = decide({ account: counter(20, later(1000)), address: counter(30, later(2500)) });
    expect(d).toMatchObject({ kind: "check", waitMs: 2500 });
  });
});
