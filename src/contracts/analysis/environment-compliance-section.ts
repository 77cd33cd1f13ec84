/**
 * Analysis Center section `environment-compliance` (issue 15 item 3): CII year to date, year-end projection
 * with its 95 % interval, rating history, margins to the boundaries, EU ETS and FuelEU Maritime of the year,
 * and the year's voyages with their EU scope. The what-if (POST /api/ships/:id/cii-what-if) answers the
 * projection's shape; the annual figures (GET /api/ships/:id/annual/:year) are in ./annual-figures.
 */
import { z } from "zod";
import { CII_RATINGS } from "../../domain/cii/rating";
import { CII_FIRST_YEAR, CII_LAST_YEAR } from "../../domain/cii/reduction-factors";
import { CII_OWN_MONTHS_MIN } from "../../domain/cii/year-end-spread";
import { FUEL_TYPES } from "../../domain/fuels/fuel-types";
import { EU_VOYAGE_SCOPES } from "../../domain/regulation/eu-voyage-scope";
import { idParam } from "../common";
import { num } from "./conventions";
import { estimate } from "./hull-common";
import { sectionBase } from "./section-base";

const rating = z.enum(CII_RATINGS).nullable();

/**
 * What the projection's 95 % interval rests on (domain cii/year-end-spread.ts): the spread of the ship's
 * calendar months ('ship-months', from six sailed months on), or of its weeks plus a stated drift of the CII
 * over the rest of the year ('ship-weeks').
 */
export const ciiIntervalBasis = z.object({
  kind: z.enum(["ship-months", "ship-weeks"]),
  /** Blocks the spread was measured over and their length, days (months: the mean days with data). */
  blocks: num,
  blockDays: num,
  degreesOfFreedom: num,
  /** Days of the year so far with records. */
  daysWithData: num,
  /** The drift assumed, % of the CII a year (1 s.d.; 0 on the months basis). */
  driftPercentPerYear: num,
  /** Half width of the interval, % of the projection. */
  halfWidthPercent: num,
});

export type CiiIntervalBasisResponse = z.infer<typeof ciiIntervalBasis>;

/** What the interval rests on, in a few words (the screen and the PDF say it alike). */
export function intervalBasisLabel(b: CiiIntervalBasisResponse): string {
  if (b.kind === "ship-months") return `the ship's ${b.blocks} months so far`;
  const blocks =
    b.blocks >= 2
      ? `${b.blocks} blocks of ${Math.round(b.blockDays)} day${Math.round(b.blockDays) === 1 ? "" : "s"}`
      : "too few days to measure a spread";
  return `the ship's ${b.daysWithData} days so far (${blocks}) and a drift of ${Math.round(b.driftPercentPerYear)} % a year, as fewer than ${CII_OWN_MONTHS_MIN} months have been sailed`;
}

/**
 * Year-end attained CII (g CO2/(capacity·nm)) with its 95 % interval: `low` and `high` are always numbers
 * beside `attained` (issue 32); the ratings at both ends are null where the year is not rated. Computed by
 * `complianceYear` (server/analysis/compliance/compliance-year.ts: the year's records → domain
 * cii/cii-year-to-date.ts → cii/projection-interval.ts `projectCiiWithInterval` → cii/projection.ts →
 * cii/cii-assessment.ts `assessCii`, whose rating is cii/rating.ts `ciiRating`).
 */
export const ciiProjection = z.object({
  attained: num,
  rating,
  low: num,
  high: num,
  lowRating: rating,
  highRating: rating,
  required: num,
  /** Days of the year the projection rests on (1 January to the data's end). */
  basedOnDays: num,
  /** The projection and its interval's basis, in words. */
  method: z.string(),
  basis: ciiIntervalBasis,
});
export type CiiProjectionResponse = z.infer<typeof ciiProjection>;

