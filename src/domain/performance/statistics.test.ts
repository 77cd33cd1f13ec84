import { describe, expect, test } from "vitest";
import { extentOf } from "./statistics";

describe("extentOf gives an axis its range from the finite values only", () => {
  test.each([
    [
      [3, -1, 2],
      [-1, 3],
    ],
    [
      [null, 5, undefined, Number.NaN, Number.POSITIVE_INFINITY, 4],
      [4, 5],
    ],
    [[7], [7, 7]],
  ] as const)("%j → %j", (values, range) => expect(extentOf(values)).toEqual(range));

  test("none known: null, not ±Infinity", () => {
    expect(extentOf([])).toBeNull();
    expect(extentOf([null, Number.NaN])).toBeNull();
  });

  test("reads any iterable (a generator over chart columns)", () => {
    function* columns() {
      yield* new Float64Array([2, 9]);
      yield* [null, -4];
    }
    expect(extentOf(columns())).toEqual([-4, 9]);
  });
});
