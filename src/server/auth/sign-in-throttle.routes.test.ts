/**
 * The sign-in throttle through the real route, with the shipped defaults (decision record 023): pair 10,
 * account 20, address 30 failures per 15 minutes, slowed checks 5 s apart, known addresses for 30 days.
 * Issue 30 finding 7: 120 wrong passwords from 12 addresses locked the account for everyone, and the
 * per-address limit locked every other account on that address.
 */
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestUser } from "../test/test-app";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SLOWDOWN_S = 5;

const login = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/login", remoteAddress, payload: { email, password } });

const statuses = (answers: LightMyRequestResponse[]) => answers.map((a) => a.statusCode);
const count = (answers: LightMyRequestResponse[], status: number) =>
  answers.filter((a) => a.statusCode === status).length;
const retryAfter = (res: LightMyRequestResponse) => Number(res.headers["retry-after"]);

/** `perAddress` wrong passwords at the owner's account from each of `addresses`, all at once. */
const guessFrom = (owner: TestUser, addresses: string[], perAddress: number) =>
  Promise.all(
    addresses.flatMap((address) =>
      Array.from({ length: perAddress }, () => login(owner.email, "not the password", address)),
    ),
  );

const range = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);

describe("one address guessing one account", () => {
  it("is stopped after 10 failures (429 with Retry-After until the window ends), and touches nobody else", async () => {
    const owner = await t.registerOwner();
    const other = await t.registerOwner();
    for (let i = 0; i < 10; i++) {
      expect((await login(owner.email, "not the password", "192.0.2.1")).statusCode).toBe(401);
    }
    const stopped = await login(owner.email, owner.password, "192.0.2.1");
    expect(stopped.statusCode).toBe(429);
    expect(retryAfter(stopped)).toBeGreaterThan(14 * 60);
    expect(retryAfter(stopped)).toBeLessThanOrEqual(15 * 60);
    expect(stopped.json().error.message).toMatch(/try again in 1[45] minutes/);
    // The owner from elsewhere, and another account from the same address, sign in.
    expect((await login(owner.email, owner.password, "192.0.2.2")).statusCode).toBe(200);
    expect((await login(other.email, other.password, "192.0.2.1")).statusCode).toBe(200);
  });
});

describe("many addresses guessing one account: slowed, never locked", () => {
  it("120 wrong passwords from 12 addresses, then the owner from a 13th address signs in", async () => {
    const owner = await t.registerOwner();
    const attack = await guessFrom(owner, range("198.51.100.", 12), 10);
    expect(new Set(statuses(attack))).toEqual(new Set([401, 429]));
    // 20 checks before the slowdown, then one at once and one waiting its turn: the rest were not checked.
    expect(count(attack, 401)).toBeLessThanOrEqual(20 + 2);
    for (const refused of attack.filter((a) => a.statusCode === 429)) {
      expect(retryAfter(refused)).toBeLessThanOrEqual(SLOWDOWN_S);
    }
    const started = Date.now();
    const res = await login(owner.email, owner.password, "198.51.100.13");
    expect(res.statusCode).toBe(200);
    // …at most one turn later
    expect(Date.now() - started).toBeLessThan(SLOWDOWN_S * 1000 + 2000);
  });

  it("bounds the guess rate: with the queue kept full for 10 s, at most one check every 5 s", async () => {
    const owner = await t.registerOwner();
    await guessFrom(owner, range("203.0.113.", 2), 10); // 20 failures: the account is slowed
    const answers: LightMyRequestResponse[] = [];
    const until = Date.now() + 10_000;
    for (let wave = 0; Date.now() < until; wave++) {
      // each wave from fresh addresses, so that no pair limit is what stops them
      answers.push(...(await guessFrom(owner, range(`203.0.${wave + 1}.`, 8), 1)));
    }
    expect(count(answers, 429)).toBeGreaterThan(0);
    // turns at 0, 5, 10 s and the one waiting when the hammering stopped
    expect(count(answers, 401)).toBeLessThanOrEqual(10 / SLOWDOWN_S + 2);
  });

  it("the owner's usual address skips the queue: in at once while the account is guessed from elsewhere", async () => {
    const owner = await t.registerOwner();
    expect((await login(owner.email, owner.password, "192.0.2.50")).statusCode).toBe(200); // now known
    await guessFrom(owner, range("192.0.3.", 2), 10); // the account is slowed
    // Others queued: the next free turn 8 s away (one check waiting its turn, the next one taken).
    await t.db.execute(sql`update sign_in_throttle set next_turn_at = now() + interval '8 seconds'
      where key = ${`account:${owner.email}`}`);
    const stranger = await login(owner.email, owner.password, "192.0.3.99");
    expect(stranger.statusCode).toBe(429);
    expect(retryAfter(stranger)).toBeLessThanOrEqual(SLOWDOWN_S);
    const started = Date.now();
    const [usual, ...flood] = await Promise.all([
      login(owner.email, owner.password, "192.0.2.50"),
      ...range("192.0.4.", 10).map((a) => login(owner.email, "not the password", a)),
    ]);
    expect(usual!.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(SLOWDOWN_S * 1000);
    expect(count(flood, 401)).toBe(0); // the flood waited for turns still taken
  });
});

describe("one address trying many accounts (credential stuffing)", () => {
  it("is slowed, while a right password of another account from that address still signs in", async () => {
    const victim = await t.registerOwner();
    const colleague = await t.registerOwner();
    const stuffing = await Promise.all([
      ...Array.from({ length: 10 }, () => login(victim.email, "not the password", "192.0.5.1")),
      ...range("stuffed", 30).map((e) => login(`${e}@example.com`, "leaked password", "192.0.5.1")),
    ]);
    expect(count(stuffing, 401)).toBeLessThanOrEqual(30 + 2);
    expect(count(stuffing, 429)).toBeGreaterThan(0);
    const res = await login(colleague.email, colleague.password, "192.0.5.1");
    expect(res.statusCode).toBe(200);
    // the address's further failing attempts stay slowed
    const more = await Promise.all(
      range("more", 10).map((e) => login(`${e}@example.com`, "leaked password", "192.0.5.1")),
    );
    expect(count(more, 401)).toBeLessThanOrEqual(2);
    for (const refused of more.filter((a) => a.statusCode === 429)) {
      expect(retryAfter(refused)).toBeLessThanOrEqual(SLOWDOWN_S);
    }
  });
});
