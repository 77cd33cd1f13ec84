/**
 * Which kinds of record a range holds, and the newest of each kind (issue 35 item 2): what an empty card,
 * sidebar figure, check or section says of its cause — the range outside the data ('the newest is from …,
 * widen the range') or no such records at all ('add or upload them'). Part of the dashboard's answer
 * (GET /api/dashboard/:shipId and a share link's), over the same range as the KPI cards.
 */
import { z } from "zod";

/** The timed record tables a screen reads, by the name its empty states use. */
export const RECORD_KINDS = ["fuel", "environmental", "hull", "trim", "auxiliary"] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export const recordPresence = z.object({
  /** Whether the range holds records of the kind (fuel: of the selected engines). */
  inRange: z.boolean(),
  /** The ship's newest record of the kind (fuel: of the selected engines), ISO 8601; null without any. */
  newest: z.string().nullable(),
});
export type RecordPresence = z.infer<typeof recordPresence>;

export const recordsByKind = z.object({
  fuel: recordPresence,
  environmental: recordPresence,
  hull: recordPresence,
  trim: recordPresence,
  auxiliary: recordPresence,
});
export type RecordsByKind = z.infer<typeof recordsByKind>;
