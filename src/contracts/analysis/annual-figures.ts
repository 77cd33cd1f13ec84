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
  fuelByType: z.array(z.object({ fuelType: z.string(), tonnes: num })),
  /**
   * The same fuel per consumer and type, the granularity MEPC.385(81) asks of IMO DCS data from 2025 (main
   * engines, auxiliary engines, boilers, others) as far as the records allow: main engines, auxiliary
   * engines and boilers (a year whose records name no boiler says so in `gaps`).
   */
  fuelByConsumer: z.array(
    z.object({ consumer: z.enum(ENGINE_CONSUMERS), fuelType: z.string(), tonnes: num }),
  ),
  distanceNm: num,
  hoursUnderway: num,
  /** From fuel × Cf (MEPC.364(79)); fuel types without a Cf are listed in `gaps`. */
  co2Tonnes: num,
  /** t·nm: Σ voyage cargo × distance, over the voyages with a cargo figure; null when none has one. */
  transportWork: num.nullable(),
  gaps: z.array(z.object({ kind: z.string(), detail: z.string(), filled: z.string() })),
});
export type AnnualFigures = z.infer<typeof annualFigures>;
