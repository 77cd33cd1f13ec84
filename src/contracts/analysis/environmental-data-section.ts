/** Analysis Center section `environment-environmental-data`: GET /api/ships/:id/analysis/environment-environmental-data?<filters>. */
import { z } from "zod";
import { col, nullableCol, num } from "./conventions";
import { sectionBase } from "./section-base";

export const environmentalDataSection = z.object({
  ...sectionBase("environment-environmental-data"),
  /** Mean weather per bucket of the range. */
  series: z.object({
    t: col,
    windSpeedKn: nullableCol,
    waveHeightM: nullableCol,
    /** Douglas sea state of the bucket's mean wave height (0–9). */
    seaState: nullableCol,
    airTemperatureC: nullableCol,
    seaTemperatureC: nullableCol,
  }),
  summary: z.object({
    meanWindSpeedKn: num.nullable(),
    meanWaveHeightM: num.nullable(),
    meanAirTemperatureC: num.nullable(),
    meanSeaTemperatureC: num.nullable(),
  }),
  /**
   * The track for the map: the last stored position of each `bucketSeconds` bucket (at most 1,000 points),
   * with the main engine's speed over ground and fuel rate and the wind at that moment (null where none).
   */
  track: z.object({
    t: col,
    lat: col,
    lon: col,
    speedKn: nullableCol,
    fuelRateTPerDay: nullableCol,
    windSpeedKn: nullableCol,
    /** The bucket width the track was drawn with, s (at least 900; the range over 1,000 on long ranges). */
    bucketSeconds: num,
  }),
});
export type EnvironmentalDataSectionResponse = z.infer<typeof environmentalDataSection>;
