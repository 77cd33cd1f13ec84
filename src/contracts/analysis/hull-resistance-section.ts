/** Analysis Center section `hull-hull-resistance`: ISO 19030-2 performance values over time. */
import { z } from "zod";
import { hullDailySeries, hullEvent, hullFilterAccount, hullMethod, hullReference } from "./hull-common";
import { sectionBase } from "./section-base";

export const hullResistanceSection = z.object({
  ...sectionBase("hull-hull-resistance"),
  method: hullMethod,
  /** Null when no reference can be had (no curve entered and no clean-hull period to fit one on). */
  reference: hullReference.nullable(),
  /** When `reference` is null or fitted: what to enter (speed–power curve, reference displacement). */
  missingReference: z.string().nullable(),
  series: hullDailySeries,
  filter: hullFilterAccount,
  /** The maintenance events within or before the range the series is segmented at. */
  events: z.array(hullEvent),
  /** Why there are no values (no records, none accepted...), null when there are. */
  emptyReason: z.string().nullable(),
});
export type HullResistanceSectionResponse = z.infer<typeof hullResistanceSection>;
