/**
 * Settings the analytics read: the organisation's fuel prices and EEOI target (GET by members, PUT by
 * owners, admins and analysts).
 */
import { z } from "zod";
import { FUEL_TYPES } from "../../domain/fuels/fuel-types";
import { calendarDate } from "../common";
import { num } from "./conventions";

/** A price is for one of the fuel types records can carry (a price for an unknown type would never apply). */
const fuelTypeName = z.enum(FUEL_TYPES, `must be a known fuel type (one of: ${FUEL_TYPES.join(", ")})`);

export const fuelPriceEntry = z
  .object({
    fuelType: fuelTypeName,
    /** Price per tonne in the organisation's currency (> 0). */
    pricePerTonne: z.number().positive("must be greater than 0").max(100_000),
    /** First day the price applies (UTC date); it applies until a later entry of the same fuel type. */
    validFrom: calendarDate,
  })
  .strict();

/** PUT /api/settings/fuel-prices: replaces the whole table (an empty list clears it). */
export const fuelPricesBody = z
  .object({
    prices: z.array(fuelPriceEntry).max(1000),
    /** ISO 4217 currency code, optional (keeps the current one). */
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, "must be an ISO 4217 code")
      .optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.prices.forEach((p, i) => {
      const key = `${p.fuelType}|${p.validFrom}`;
      if (seen.has(key))
        ctx.addIssue({
          code: "custom",
          path: ["prices", i],
          message: "duplicates another fuel type and date",
        });
      seen.add(key);
    });
  });
export type FuelPricesBody = z.input<typeof fuelPricesBody>;

export const fuelPricesResponse = z.object({
  currency: z.string(),
  /** Sorted by fuel type, then date. */
  prices: z.array(z.object({ fuelType: fuelTypeName, pricePerTonne: num, validFrom: z.string() })),
  /** The specification's initial price per tonne, used only while `prices` is empty. */
  initialPricePerTonne: num,
  /** True while the organisation has set no price (analytics then use `initialPricePerTonne`). */
  usingInitialPrice: z.boolean(),
});
export type FuelPricesResponse = z.infer<typeof fuelPricesResponse>;

/** PUT /api/settings/eeoi-target. g CO2 / (t · nm); null clears it. */
export const eeoiTargetBody = z
  .object({ eeoiTarget: z.number().positive("must be greater than 0").max(10_000).nullable() })
  .strict();
export type EeoiTargetBody = z.input<typeof eeoiTargetBody>;
export const eeoiTargetResponse = z.object({
  /** g CO2 / (t · nm); null when not set. */
  eeoiTarget: num.nullable(),
});
export type EeoiTargetResponse = z.infer<typeof eeoiTargetResponse>;

/**
 * PUT /api/settings/hull-cleaning-cost: what one in-water hull cleaning costs the organisation, in its
 * currency (diver, hire, port time); null goes back to the documented default.
 */
export const hullCleaningCostBody = z
  .object({ hullCleaningCost: z.number().positive("must be greater than 0").max(10_000_000).nullable() })
  .strict();
export type HullCleaningCostBody = z.input<typeof hullCleaningCostBody>;
export const hullCleaningCostResponse = z.object({
  /** The cost used (the organisation's, else the default). */
  hullCleaningCost: num,
  currency: z.string(),
  /** True while the organisation has set none and the default is used. */
  usingDefault: z.boolean(),
  defaultHullCleaningCost: num,
});
export type HullCleaningCostResponse = z.infer<typeof hullCleaningCostResponse>;

/**
 * PUT /api/settings/exclude-flagged-reports (decision 008): whether the figures leave out the records of noon
 * reports that fail an error-severity check. Changing it recomputes the organisation's daily rollups.
 */
export const excludeFlaggedReportsBody = z.object({ excludeFlaggedReports: z.boolean() }).strict();
export type ExcludeFlaggedReportsBody = z.input<typeof excludeFlaggedReportsBody>;
export const excludeFlaggedReportsResponse = z.object({
  excludeFlaggedReports: z.boolean(),
  /** The organisation's stored noon reports that fail an error-severity check. */
  flaggedReports: z.number().int(),
});
export type ExcludeFlaggedReportsResponse = z.infer<typeof excludeFlaggedReportsResponse>;
