import { requireFinite, requireNonNegative, requirePositive } from "../performance/guards.js";
import { normalizeDegrees180, normalizeDegrees360, toDegrees, toRadians } from "./units.js";

/**
 * Wind conventions used throughout `weather/` (ISO 15016 / ITTC 7.5-04-01-01.1 principles):
 * - a wind direction is where the wind blows FROM, in degrees clockwise from true north (meteorological);
 * - the ship's heading is in degrees clockwise from true north, and the ship moves along it (drift
 *   angle neglected) at its speed over ground V_G, as ITTC uses for the true-wind calculation;
 * - a relative wind angle is where the apparent wind comes FROM, measured from the bow, clockwise
 *   positive (starboard), in (−180, 180]: 0 = head wind, ±90 = beam, 180 = following wind.
 * Speeds may be in any unit as long as wind and ship use the same one.
 */
export type RelativeWind = { speed: number; angleDeg: number };

/** True wind: speed and the direction it blows from [deg true]. */
export type TrueWind = { speed: number; directionDeg: number };

/**
 * Relative (apparent) wind seen from a ship from the true wind, the ship's heading and its speed, by
 * vector addition: the ship's motion adds a wind from dead ahead of its own speed. Source: ITTC
 * 7.5-04-01-01.1 §wind (vector form; LAB021 `Wind.cs` uses the same geometry), reference-data.md §9 [C1].
 */
export function relativeWindFromTrue(input: {
  trueWindSpeed: number;
  trueWindDirectionDeg: number;
  headingDeg: number;
  shipSpeed: number;
}): RelativeWind {
  const vt = requireNonNegative("trueWindSpeed", input.trueWindSpeed);
  const vs = requireNonNegative("shipSpeed", input.shipSpeed);
  const th = toRadians(requireFinite("trueWindDirectionDeg", input.trueWindDirectionDeg));
  const h = toRadians(requireFinite("headingDeg", input.headingDeg));
  const x = vt * Math.sin(th) + vs * Math.sin(h);
  const y = vt * Math.cos(th) + vs * Math.cos(h);
  const speed = Math.hypot(x, y);
  if (speed < 1e-12) return { speed: 0, angleDeg: 0 };
  return { speed, angleDeg: normalizeDegrees180(toDegrees(Math.atan2(x, y)) - input.headingDeg) };
}

/**
 * True wind from the relative wind an anemometer measures, the ship's heading and speed over ground:
 * the inverse of `relativeWindFromTrue`. Source: ITTC 7.5-04-01-01.1 (true wind from relative wind),
 * reference-data.md §9 [C1].
 */
export function trueWindFromRelative(input: {
  relativeWindSpeed: number;
  relativeWindAngleDeg: number;
  headingDeg: number;
  shipSpeed: number;
}): TrueWind {
  const vr = requireNonNegative("relativeWindSpeed", input.relativeWindSpeed);
  const vs = requireNonNegative("shipSpeed", input.shipSpeed);
  const h = toRadians(requireFinite("headingDeg", input.headingDeg));
  const a = h + toRadians(requireFinite("relativeWindAngleDeg", input.relativeWindAngleDeg));
  const x = vr * Math.sin(a) - vs * Math.sin(h);
  const y = vr * Math.cos(a) - vs * Math.cos(h);
  const speed = Math.hypot(x, y);
  if (speed < 1e-12) return { speed: 0, directionDeg: 0 };
  return { speed, directionDeg: normalizeDegrees360(toDegrees(Math.atan2(x, y))) };
}

/**
 * Default reference height z_ref [m] of wind speed for the wind coefficients: 10 m [MEM] (ITTC uses the
 * height the coefficients refer to; 10 m is the usual meteorological height).
 */
export const DEFAULT_WIND_REFERENCE_HEIGHT_M = 10;

/**
 * True wind speed corrected from the anemometer height z_a to the reference height z_ref with the 1/7
 * power law: V_ref = V·(z_ref/z_a)^(1/7). Units: as the input speed; heights in m. Source: ISO 15016:2015 /
 * ITTC 7.5-04-01-01.1, reference-data.md §9 [C1]. Apply it to TRUE wind, then recompute relative wind.
 */
export function windSpeedAtReferenceHeight(
  speed: number,
  measuredHeightM: number,
  referenceHeightM: number = DEFAULT_WIND_REFERENCE_HEIGHT_M,
): number {
  requireNonNegative("windSpeed", speed);
  requirePositive("anemometerHeightM", measuredHeightM);
  requirePositive("referenceHeightM", referenceHeightM);
  return speed * (referenceHeightM / measuredHeightM) ** (1 / 7);
}
