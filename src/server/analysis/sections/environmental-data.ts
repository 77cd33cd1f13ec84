/**
 * environment-environmental-data: the range's weather series (wind, waves, Douglas sea state, air and sea
 * temperature) and the ship's track for the map, downsampled on the server (metrics/voyage-track).
 */
import type { EnvironmentalDataSectionResponse } from "../../../contracts/analysis/environmental-data-section";
import { douglasDegreeFromWaveHeight } from "../../../domain/weather/douglas";
import { seriesMeans, seriesTotals } from "../../metrics/series-means";
import { voyageTrack } from "../../metrics/voyage-track";
import type { AnalysisContext } from "../context";
import { presentRange } from "../context";

const FIELDS = ["wind_speed", "wave_height", "air_temp", "sea_temp"] as const;

export async function environmentalData(ctx: AnalysisContext): Promise<EnvironmentalDataSectionResponse> {
  const { db, orgId, ship, range } = ctx;
  const [series, means, track] = await Promise.all([
    seriesMeans(db, orgId, ship.id, range, FIELDS),
    seriesTotals(db, orgId, ship.id, range, FIELDS),
    voyageTrack(db, orgId, ship.id, range),
  ]);
  return {
    section: "environment-environmental-data",
    status: "ready",
    shipId: ship.id,
    range: presentRange(range),
    series: {
      t: series.t,
      windSpeedKn: series.wind_speed,
      waveHeightM: series.wave_height,
      seaState: series.wave_height.map((h) => (h === null ? null : douglasDegreeFromWaveHeight(h))),
      airTemperatureC: series.air_temp,
      seaTemperatureC: series.sea_temp,
    },
    summary: {
      meanWindSpeedKn: means.wind_speed,
      meanWaveHeightM: means.wave_height,
      meanAirTemperatureC: means.air_temp,
      meanSeaTemperatureC: means.sea_temp,
    },
    track,
  };
}
