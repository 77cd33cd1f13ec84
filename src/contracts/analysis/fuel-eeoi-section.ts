/** Analysis Center section `fuel-fuel-eeoi`: GET /api/ships/:id/analysis/fuel-fuel-eeoi?<filters>. */
import { z } from "zod";
import { DISTANCE_SOURCES } from "../../domain/records/fuel-sums";
import { col, nullableCol, num } from "./conventions";
import { sectionBase } from "./section-base";

/** EEOI per voyage and rolling (MEPC.1/Circ.684) against the organisation's target. */
export const fuelEeoiSection = z.object({
  ...sectionBase("fuel-fuel-eeoi"),
  /** g CO2 / (t cargo · nm); null when the organisation has not set one. */
  target: num.nullable(),
  /** Number of voyages the rolling EEOI covers. */
  rollingWindowVoyages: num,
  byVoyage: z.object({
    voyageId: col,
    voyageNumber: z.array(z.string()),
    /** Arrival (or departure while under way), epoch s. */
    t: col,
    /** t. */
    cargoTonnes: col,
    /** nm. */
    distanceNm: col,
    /** t CO2. */
    co2T: col,
    /** Voyage EEOI, g CO2 / (t · nm); null for a ballast voyage (no transport work). */
    eeoi: nullableCol,
    /** Rolling EEOI over the last `rollingWindowVoyages` voyages, g CO2 / (t · nm). */
    rollingEeoi: nullableCol,
    ballast: z.array(z.boolean()),
  }),
  summary: z.object({
    /** EEOI over all voyages shown (ratio of sums, Circ.684 eq. 2), g CO2 / (t · nm). */
    eeoi: num.nullable(),
    /** %: 100·(eeoi − target)/target. */
    vsTargetPercent: num.nullable(),
    voyageCount: num,
    ballastVoyageCount: num,
    /** Where the distance comes from: the reports, speed over ground × hours ('derived'), or both ('mixed'); null without distance. */
    distanceSource: z.enum(DISTANCE_SOURCES).nullable(),
  }),
});
export type FuelEeoiSectionResponse = z.infer<typeof fuelEeoiSection>;
