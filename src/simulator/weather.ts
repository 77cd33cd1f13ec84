/**
 * Weather along a ship's track: wind, wind sea, swell, current and temperatures varying in time (Ornstein–
 * Uhlenbeck processes) and by season and latitude (stronger winds in the winter hemisphere and at high
 * latitudes, westerlies in mid-latitudes, trades in the tropics). The wind sea grows towards the fully
 * developed height for the wind (H ≈ 0.018·U², U in m/s: about the probable heights of the Beaufort table)
 * with a six-hour lag.
 */

import { DAY_MS } from "../domain/time/units";
import type { SeaConditions } from "./physics";
import { OrnsteinUhlenbeck, type Random } from "./random";

export type Weather = SeaConditions & {
  currentEastKn: number;
  currentNorthKn: number;
  airTempC: number;
  seaTempC: number;
};

/** Day of the year (0-365) of an instant. */
export function dayOfYear(ms: number): number {
  const d = new Date(ms);
  return (ms - Date.UTC(d.getUTCFullYear(), 0, 1)) / DAY_MS;
}

/** Sea-surface temperature, °C, by latitude and season (warmest in late summer of each hemisphere). */
export function seaTemperatureC(lat: number, doy: number): number {
  const a = Math.abs(lat) / 60;
  const summer = Math.cos((2 * Math.PI * (doy - 225)) / 365.25) * Math.sign(lat || 1);
  return Math.max(-1.5, 28.5 - 22 * a ** 1.5 + 4 * a * summer);
}

/** Mean wind speed, kn, by latitude and season (winter storms of each hemisphere). */
export function climateWindKn(lat: number, doy: number): number {
  const a = Math.min(1, Math.abs(lat) / 60);
  const winter = Math.cos((2 * Math.PI * (doy - 15)) / 365.25) * Math.sign(lat || 1);
  return 12 + 6 * a + 5 * a * winter;
}

/** Prevailing direction the wind comes from, degrees: trades from the east, westerlies beyond 30°. */
function prevailingFromDeg(lat: number): number {
  if (Math.abs(lat) < 30) return lat >= 0 ? 60 : 120;
  return 270;
}

/** The weather a ship meets, advanced one fixed step at a time. */
export class WeatherProcess {
  private readonly windZ: OrnsteinUhlenbeck;
  private readonly dirZ: OrnsteinUhlenbeck;
  private readonly swellZ: OrnsteinUhlenbeck;
  private readonly swellDirZ: OrnsteinUhlenbeck;
  private readonly curE: OrnsteinUhlenbeck;
  private readonly curN: OrnsteinUhlenbeck;
  private readonly airZ: OrnsteinUhlenbeck;
  private readonly seaLag: number;
  private windSea = 1;
  readonly now: Weather = {
    windSpeedKn: 0,
    windFromDeg: 0,
    windSeaM: 0,
    swellM: 0,
    swellFromDeg: 0,
    currentEastKn: 0,
    currentNorthKn: 0,
    airTempC: 15,
    seaTempC: 15,
  };

  constructor(
    rng: Random,
    dtHours: number,
    private readonly enabled: boolean,
  ) {
    this.windZ = new OrnsteinUhlenbeck(rng, 1, 36, dtHours);
    this.dirZ = new OrnsteinUhlenbeck(rng, 55, 24, dtHours);
    this.swellZ = new OrnsteinUhlenbeck(rng, 1, 72, dtHours);
    this.swellDirZ = new OrnsteinUhlenbeck(rng, 40, 96, dtHours);
    this.curE = new OrnsteinUhlenbeck(rng, 0.4, 36, dtHours);
    this.curN = new OrnsteinUhlenbeck(rng, 0.4, 36, dtHours);
    this.airZ = new OrnsteinUhlenbeck(rng, 1.5, 24, dtHours);
    this.seaLag = 1 - Math.exp(-dtHours / 6);
  }

  /** Advances to instant `ms` at a position and returns the conditions there. */
  step(ms: number, lat: number, lon: number): Weather {
    const doy = dayOfYear(ms);
    const w = this.now;
    w.seaTempC = seaTemperatureC(lat, doy);
    const solarHour = ((((ms / 3_600_000) % 24) + lon / 15 + 24) % 24) - 14;
    w.airTempC = w.seaTempC + 2 * Math.cos((2 * Math.PI * solarHour) / 24) + this.airZ.step();
    const z = this.windZ.step();
    const dir = this.dirZ.step();
    const swell = this.swellZ.step();
    const swellDir = this.swellDirZ.step();
    const ce = this.curE.step();
    const cn = this.curN.step();
    if (!this.enabled) {
      w.windSpeedKn = 0;
      w.windSeaM = 0;
      w.swellM = 0;
      w.currentEastKn = 0;
      w.currentNorthKn = 0;
      return w;
    }
    w.windSpeedKn = Math.min(60, climateWindKn(lat, doy) * Math.exp(0.45 * z - 0.1));
    w.windFromDeg = (((prevailingFromDeg(lat) + dir) % 360) + 360) % 360;
    const u = w.windSpeedKn * (1852 / 3600);
    this.windSea += (0.018 * u * u - this.windSea) * this.seaLag;
    w.windSeaM = this.windSea;
    const swellMean = Math.abs(lat) > 40 ? 1.8 : 1.0;
    w.swellM = Math.max(0.1, swellMean * Math.exp(0.4 * swell - 0.08));
    w.swellFromDeg = (((prevailingFromDeg(lat) + 20 + swellDir) % 360) + 360) % 360;
    w.currentEastKn = ce;
    w.currentNorthKn = cn;
    return w;
  }

  /** Significant wave height of wind sea and swell combined, m. */
  static significantHeight(w: Weather): number {
    return Math.sqrt(w.windSeaM * w.windSeaM + w.swellM * w.swellM);
  }
}
