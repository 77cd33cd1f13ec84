import { describe, expect, it } from "vitest";
import { atSeaSourceOf } from "./fuel-sums";
import { AT_SEA_MIN_SPEED_KN, atSeaSpeed, isAtSea } from "./record-arithmetic";

describe("at sea: the log's speed through water, else speed over ground, else distance ÷ hours (issue 32 item 4)", () => {
  it.each([
    ["the log decides when it reports", 12, 0.1, 2, 24, "speed-through-water", true],
    [
      "a log reading ~0 is not at sea, whatever the ground says",
      0.4,
      12,
      288,
      24,
      "speed-through-water",
      false,
    ],
    ["no log speed: speed over ground", null, 11.5, null, 24, "speed-over-ground", true],
    ["over ground at anchor", null, 0.3, 7, 24, "speed-over-ground", false],
    ["only a distance: 288 nm over 24 h is 12 kn", null, null, 288, 24, "distance-over-hours", true],
    ["only a distance over no time: no speed", null, null, 50, 0, null, false],
    ["nothing known", null, null, null, 24, null, false],
    [
      `exactly ${AT_SEA_MIN_SPEED_KN} kn is not above the threshold`,
      null,
      1,
      null,
      1,
      "speed-over-ground",
      false,
    ],
  ] as const)("%s", (_name, stw, sog, nm, h, source, atSea) => {
    expect(atSeaSpeed(stw, sog, nm, h)?.source ?? null).toBe(source);
    expect(isAtSea(stw, sog, nm, h)).toBe(atSea);
  });

  it("a speed through water alone reads as before", () => {
    expect(isAtSea(12)).toBe(true);
    expect(isAtSea(null)).toBe(false);
  });

  it.each([
    [100, 0, "speed-through-water"],
    [100, 100, "speed-over-ground"],
    [100, 40, "mixed"],
    [0, 0, null],
  ] as const)("%d h at sea of which %d over ground: %s", (sea, overGround, source) => {
    expect(atSeaSourceOf(sea, overGround)).toBe(source);
  });
});
