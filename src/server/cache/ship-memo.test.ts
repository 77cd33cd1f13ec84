/** The per-ship memo: only ships whose version moved, or whose entry aged, are computed again. */
import { describe, expect, it } from "vitest";
import type { Db } from "../db/client";
import { ShipMemo } from "./ship-memo";

const db = {} as Db;
const otherDb = {} as Db;

function memo() {
  const asked: (number[] | null)[] = [];
  const m = new ShipMemo<string>(60_000);
  const values = (versions: Record<number, string>, nowMs: number, d = db, wholeOrganisation = false) =>
    m.values(
      d,
      1,
      new Map(Object.entries(versions).map(([id, v]) => [Number(id), v])),
      nowMs,
      async (ids) => {
        asked.push(ids);
        const ships = ids ?? Object.keys(versions).map(Number);
        return new Map(ships.filter((id) => id !== 9).map((id) => [id, `ship ${id} v${versions[id]}`]));
      },
      { absent: "none", wholeOrganisation },
    );
  return { values, asked };
}

describe("ShipMemo", () => {
  it("computes the ships whose version moved, keeps the others, in the order asked", async () => {
    const { values, asked } = memo();
    expect(await values({ 1: "1.1", 2: "1.1" }, 0, db, true)).toEqual(["ship 1 v1.1", "ship 2 v1.1"]);
    expect(asked).toEqual([null]); // every ship of the organisation: read whole
    expect(await values({ 1: "1.1", 2: "2.1" }, 1_000)).toEqual(["ship 1 v1.1", "ship 2 v2.1"]);
    expect(asked.at(-1)).toEqual([2]);
    expect(await values({ 1: "1.1", 2: "2.1" }, 2_000)).toEqual(["ship 1 v1.1", "ship 2 v2.1"]);
    expect(asked).toHaveLength(2);
  });

  it("computes an entry again once it is older than its bound, and never shares one between databases", async () => {
    const { values, asked } = memo();
    await values({ 1: "1.1" }, 0);
    await values({ 1: "1.1" }, 59_999);
    expect(asked).toHaveLength(1);
    await values({ 1: "1.1" }, 60_000);
    expect(asked).toHaveLength(2);
    await values({ 1: "1.1" }, 60_001, otherDb);
    expect(asked).toHaveLength(3);
    // a clock that went back is no reason to trust an entry either
    await values({ 1: "1.1" }, 0);
    expect(asked).toHaveLength(4);
  });

  it("gives `absent` to a ship the computation left out, and refuses to invent one without it", async () => {
    const { values } = memo();
    expect(await values({ 9: "1.1" }, 0)).toEqual(["none"]);
    const strict = new ShipMemo<string>(60_000);
    await expect(strict.values(db, 1, new Map([[3, "1.1"]]), 0, async () => new Map())).rejects.toThrow(
      /no value computed for ship 3/,
    );
  });
});
