import { describe, expect, it } from "vitest";
import { inShipWriteTurn, queuedShipWrites } from "./ship-write-turns";

const tick = () => new Promise((r) => setTimeout(r, 5));

describe("ship write turns", () => {
  it("runs one ship's writes one after the other, in the order they came", async () => {
    const log: string[] = [];
    const write = (n: number) =>
      inShipWriteTurn(1, 7, async () => {
        log.push(`start ${n}`);
        await tick();
        log.push(`end ${n}`);
        return n;
      });
    expect(await Promise.all([write(1), write(2), write(3)])).toEqual([1, 2, 3]);
    expect(log).toEqual(["start 1", "end 1", "start 2", "end 2", "start 3", "end 3"]);
    expect(queuedShipWrites()).toBe(0);
  });
  it("lets other ships, and the same ship id under another organisation, write meanwhile", async () => {
    const log: string[] = [];
    const write = (org: number, ship: number) =>
      inShipWriteTurn(org, ship, async () => {
        log.push(`start ${org}:${ship}`);
        await tick();
        log.push(`end ${org}:${ship}`);
      });
    await Promise.all([write(1, 7), write(1, 8), write(2, 7)]);
    expect(log.slice(0, 3)).toEqual(["start 1:7", "start 1:8", "start 2:7"]);
  });
  it("a failed write gives the turn to the next", async () => {
    const failing = inShipWriteTurn(1, 9, async () => {
      throw new Error("refused");
    });
    const next = inShipWriteTurn(1, 9, async () => "stored");
    await expect(failing).rejects.toThrow("refused");
    expect(await next).toBe("stored");
    expect(queuedShipWrites()).toBe(0);
  });
});
