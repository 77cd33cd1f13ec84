/** System Status: GET /api/system-status[?shipId=] (definitions in docs/kpi-definitions.md, 'System Status'). */
import { z } from "zod";
import { idParam } from "../common";
import { num } from "./conventions";

export const systemStatusQuery = z.object({ shipId: idParam.optional() });

export const systemStatusResponse = z.object({
  /**
   * Percent (0–100) of expected fuel records present and clean in the last 30 days (domain
   * assessDataQuality: completeness against the ship's cadence × share of plausible, not stuck, not
   * outlier values), over the organisation's ships (or the one ship asked); null without any record.
   */
  dataQualityPercent: num.nullable(),
  /** Why `dataQualityPercent` is null, with the action that gives it a value; null with a value. */
  dataQualityEmptyReason: z.string().nullable(),
  /** Parts of the data quality, % each (null with no data). */
  dataQualityParts: z
    .object({ completeness: num, plausibility: num, notStuck: num, notOutlier: num })
    .nullable(),
  /** Instant of the newest stored record of any series (ISO), null when none. */
  lastRecordAt: z.string().nullable(),
  /** Seconds since `lastRecordAt` at the time of the answer, null when none. */
  secondsSinceLastRecord: num.nullable(),
  /** Unresolved (open or acknowledged) alerts of the organisation, or of the ship when one is given. */
  activeAlerts: z.number().int(),
  /** Instant the status was computed (ISO). */
  computedAt: z.string(),
});
export type SystemStatusResponse = z.infer<typeof systemStatusResponse>;
