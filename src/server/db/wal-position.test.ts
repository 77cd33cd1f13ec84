import { describe, expect, it } from "vitest";
import { formatLsn, lsnOrUndefined, parseLsn, WalSamples } from "./wal-position";

describe("WAL positions", () => {
  it.each([
    ["0/3000000", 0x3000000n],
    ["16/B374D848", (0x16n << 32n) + 0xb374d848n],
    ["FFFFFFFF/FFFFFFFF", 2n ** 64n - 1n],
  ])("%s is read as its 64-bit position and written back the same", (text, value) => {
    expect(parseLsn(text)).toBe(value);
    expect(formatLsn(value)).toBe(text);
  });

  it("orders positions by their high, then low, word (not as text)", () => {
    expect(parseLsn("0/FFFFFFFF") < parseLsn("1/0")).toBe(true);
    expect(parseLsn("A/1") > parseLsn("9/FFFFFFFF")).toBe(true);
  });

  it("a cookie that is not a position is ignored", () => {
    for (const bad of ["", "0/", "x/1", "1/2/3", "123456789/0", undefined, 7])
      expect(lsnOrUndefined(bad)).toBeUndefined();
  });

  it("is the age of the oldest position the standby has not replayed, and grows while it stays stuck", () => {
    const s = new WalSamples();
    s.add(1_000, 100n);
    s.add(2_000, 200n);
    s.add(3_000, 300n);
    expect(s.lagMs(150n, 3_000)).toBe(1_000); // missing what the primary had at 2 s
    expect(s.lagMs(150n, 10_000)).toBe(8_000);
    expect(s.lagMs(300n, 10_000)).toBe(0);
  });

  it("forgets what every standby has replayed, but never its last position, nor a stuck standby's age", () => {
    const s = new WalSamples();
    s.add(1_000, 100n);
    s.add(2_000, 200n);
    s.forget(100n);
    s.add(60_000, 300n); // a write after a long idle time
    expect(s.lagMs(100n, 61_000)).toBe(59_000); // still behind since 2 s, not since 60 s
    s.forget(300n);
    expect(s.lagMs(300n, 100_000)).toBe(0);
  });

  it("keeps at most its bound of samples: a standby behind all of them is behind the oldest kept", () => {
    const s = new WalSamples(3);
    for (let i = 1; i <= 5; i++) s.add(i * 1_000, BigInt(i * 100));
    expect(s.lagMs(0n, 6_000)).toBe(3_000);
  });
});
