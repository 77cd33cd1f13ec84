import { describe, expect, test } from "vitest";
import { douglasDegreeFromWaveHeight, douglasRow, representativeWaveHeight } from "./douglas.js";

// Source: reference-data.md §11 Douglas sea scale [C2]; an edge height belongs to the lower degree.
describe("Douglas degree from significant wave height: bands (min, max], edges to the lower degree", () => {
  test.each([
    [0, 0],
    [0.05, 1],
    [0.1, 1],
    [0.11, 2],
    [0.5, 2],
    [0.51, 3],
    [1.25, 3],
    [1.3, 4],
    [2.5, 4],
    [2.6, 5],
    [4, 5],
    [4.1, 6],
    [6, 6],
    [6.1, 7],
    [9, 7],
    [9.1, 8],
    [14, 8],
    [14.01, 9],
    [20, 9],
  ])("%f m is degree %i", (h, degree) => {
    expect(douglasDegreeFromWaveHeight(h)).toBe(degree);
  });

  test.each([
    [0, "Calm (glassy)"],
    [3, "Slight"],
    [5, "Rough"],
    [9, "Phenomenal"],
  ])("degree %i is %s", (degree, description) => {
    expect(douglasRow(degree).description).toBe(description);
  });

  test.each([
    [0, 0],
    [3, 0.875],
    [4, 1.875],
    [9, 14],
  ])("representative height of degree %i is the band middle (open band: lower edge) = %f m", (degree, h) => {
    expect(representativeWaveHeight(degree)).toBeCloseTo(h, 10);
  });

  test("rejects negative heights and degree 10", () => {
    expect(() => douglasDegreeFromWaveHeight(-0.1)).toThrow(/waveHeightM/);
    expect(() => douglasRow(10)).toThrow(/seaState/);
  });
});
