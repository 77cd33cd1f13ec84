/** Analysis Center section `fuel-fuel-cost`: GET /api/ships/:id/analysis/fuel-fuel-cost?<filters>. */
import { z } from "zod";
import { DISTANCE_SOURCES } from "../../domain/records/fuel-sums";
import { col, nullableCol, num } from "./conventions";
import { sectionBase } from "./section-base";

/** Cost per nautical mile by voyage and over time, from the organisation's dated price table. */
export const fuelCostSection = z.object({
  ...sectionBase("fuel-fuel-cost"),
  /**
   * 'organisation': prices from the organisation's table (fuels with no price in force are left out and
   * listed in `unpricedFuelTypes`); 'specification-default': the organisation has set no price at all, so
   * every fuel is priced at the specification's initial 600 per tonne.
   */
  priceSource: z.enum(["organisation", "specification-default"]),
  /** ISO 4217 code of the organisation's currency. */
  currency: z.string(),
  /** The specification's initial price, currency per tonne, applied to every fuel while `priceSource` is the default. */
  initialPricePerTonne: num,
  unpricedFuelTypes: z.array(z.string()),
  series: z.object({
    /** Bucket start, epoch s. */
    t: col,
    /** Fuel cost in the bucket, currency. */
    fuelCost: nullableCol,
    /** nm. */
    distanceNm: col,
    /** currency / nm; null without distance. */
    costPerNm: nullableCol,
  }),
  byVoyage: z.object({
    voyageId: col,
    voyageNumber: z.array(z.string()),
    /** Departure, epoch s. */
    departedAt: col,
    /** currency. */
    fuelCost: nullableCol,
    /** nm. */
    distanceNm: col,
    /** currency / nm. */
    costPerNm: nullableCol,
  }),
  summary: z.object({
    /** currency. */
    totalCost: num.nullable(),
    /** nm. */
    distanceNm: num.nullable(),
    /** currency / nm. */
    costPerNm: num.nullable(),
    /** Where the distance comes from: the reports, speed over ground × hours ('derived'), or both ('mixed'); null without distance. */
    distanceSource: z.enum(DISTANCE_SOURCES).nullable(),
  }),
});
export type FuelCostSectionResponse = z.infer<typeof fuelCostSection>;
