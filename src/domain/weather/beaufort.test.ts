import { describe, expect, test } from "vitest";
import { BEAUFORT_SCALE, beaufortForceFromKnots, beaufortForceFromMps, beaufortRow } from "./beaufort.js";

// Source for every case: reference-data.md §11 Beaufort table [C2].
describe("Beaufort force from knots: whole-knot bands of the table, speed rounded to the nearest knot", () => {
  test.each([
    [0, 0],
    [0.4, 0],
    [0.5, 1],
    [1, 1],
    [3, 1],
    [3.4, 1],
    [3.5, 2],
    [4, 2],
    [6, 2],
    [7, 3],
    [10, 3],
    [11, 4],
    [16, 4],
    [17, 5],
    [21, 5],
    [22, 6],
    [27, 6],
    [28, 7],
    [33, 7],
    [34, 8],
    [40, 8],
    [41, 9],
    [47, 9],
    [48, 10],
    [55, 10],
    [56, 11],
    [63, 11],
    [64, 12],
    [100, 12],
  ])("%f kn is force %i", (kn, force) => {
    expect(beaufortForceFromKnots(kn)).toBe(force);
  });
});

describe("Beaufort force from m/s: lower bounds in tenths of m/s from the table", () => {
  test.each([
    [0, 0],
    [0.2, 0],
    [0.3, 1],
    [1.5, 1],
    [1.6, 2],
    [3.3, 2],
    [3.4, 3],
    [5.4, 3],
    [5.5, 4],
    [7.9, 4],
    [8.0, 5],
    [10.7, 5],
    [10.8, 6],
    [13.8, 6],
    [13.9, 7],
    [17.1, 7],
    [17.2, 8],
    [20.7, 8],
    [20.8, 9],
    [24.4, 9],
    [24.5, 10],
    [28.4, 10],
    [28.5, 11],
    [32.6, 11],
    [32.7, 12],
    [50, 12],
  ])("%f m/s is force %i", (mps, force) => {
    expect(beaufortForceFromMps(mps)).toBe(force);
  });

  test("ISO 19030 wind limit 7.9 m/s is exactly the top of force 4 (reference §11 note)", () => {
    expect(beaufortForceFromMps(7.9)).toBe(4);
    expect(beaufortForceFromMps(7.96)).toBe(5);
  });
});

describe("Beaufort rows carry descriptions and probable wave heights", () => {
  test.each([
    [0, "Calm", null, null],
    [4, "Moderate breeze", 1.0, 1.5],
    [8, "Gale", 5.5, 7.5],
    [12, "Hurricane", 14.0, null],
  ])("force %i is %s, waves %s m (max %s m)", (force, description, probable, max) => {
    const row = beaufortRow(force);
    expect(row.description).toBe(description);
    expect(row.probableWaveHeightM).toBe(probable);
    expect(row.probableMaxWaveHeightM).toBe(max);
  });

  test("the table has 13 forces in order and rejects negative speeds and force 13", () => {
    expect(BEAUFORT_SCALE.map((r) => r.force)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(() => beaufortForceFromKnots(-1)).toThrow(/windSpeedKn/);
    expect(() => beaufortRow(13)).toThrow(/beaufortForce/);
  });
});
