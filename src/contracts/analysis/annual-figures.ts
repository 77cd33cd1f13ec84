/**
 * GET /api/ships/:id/annual/:year: the year's IMO DCS (MARPOL Annex VI reg. 27, Appendix IX) and EU MRV
 * (Regulation (EU) 2015/757 Art. 9–11) figures of one ship, with the data gaps and how they were filled.
 */
import { z } from "zod";
import { idParam } from "../common";
import { ENGINE_CONSUMERS } from "../records";
import { num } from "./conventions";

export const annualParams = z
  .object({ id: idParam, year: z.coerce.number().int("must be a whole year").min(2000).max(2100) })
  .strict();

export const annualFigures = z.object({
  shipId: num,
  year: num,
  /**
   * Fuel per grade as reported ('VLSFO', 'LSMGO'), each with its MEPC.364(79) class: `fuelType` is the grade,
   * `fuelClass` its class (two grades of one class are two entries).
   */
  fuelByType: z.array(z.object({ fuelType: z.string(), fuelClass: z.string(), tonnes: num })),
  /**
   * Fuel per MEPC.364(79) class, the grades of each summed: the fuel types of MARPOL Annex VI Appendix IX and
   * EU MRV, whose Cf gives the CO2.
   */
  fuelByClass: z.array(z.object({ fuelType: z.string(), tonnes: num })),
  /**
   * The fuel per consumer and grade (with its class), the granularity MEPC.385(81) asks of IMO DCS data from
   * 2025 (main engines, auxiliary engines, boilers, others) as far as the records allow: main engines,
   * auxiliary engines and boilers (a year whose records name no boiler says so in `gaps`).
   */
  fuelByConsumer: z.array(
    z.object({
      consumer: z.enum(ENGINE_CONSUMERS),
      fuelType: z.string(),
      fuelClass: z.string(),
      tonnes: num,
    }),
  ),
  distanceNm: num,
  hoursUnderway: num,
  /** From the fuel per class × its Cf (MEPC.364(79)); fuel types without a Cf are listed in `gaps`. */
  co2Tonnes: num,
  /** t·nm: Σ voyage cargo × distance, over the voyages with a cargo figure; null when none has one. */
  transportWork: num.nullable(),
  gaps: z.array(z.object({ kind: z.string(), detail: z.string(), filled: z.string() })),
});
export type AnnualFigures = z.infer<typeof annualFigures>;
