/**
 * Sidebar metrics of the Analysis Center: GET /api/ships/:id/analysis-summary?<filters>. Figures follow
 * ./conventions (null where there is no data). The sidebar's SFOC, consumption, load factor and CII rating
 * are the KPI cards' (GET /api/dashboard/:shipId `kpis`), computed once per dashboard view: they are not
 * repeated here.
 */
import { z } from "zod";
import { DISTANCE_SOURCES } from "../../domain/records/fuel-sums";
import { num } from "./conventions";
import { resolvedRange } from "./filters";

/** One real figure per sidebar category, over the filtered range; null where there is no data. */
export const analysisSummaryResponse = z.object({
  shipId: z.number(),
  range: resolvedRange,
  fuel: z.object({
    /** t over the range. */
    totalFuelT: num.nullable(),
    /** currency / nm (price source as in fuel-fuel-cost). */
    costPerNm: num.nullable(),
    /** ISO 4217 code of the organisation's currency, the unit of `costPerNm`. */
    currency: z.string(),
    /** Where the distance of `costPerNm` comes from (as fuel-fuel-cost); null without distance. */
    distanceSource: z.enum(DISTANCE_SOURCES).nullable(),
  }),
  hull: z.object({
    /** Latest roughness index in the range (dimensionless index, spec §4). */
    roughnessIndex: num.nullable(),
    /** Latest hull efficiency in the range, %. */
    hullEfficiency: num.nullable(),
    /**
     * Days from the last hull cleaning or dry-docking done by the range's end to that end: the ship's
     * maintenance events, with the hull records' 'Last Cleaning Date' where no event says otherwise
     * (metrics `maintenanceEventsForHull`).
     */
    daysSinceLastCleaning: num.nullable(),
    /** That cleaning's day 'YYYY-MM-DD' and whether a stored event or a hull record says so. */
    lastCleaningDate: z.string().nullable(),
    lastCleaningSource: z.enum(["stored", "hull-record"]).nullable(),
    /** Spec §4 cleaning state of the latest roughness index (below 120 Good, to 180 Moderate, else Poor). */
    cleaningState: z.enum(["Good", "Moderate", "Poor"]).nullable(),
  }),
  engine: z.object({
    /** Mean total auxiliary power, kW. */
    auxiliaryPowerKw: num.nullable(),
    /** Latest trim in the range, m. */
    trimM: num.nullable(),
  }),
  environment: z.object({
    /** Mean wind speed, kn. */
    windSpeedKn: num.nullable(),
    /** Mean significant wave height, m. */
    waveHeightM: num.nullable(),
    /** Mean sea temperature, °C (it drives fouling growth). */
    seaTemperatureC: num.nullable(),
  }),
  database: z.object({
    /** Stored fuel records of the ship in the range, of the selected engine(s). */
    fuelRecords: num,
    /** Data quality of the last 30 days, % (as the System Status, for this ship). */
    dataQualityPercent: num.nullable(),
    /** Why `dataQualityPercent` is null, with the action that gives it a value; null with a value. */
    dataQualityEmptyReason: z.string().nullable(),
  }),
});
export type AnalysisSummaryResponse = z.infer<typeof analysisSummaryResponse>;