export const environmentComplianceSection = z.object({
  ...sectionBase("environment-compliance"),
  cii: z.object({
    year: num,
    yearToDate: z.object({ attained: num, rating, required: num }).nullable(),
    projection: ciiProjection.nullable(),
    /** Rated years with data, oldest first: the full year's (or the year so far's, for this year) figures. */
    history: z.array(z.object({ year: num, attained: num, required: num, rating, complete: z.boolean() })),
    /** To each boundary of the rating bands at the projected year end. */
    margins: z.array(
      z.object({
        boundary: z.enum(["superior", "lower", "upper", "inferior"]),
        cii: num,
        /** t CO2 the ship may still emit (> 0) or must save (< 0) to end the year on the boundary. */
        co2Tonnes: num,
        /** co2Tonnes at the year so far's CO2 per day. */
        days: num.nullable(),
      }),
    ),
  }),
  /**
   * EU ETS of the year so far (Directive (EU) 2023/959), whenever the year has fuel in EU scope: CO2 in scope
   * (after the 100/50 % shares) and the allowances to surrender (× phase-in) need no price; `cost` is null
   * until the organisation sets an EUA `price` (currency per allowance).
   */
  ets: z
    .object({
      year: num,
      scopeCo2Tonnes: num,
      phaseIn: num,
      allowances: num,
      /** Allowances for the year are surrendered in the next. */
      surrenderYear: num,
      cost: num.nullable(),
      currency: z.string(),
      price: num.nullable(),
    })
    .nullable(),
  fuelEu: z
    .object({
      year: num,
      /** Well-to-wake, gCO2e/MJ. */
      ghgIntensity: num,
      target: num,
      /** g CO2e: > 0 surplus, < 0 deficit. */
      balance: num,
      /** EUR. */
      penalty: num,
      energyMj: num,
    })
    .nullable(),
  /** The year's voyages and port stays with the fuel of the year in them and their EU scope. */
  voyages: z.array(
    z.object({
      voyageId: num.nullable(),
      voyageNumber: z.string(),
      origin: z.string(),
      destination: z.string(),
      /** Computed from the ports; null when a port is unknown to the product. */
      computedScope: z.enum(EU_VOYAGE_SCOPES).nullable(),
      override: z.enum(EU_VOYAGE_SCOPES).nullable(),
      /** Scope used: the override, else the computed one; null (left out, stated in `reasons`) when both are. */
      scope: z.enum(EU_VOYAGE_SCOPES).nullable(),
      co2Tonnes: num,
    }),
  ),
  /** Why a figure is null, in plain words (one entry per missing input). */
  reasons: z.array(z.object({ figure: z.enum(["cii", "projection", "ets", "fuelEu"]), reason: z.string() })),
});
export type EnvironmentComplianceSectionResponse = z.infer<typeof environmentComplianceSection>;

export const ciiWhatIfBody = z
  .object({
    year: z.number().int().min(CII_FIRST_YEAR).max(CII_LAST_YEAR),
    speedReductionKn: z.number().positive("must be greater than 0").max(10).optional(),
    /** A hull cleaning on this date; the fouling it removes comes from the ship's hull analysis. */
    cleaningDate: z.string().date("must be a date (YYYY-MM-DD)").optional(),
    /**
     * Override of the hull analysis: the fouling's fuel penalty now, % of the ship's fuel, taken as it is
     * (no growth) from the cleaning date on.
     */
    foulingFuelPenaltyPercent: z.number().min(0).max(50).optional(),
    fuelSwitch: z.enum(FUEL_TYPES).optional(),
  })
  .strict()
  .refine((b) => b.foulingFuelPenaltyPercent === undefined || b.cleaningDate !== undefined, {
    path: ["cleaningDate"],
    message: "is required with a fouling fuel penalty",
  });
export type CiiWhatIfBody = z.input<typeof ciiWhatIfBody>;

/** The fouling penalty a what-if cleaning removes, and where it came from. */
export const ciiWhatIfCleaning = z.object({
  date: z.string(),
  /** 'hull-analysis': the ship's current excess power and fouling rate; 'override': the stated penalty. */
  source: z.enum(["hull-analysis", "override"]),
  /** Fuel the fouling adds per calendar day at the data's end, t. */
  extraFuelTonnesPerDay: num,
  /** Its growth per day by the fouling rate, t/day per day (0 for an override). */
  growthTonnesPerDayPerDay: num,
  /** What it has grown to on the cleaning date: the saving per day from then on, t. */
  extraFuelTonnesPerDayAtCleaning: num,
  /** That as a share of the ship's fuel per day so far, %. */
  fuelPenaltyPercentAtCleaning: num,
  /** The fuel the saving is of. */
  fuelType: z.enum(FUEL_TYPES),
  /** Fuel saved by the year's end, t (before any speed reduction). */
  savedFuelTonnes: num,
  /** From the hull analysis (null for an override): excess power now, the clean level and the fouling rate. */
  hull: z
    .object({
      excessPowerPercent: estimate,
      cleanLevelPercent: num,
      foulingRatePercentPerYear: num,
      intervalFrom: z.string(),
    })
    .nullable(),
  note: z.string(),
});

export const ciiWhatIfResponse = z.object({
  year: num,
  baseline: ciiProjection,
  /** Null when a requested change cannot be computed from the data (then `reasons` says why). */
  projection: ciiProjection.nullable(),
  cleaning: ciiWhatIfCleaning.nullable(),
  reasons: z.array(z.object({ field: z.enum(["cleaningDate"]), reason: z.string() })),
});
export type CiiWhatIfResponse = z.infer<typeof ciiWhatIfResponse>;

export const voyageScopeParams = z.object({ id: idParam, voyageId: idParam }).strict();
export const voyageScopeBody = z.object({ scope: z.enum(EU_VOYAGE_SCOPES).nullable() }).strict();
export const voyageScopeResponse = z.object({ voyageId: num, override: z.enum(EU_VOYAGE_SCOPES).nullable() });

export const euaPriceBody = z
  .object({ euaPrice: z.number().min(0, "must be 0 or more").max(10_000).nullable() })
  .strict();
export const euaPriceResponse = z.object({ euaPrice: num.nullable(), currency: z.string() });
