/** Analysis Center section `engine-auxiliary-systems`: GET /api/ships/:id/analysis/engine-auxiliary-systems?<filters>. */
import { z } from "zod";
import { col, nullableCol, num } from "./conventions";
import { sectionBase } from "./section-base";

export const AUXILIARY_CONSUMERS = ["hvac", "pumps", "lighting", "navigation", "cargoHandling"] as const;

/** Auxiliary power by consumer: series and shares. */
export const auxiliarySystemsSection = z.object({
  ...sectionBase("engine-auxiliary-systems"),
  consumers: z.array(z.enum(AUXILIARY_CONSUMERS)),
  series: z.object({
    /** Bucket start, epoch s. */
    t: col,
    /** Mean power per consumer, kW, one array per entry of `consumers`, aligned with `t`. */
    powerKw: z.array(nullableCol),
  }),
  summary: z.object({
    /** Mean power per consumer over the range, kW, aligned with `consumers`. */
    meanPowerKw: nullableCol,
    /** Share of the total auxiliary power, %, aligned with `consumers`. */
    sharePercent: nullableCol,
    /** Mean total auxiliary power, kW. */
    totalMeanPowerKw: num.nullable(),
    /** Auxiliary engine fuel in the range, t (fuel records of consumer 'auxiliary'). */
    auxiliaryFuelT: num.nullable(),
    /** Boiler fuel in the range, t (fuel records of consumer 'boiler'); null when the records name no boiler. */
    boilerFuelT: num.nullable(),
  }),
});
export type AuxiliarySystemsSectionResponse = z.infer<typeof auxiliarySystemsSection>;
