/**
 * Ship baselines: shop-test SFOC curve, speed–power curve, reference displacement and propeller pitch.
 * GET and PATCH /api/ships/:id/baseline (PATCH by owners, admins and analysts).
 */
import { z } from "zod";
import { num } from "./conventions";

export const shopTestPoint = z
  .object({
    /** Engine load, % MCR (0–110]. */
    loadPercent: z.number().positive().max(110),
    /** SFOC at ISO conditions, g/kWh. */
    sfoc: z.number().min(100).max(400),
  })
  .strict();

export const speedPowerPoint = z
  .object({
    /** Speed through water, kn. */
    speedKn: z.number().positive().max(50),
    /** Shaft/brake power, kW. */
    powerKw: z.number().positive().max(150_000),
  })
  .strict();

const distinctSorted =
  <T>(key: (p: T) => number, name: string) =>
  (points: T[], ctx: z.RefinementCtx) => {
    const xs = points.map(key);
    if (new Set(xs).size !== xs.length)
      ctx.addIssue({ code: "custom", message: `${name} values must be distinct` });
  };

/** PATCH body: any subset; null clears a baseline. Sets baseline_updated_at. */
export const shipBaselineBody = z
  .object({
    /** At least 2 points, distinct loads. */
    shopTestSfoc: z
      .array(shopTestPoint)
      .min(2)
      .max(50)
      .superRefine(distinctSorted((p) => p.loadPercent, "loadPercent"))
      .nullable()
      .optional(),
    /** At least 2 points, distinct speeds. */
    speedPowerCurve: z
      .array(speedPowerPoint)
      .min(2)
      .max(100)
      .superRefine(distinctSorted((p) => p.speedKn, "speedKn"))
      .nullable()
      .optional(),
    /** Displacement of the speed–power curve, t. */
    referenceDisplacementT: z.number().positive().max(1_000_000).nullable().optional(),
    /** Propeller pitch, m. */
    propellerPitchM: z.number().positive().max(20).nullable().optional(),
  })
  .strict();
export type ShipBaselineBody = z.input<typeof shipBaselineBody>;

export const shipBaselineResponse = z.object({
  shipId: z.number(),
  /** Sorted by load. */
  shopTestSfoc: z.array(z.object({ loadPercent: num, sfoc: num })).nullable(),
  /** Sorted by speed. */
  speedPowerCurve: z.array(z.object({ speedKn: num, powerKw: num })).nullable(),
  /** t. */
  referenceDisplacementT: num.nullable(),
  /** m. */
  propellerPitchM: num.nullable(),
  /** ISO instant, null when never set. */
  baselineUpdatedAt: z.string().nullable(),
  /** spec §4: 'Needs Refresh' when last updated more than 90 days ago, else 'Current'; null when never set. */
  baselineStatus: z.enum(["Current", "Needs Refresh"]).nullable(),
});
export type ShipBaselineResponse = z.infer<typeof shipBaselineResponse>;
