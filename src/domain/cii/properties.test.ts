import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { FUEL_TYPES } from "../fuels/fuel-types.js";
import { CII_SHIP_TYPES } from "./capacity-basis.js";
import { assessCii } from "./cii-assessment.js";
import { CII_RATINGS } from "./rating.js";
import { CII_FIRST_RATED_YEAR, CII_FIRST_YEAR, CII_LAST_YEAR } from "./reduction-factors.js";
import { requiredCii } from "./required-cii.js";

const rank = (r: (typeof CII_RATINGS)[number] | null) => (r === null ? -1 : CII_RATINGS.indexOf(r));
const shipType = fc.constantFrom(...CII_SHIP_TYPES);
const capacity = fc.double({ min: 500, max: 400_000, noNaN: true });
const year = fc.integer({ min: CII_FIRST_RATED_YEAR, max: CII_LAST_YEAR });
const tonnes = fc.double({ min: 1, max: 200_000, noNaN: true });
const distance = fc.double({ min: 100, max: 300_000, noNaN: true });
const fuelType = fc.constantFrom(...FUEL_TYPES);

describe("CII properties (MEPC.352/353/354(78), MEPC.338(76)/400(83))", () => {
  test("more fuel never improves the rating", () => {
    fc.assert(
      fc.property(
        shipType,
        capacity,
        year,
        fuelType,
        tonnes,
        distance,
        fc.double({ min: 1, max: 10, noNaN: true }),
        (t, c, y, f, m, d, k) => {
          const base = assessCii({
            shipType: t,
            capacity: c,
            year: y,
            fuels: [{ fuelType: f, tonnes: m }],
            distanceNm: d,
          });
          const more = assessCii({
            shipType: t,
            capacity: c,
            year: y,
            fuels: [{ fuelType: f, tonnes: m * k }],
            distanceNm: d,
          });
          expect(rank(more.rating)).toBeGreaterThanOrEqual(rank(base.rating));
        },
      ),
    );
  });

  test("a longer distance for the same fuel never worsens the rating", () => {
    fc.assert(
      fc.property(
        shipType,
        capacity,
        year,
        tonnes,
        distance,
        fc.double({ min: 1, max: 10, noNaN: true }),
        (t, c, y, m, d, k) => {
          const fuels = [{ fuelType: "HFO" as const, tonnes: m }];
          const base = assessCii({ shipType: t, capacity: c, year: y, fuels, distanceNm: d });
          const longer = assessCii({ shipType: t, capacity: c, year: y, fuels, distanceNm: d * k });
          expect(rank(longer.rating)).toBeLessThanOrEqual(rank(base.rating));
        },
      ),
    );
  });

  test("required CII decreases strictly year on year, 2019–2030", () => {
    fc.assert(
      fc.property(
        shipType,
        capacity,
        fc.integer({ min: CII_FIRST_YEAR, max: CII_LAST_YEAR - 1 }),
        (t, c, y) => {
          expect(requiredCii(t, c, y + 1)).toBeLessThan(requiredCii(t, c, y));
        },
      ),
    );
  });

  test("boundaries are ordered superior < lower < required < upper < inferior", () => {
    fc.assert(
      fc.property(shipType, capacity, year, (t, c, y) => {
        const a = assessCii({
          shipType: t,
          capacity: c,
          year: y,
          fuels: [{ fuelType: "HFO", tonnes: 1 }],
          distanceNm: 1,
        });
        const b = a.boundaries;
        expect(
          b.superior < b.lower && b.lower < a.requiredCii && a.requiredCii < b.upper && b.upper < b.inferior,
        ).toBe(true);
      }),
    );
  });

  test("the attained CII scales with 1/capacity and 1/distance (AER/cgDIST = M/(C·D))", () => {
    fc.assert(
      fc.property(shipType, capacity, year, tonnes, distance, (t, c, y, m, d) => {
        const a = assessCii({
          shipType: t,
          capacity: c,
          year: y,
          fuels: [{ fuelType: "HFO", tonnes: m }],
          distanceNm: d,
        });
        expect(a.attainedCii * c * d).toBeCloseTo(m * 3.114e6, 0);
      }),
    );
  });
});
