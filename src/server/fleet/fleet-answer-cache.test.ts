import { describe, expect, it } from "vitest";
import { FleetAnswerCache, UNSETTLED_TTL_MS } from "./fleet-answer-cache";

describe("FleetAnswerCache", () => {
  it("serves an answer only under the fingerprint it was built for", () => {
    const cache = new FleetAnswerCache<string>();
    cache.set(1, "k1", "answer 1", undefined, 0);
    expect(cache.get(1, "k1", 10 ** 12)).toBe("answer 1");
    expect(cache.get(1, "k2", 0)).toBeUndefined();
    expect(cache.get(2, "k1", 0)).toBeUndefined();
  });

  it("serves an unsettled answer (lines behind their data) for UNSETTLED_TTL_MS only", () => {
    const cache = new FleetAnswerCache<string>();
    cache.set(1, "k", "stale lines", UNSETTLED_TTL_MS, 1_000);
    expect(cache.get(1, "k", 1_000 + UNSETTLED_TTL_MS - 1)).toBe("stale lines");
    expect(cache.get(1, "k", 1_000 + UNSETTLED_TTL_MS)).toBeUndefined();
  });

  it("keeps at most the given number of organisations, dropping the least recently stored", () => {
    const cache = new FleetAnswerCache<number>(2);
    cache.set(1, "k", 1, undefined, 0);
    cache.set(2, "k", 2, undefined, 0);
    cache.set(1, "k", 11, undefined, 0);
    cache.set(3, "k", 3, undefined, 0);
    expect([cache.get(1, "k", 0), cache.get(2, "k", 0), cache.get(3, "k", 0)]).toEqual([11, undefined, 3]);
  });
});
