import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { relativeWindFromTrue, trueWindFromRelative, windSpeedAtReferenceHeight } from "./relative-wind.js";

// Hand-worked vector cases (conventions in relative-wind.ts; ITTC 7.5-04-01-01.1 geometry).
describe("relative wind from true wind, heading and ship speed", () => {
  test.each([
    ["head wind adds the ship's speed", 10, 0, 0, 15, 25, 0],
    ["head wind on a ship heading east", 10, 90, 90, 15, 25, 0],
    ["following wind slower than the ship is felt from ahead", 10, 180, 0, 15, 5, 0],
    ["following wind faster than the ship is felt from astern", 20, 180, 0, 15, 5, 180],
    [
      "beam wind from starboard at equal speed comes 45° on the starboard bow",
      10,
      90,
      0,
      10,
      Math.SQRT2 * 10,
      45,
    ],
    ["beam wind from port at equal speed comes 45° on the port bow", 10, 270, 0, 10, Math.SQRT2 * 10, -45],
    ["ship stopped: relative = true, angle = direction − heading", 12, 30, 350, 0, 12, 40],
  ])("%s", (_name, vt, dir, heading, vs, speed, angle) => {
    const r = relativeWindFromTrue({
      trueWindSpeed: vt,
      trueWindDirectionDeg: dir,
      headingDeg: heading,
      shipSpeed: vs,
    });
    expect(r.speed).toBeCloseTo(speed, 9);
    expect(r.angleDeg).toBeCloseTo(angle, 9);
  });

  test("true → relative → true round-trips (property)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.5, max: 40, noNaN: true }),
        fc.double({ min: 0, max: 359.9, noNaN: true }),
        fc.double({ min: 0, max: 359.9, noNaN: true }),
        fc.double({ min: 0, max: 25, noNaN: true }),
        (vt, dir, heading, vs) => {
          const rel = relativeWindFromTrue({
            trueWindSpeed: vt,
            trueWindDirectionDeg: dir,
            headingDeg: heading,
            shipSpeed: vs,
          });
          const back = trueWindFromRelative({
            relativeWindSpeed: rel.speed,
            relativeWindAngleDeg: rel.angleDeg,
            headingDeg: heading,
            shipSpeed: vs,
          });
          expect(back.speed).toBeCloseTo(vt, 6);
          const diff = Math.abs(((back.directionDeg - dir + 540) % 360) - 180);
          expect(diff).toBeLessThan(1e-6);
        },
      ),
    );
  });
});

describe("1/7 power law height correction (ISO 15016, reference §9 [C1])", () => {
  test.each([
    ["anemometer at 10 m: unchanged", 10, 10, 10],
    ["anemometer at 40 m to 10 m: × 0.25^(1/7) = 0.820335", 10, 40, 8.20335],
    ["anemometer at 5 m to 10 m: × 2^(1/7) = 1.104090", 10, 5, 11.0409],
  ])("%s", (_n, v, za, expected) => {
    expect(windSpeedAtReferenceHeight(v, za)).toBeCloseTo(expected, 4);
  });
});
