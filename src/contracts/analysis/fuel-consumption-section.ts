/** Analysis Center section `fuel-fuel-consumption`: GET /api/ships/:id/analysis/fuel-fuel-consumption?<filters>. */
import { z } from "zod";
import { AT_SEA_SOURCES, DISTANCE_SOURCES } from "../../domain/records/fuel-sums";
import { ENGINE_CONSUMERS } from "../records";
import { col, nullableCol, num } from "./conventions";
import { sectionBase } from "./section-base";

/** Fuel against speed through water with FC = k·Vⁿ, and daily consumption by fuel type. */
export const fuelConsumptionSection = z.object({
  ...sectionBase("fuel-fuel-consumption"),
  scatter: z.object({
    /** Mean speed through water of each bucket at sea, kn. */
    stw: col,
    /** Fuel rate of that bucket, t/day (at `referenceDisplacementT` when that is not null). */
    fuelRate: col,
  }),
  /**
   * t: when every point has a recorded displacement, fuel rates are brought to this displacement with the
   * admiralty law (fuel ∝ Δ^(2/3)), so that laden and ballast legs fall on one curve; null = as measured.
   */
  referenceDisplacementT: num.nullable(),
  /**
   * Whose fuel the scatter and the fit hold: the main engine's alone when the range asks for all engines
   * (the speed law is the propulsion's), so the points sit below `summary.fuelRate`, which holds both.
   */
  scatterConsumers: z.array(z.enum(ENGINE_CONSUMERS)),
  /** FC = k·Vⁿ (domain performance fitSpeedFuelCurve); null with fewer than 2 usable points. */
  fit: z
    .object({
      /** t/day per knⁿ. */
      k: num,
      /** Speed exponent (dimensionless). */
      n: num,
      /** Half-width of the 95 % confidence interval of n. */
      nCi95HalfWidth: num.nullable(),
      /** R² in linear units (what the chart shows), null when undefined. */
      r2: num.nullable(),
      /** Number of points fitted. */
      count: num,
    })
    .nullable(),
  /**
   * Whether the fit can be read as the vessel's speed law (domain speedFuelFitQuality: speed span, width of
   * n's interval, R²), and why not; null when there is no fit.
   */
  fitQuality: z.object({ reliable: z.boolean(), reason: z.string().nullable() }).nullable(),
  /** The fitted curve sampled over the observed speeds: stw kn, fuelRate t/day; empty unless `fitQuality.reliable`. */
  curve: z.object({ stw: col, fuelRate: col }),
  /**
   * Fuel consumption per day and fuel type, per UTC day (per ISO week for weekly ranges) as a rate: each
   * bucket's fuel over the hours its records cover (domain fuelPerDayOfSums), so that a partial first or last
   * day is not drawn as a whole day's low figure.
   */
  daily: z.object({
    /** Day (or week) start, epoch s. */
    t: col,
    fuelTypes: z.array(z.string()),
    /**
     * t/day: 24 × the bucket's fuel of the type ÷ the hours the bucket's records cover, one array per entry of
     * `fuelTypes`, aligned with `t`; null where the records cover no hours. Summed over the types: the
     * bucket's rate.
     */
    fuelTPerDay: z.array(nullableCol),
    /** Hours the bucket's records cover (the ship's: the largest consumer's), aligned with `t`. */
    hours: col,
    /** Whether the bucket covers fewer hours than a whole day (week): its rate rests on `hours` only. */
    partial: z.array(z.boolean()),
    /** Hours of a whole bucket: 24, or 168 for weekly ranges. */
    bucketHours: num,
  }),
  summary: z.object({
    /** t. */
    totalFuelT: num.nullable(),
    /** t/day: Σ fuel / time at sea. */
    fuelRate: num.nullable(),
    /** h. */
    hoursAtSea: num.nullable(),
    /**
     * Which speed the time at sea (and the fuel rate) rests on: the log's speed through water, speed over
     * ground (or distance over ground ÷ hours) where the records have no log speed, or both; null without it.
     */
    atSeaSource: z.enum(AT_SEA_SOURCES).nullable(),
    /** nm. */
    distanceNm: num.nullable(),
    /** Where the distance comes from: the reports, speed over ground × hours ('derived'), or both ('mixed'); null without distance. */
    distanceSource: z.enum(DISTANCE_SOURCES).nullable(),
  }),
});
export type FuelConsumptionSectionResponse = z.infer<typeof fuelConsumptionSection>;

/**
 * The sentence under the daily consumption chart naming its partial buckets (the screen and the PDF say it
 * alike): 'Partial days (fewer than 24 h of records), drawn as 24 × fuel ÷ hours covered: 2025-03-01 (23 h),
 * 2025-03-02 (1 h).'; null when every bucket is whole. Beyond `max`, the first ones, a count and the last.
 */
export function partialDaysNote(
  daily: Pick<FuelConsumptionSectionResponse["daily"], "t" | "hours" | "partial" | "bucketHours">,
  max = 6,
): string | null {
  const weekly = daily.bucketHours > 24;
  const partial = daily.t.flatMap((t, i) =>
    daily.partial[i]
      ? [
          `${weekly ? "week of " : ""}${new Date(t * 1000).toISOString().slice(0, 10)} (${Math.round(daily.hours[i]! * 10) / 10} h)`,
        ]
      : [],
  );
  if (partial.length === 0) return null;
  const listed =
    partial.length > max
      ? [...partial.slice(0, max - 1), `${partial.length - max} more`, partial.at(-1)!]
      : partial;
  return `Partial ${weekly ? "weeks" : "days"} (fewer than ${daily.bucketHours} h of records), drawn as 24 × fuel ÷ hours covered: ${listed.join(", ")}.`;
}
