import { describe, expect, test } from "vitest";
import { CII_SHIP_TYPES } from "./capacity-basis.js";
import { ddVectorFor } from "./dd-vectors.js";
import {
  type CiiRating,
  ciiRating,
  complianceStatus,
  type RatingBoundaries,
  ratingBoundaries,
} from "./rating.js";
import { requiredCii } from "./required-cii.js";

const EDGES = ["superior", "lower", "upper", "inferior"] as const;
const BETTER: Record<(typeof EDGES)[number], CiiRating> = {
  superior: "A",
  lower: "B",
  upper: "C",
  inferior: "D",
};
const WORSE: Record<(typeof EDGES)[number], CiiRating> = {
  superior: "B",
  lower: "C",
  upper: "D",
  inferior: "E",
};

describe("ETV README: required 10 with the bulk vector gives 8.6 / 9.4 / 10.6 / 11.8 (reference §12)", () => {
  const b = ratingBoundaries(10, ddVectorFor("bulk_carrier", 50_000).expD);
  test.each([
    ["superior", 8.6],
    ["lower", 9.4],
    ["upper", 10.6],
    ["inferior", 11.8],
  ] as const)("%s = %d", (edge, value) => {
    expect(b[edge]).toBeCloseTo(value, 12);
  });
  test.each([
    [8.5, "A"],
    [8.6, "A"],
    [8.61, "B"],
    [9.4, "B"],
    [9.41, "C"],
    [10.6, "C"],
    [10.61, "D"],
    [11.8, "D"],
    [11.81, "E"],
    [0, "A"],
  ] as const)("attained %d → %s (on a boundary: the better grade, reference §0)", (attained, rating) => {
    expect(ciiRating(attained, { superior: 8.6, lower: 9.4, upper: 10.6, inferior: 11.8 })).toBe(rating);
  });
});

// Every ship type's boundaries (MEPC.354(78)) at 2024 required CII, probed on, just below and just above
// each edge. On the edge the better grade applies (attained <= boundary, reference §0 decision).
const PROBES = CII_SHIP_TYPES.flatMap((type) => {
  const capacity = 50_000;
  const b: RatingBoundaries = ratingBoundaries(
    requiredCii(type, capacity, 2024),
    ddVectorFor(type, capacity).expD,
  );
  return EDGES.flatMap((edge) => [
    [type, edge, "on", b[edge], BETTER[edge], b] as const,
    [type, edge, "below", b[edge] * (1 - 1e-9), BETTER[edge], b] as const,
    [type, edge, "above", b[edge] * (1 + 1e-9), WORSE[edge], b] as const,
  ]);
});

describe("rating at and around every boundary of every ship type (MEPC.354(78) §4; reference §0 ties)", () => {
  test.each(PROBES)("%s, %s boundary, %s → %s", (_type, _edge, _where, attained, rating, b) => {
    expect(ciiRating(attained, b)).toBe(rating);
  });
});

describe("compliance status: A–C Compliant, D–E Non-Compliant (specification §4)", () => {
  test.each([
    ["A", "Compliant"],
    ["B", "Compliant"],
    ["C", "Compliant"],
    ["D", "Non-Compliant"],
    ["E", "Non-Compliant"],
  ] as const)("%s → %s", (rating, status) => {
    expect(complianceStatus(rating)).toBe(status);
  });
});

describe("attained CII must be a finite number >= 0", () => {
  test.each([-1, Number.NaN, Number.POSITIVE_INFINITY])("%d is rejected", (attained) => {
    expect(() => ciiRating(attained, { superior: 1, lower: 2, upper: 3, inferior: 4 })).toThrow(/attained/);
  });
});
