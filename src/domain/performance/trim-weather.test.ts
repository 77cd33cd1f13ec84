import { describe, expect, it } from "vitest";
import { REFERENCE_CONDITIONS } from "../hull/iso19030-filters.js";
import { isoAddedPowerKw, type WeatherRecord } from "../hull/weather-penalty.js";
import { KNOT_IN_MPS } from "../weather/units.js";
import { calmWaterFuelFactor } from "./trim-weather.js";

const ship = { lengthM: 229, beamM: 32.3 };
const record = (o: Partial<WeatherRecord> = {}): WeatherRecord => ({
  hours: 24,
  fuelT: 30,
  powerKw: 8000,
  stwKn: 13,
  windSpeedKn: 12,
  windDirectionDeg: 20,
  waveHeightM: 1.5,
  seaState: null,
  headingDeg: 0,
  ...o,
});
/** Just above the ISO 19030-2 reference wind (7.9 m/s), in knots. */
const ABOVE_REFERENCE_KN = REFERENCE_CONDITIONS.trueWindMaxMps / KNOT_IN_MPS + 0.1;

describe("calmWaterFuelFactor: the weather's added power out of a period's fuel (ISO 15016, reference wind)", () => {
  it("one record within the reference wind: 1 − ΔP/P with the weather analysis' ISO 15016 added power", () => {
    const r = record();
    const added = isoAddedPowerKw(r, ship)!;
    expect(added).toBeGreaterThan(0);
    expect(calmWaterFuelFactor([r], ship)).toEqual({ factor: 1 - added / 8000, calmShare: 1 });
  });

  it("records above the reference wind are left out, and the share of hours kept says so", () => {
    const calm = record({ hours: 6 });
    const windy = record({ hours: 18, windSpeedKn: ABOVE_REFERENCE_KN });
    const r = calmWaterFuelFactor([calm, windy], ship);
    expect(r.factor).toBe(calmWaterFuelFactor([calm], ship).factor);
    expect(r.calmShare).toBeCloseTo(0.25, 12);
  });

  it.each([
    ["no wind speed", record({ windSpeedKn: null })],
    ["no heading (the correction needs the wind's angle off the bow)", record({ headingDeg: null })],
    ["only wind above the reference", record({ windSpeedKn: ABOVE_REFERENCE_KN })],
  ])("%s: no factor", (_name, r) => {
    expect(calmWaterFuelFactor([r], ship)).toEqual({ factor: null, calmShare: 0 });
  });

  it("hours weight the records; a following wind lowers the power needed (factor above 1)", () => {
    const head = record({ hours: 12, windDirectionDeg: 0 });
    const following = record({ hours: 36, windDirectionDeg: 180, waveHeightM: 0 });
    const fh = calmWaterFuelFactor([head], ship).factor!;
    const ff = calmWaterFuelFactor([following], ship).factor!;
    expect(fh).toBeLessThan(1);
    expect(ff).toBeGreaterThan(1);
    expect(calmWaterFuelFactor([head, following], ship).factor).toBeCloseTo((12 * fh + 36 * ff) / 48, 12);
  });
});
