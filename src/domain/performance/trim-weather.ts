/**
 * The weather taken out of the trim analysis' fuel (issue 14 item 6, decision 034): per
 * period (an hour or a day of the trim rollups) the share of the main engine's power that the wind and
 * waves added, by the ISO 15016 correction the weather analysis already uses (domain hull `isoAddedPowerKw`:
 * R_AA with tabulated C_AA, STAwave-1 within its validity), and only records within the ISO 19030-2
 * reference wind (`REFERENCE_CONDITIONS.trueWindMaxMps`), where that correction is small and reliable. Pure.
 */
import { REFERENCE_CONDITIONS } from "../hull/iso19030-filters.js";
import { isoAddedPowerKw, type WeatherRecord, type WeatherShip } from "../hull/weather-penalty.js";
import { KNOT_IN_MPS } from "../weather/units.js";

/**
 * A period's calm-water factor: the hours-weighted mean of 1 − ΔP/P over its records within the reference
 * wind whose ISO 15016 added power could be computed (fuel × factor = the fuel without the weather's added
 * power, SFOC taken as equal over the small power change, as in `weatherPenalty`), and the share of the
 * period's hours those records cover. `factor` is null when no record qualifies. A record without hours
 * counts with weight 1 (its period unknown).
 */
export function calmWaterFuelFactor(
  records: readonly WeatherRecord[],
  ship: WeatherShip,
): { factor: number | null; calmShare: number } {
  let total = 0;
  let calm = 0;
  let sum = 0;
  for (const r of records) {
    const w = r.hours > 0 ? r.hours : 1;
    total += w;
    if (r.windSpeedKn === null || r.windSpeedKn * KNOT_IN_MPS > REFERENCE_CONDITIONS.trueWindMaxMps) continue;
    const added = isoAddedPowerKw(r, ship);
    if (added === null || !(r.powerKw > 0)) continue;
    const f = 1 - added / r.powerKw;
    if (!(f > 0)) continue;
    calm += w;
    sum += w * f;
  }
  return { factor: calm > 0 ? sum / calm : null, calmShare: total > 0 ? calm / total : 0 };
}
