import { describe, expect, it } from "vitest";
import { type BenchmarkShip, sisterShipGroups } from "./sister-benchmark";
import { sizeBandOf } from "./size-bands";

const ship = (
  shipId: number,
  deadweight: number | null,
  figures: Partial<BenchmarkShip["figures"]> = {},
  shipType: BenchmarkShip["shipType"] = "bulk_carrier",
): BenchmarkShip => ({
  shipId,
  shipType,
  deadweight,
  figures: { sfocVsShopTestPercent: null, speedLossPercent: null, eeoi: null, costPerNm: null, ...figures },
});

describe("size bands", () => {
  it.each([
    ["bulk_carrier", 39_999, "handysize"],
    ["bulk_carrier", 40_000, "handymax"],
    ["bulk_carrier", 81_600, "panamax"],
    ["bulk_carrier", 180_000, "capesize"],
    ["tanker", 115_000, "aframax"],
    ["tanker", 300_000, "vlcc"],
    ["container_ship", 52_400, "panamax"],
    ["general_cargo_ship", 12_000, "medium"],
  ] as const)("a %s of %d dwt is %s (lower bound inclusive)", (type, dwt, id) => {
    expect(sizeBandOf(type, dwt)?.id).toBe(id);
  });

  it("a ship without a deadweight has no band", () => {
    expect(sizeBandOf("tanker", null)).toBeNull();
    expect(sizeBandOf("tanker", 0)).toBeNull();
  });
});

describe("sister ship groups", () => {
  it("groups by type and band, ranks lower as better, and names the worst", () => {
    const groups = sisterShipGroups([
      ship(1, 80_000, { speedLossPercent: 4, costPerNm: 50 }),
      ship(2, 82_000, { speedLossPercent: 9, costPerNm: 44 }),
      ship(3, 75_000, { speedLossPercent: 6 }),
      ship(4, 120_000, { speedLossPercent: 20 }), // capesize: alone
      ship(5, 80_000, { speedLossPercent: 1 }, "tanker"), // another type
    ]);
    expect(groups).toHaveLength(1);
    const [g] = groups;
    expect(g!.shipIds).toEqual([1, 2, 3]);
    expect(g!.band.id).toBe("panamax");
    const loss = g!.metrics.speedLossPercent!;
    expect(loss).toMatchObject({
      n: 3,
      median: 6,
      best: { shipId: 1, value: 4 },
      worst: { shipId: 2, value: 9 },
    });
    expect(loss.spread).toBe(5);
    expect(loss.ships.map((s) => s.fromMedian)).toEqual([-2, 0, 3]);
    // cost per nm: only two ships have it, the median is their mean
    expect(g!.metrics.costPerNm).toMatchObject({ n: 2, median: 47, worst: { shipId: 1 } });
  });

  it("compares nothing where fewer than two ships have a figure", () => {
    const [g] = sisterShipGroups([ship(1, 80_000, { eeoi: 5 }), ship(2, 82_000)]);
    expect(g!.metrics.eeoi).toBeNull();
    expect(g!.metrics.sfocVsShopTestPercent).toBeNull();
  });

  it("leaves out ships without a size, and groups of one", () => {
    expect(sisterShipGroups([ship(1, null), ship(2, null), ship(3, 50_000)])).toEqual([]);
  });
});
