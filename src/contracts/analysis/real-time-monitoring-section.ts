/**
 * Analysis Center section `environment-real-time-monitoring`: GET /api/ships/:id/analysis/environment-real-time-monitoring.
 * A snapshot of the ship's sensor series (domain/live): per series its latest value, when it was seen, its
 * own cadence, status and the last day before its latest reading as a sparkline. The range filter does not
 * apply: live values are the latest, whatever the range. Later records arrive on GET /api/ships/:id/live
 * (Server-Sent Events, `liveRecordEvent`), and the browser updates the tiles and re-judges staleness itself
 * with the same rule (domain/live/series-status.ts).
 */
import { z } from "zod";
import { SENSOR_STATUSES } from "../../domain/live/series-status";
import { ENGINE_CONSUMERS } from "../records";
import { col, num } from "./conventions";
import { sectionBase } from "./section-base";

export const liveTile = z.object({
  key: z.string(),
  label: z.string(),
  unit: z.string(),
  digits: z.number(),
  value: num,
  /** ISO 8601 time of the latest reading. */
  lastSeen: z.string(),
  /** Median interval of the recent readings, s; null with a single reading. */
  cadenceSeconds: num.nullable(),
  stale: z.boolean(),
  status: z.enum(SENSOR_STATUSES),
  reasons: z.array(z.string()),
  /** The latest readings (t epoch s), enough to judge a frozen sensor. */
  recent: z.object({ t: col, v: col }),
  /** The day before the latest reading, at most 96 points (15-minute means where denser; t epoch s). */
  sparkline: z.object({ t: col, v: col }),
});
export type LiveTile = z.infer<typeof liveTile>;

export const realTimeMonitoringSection = z.object({
  ...sectionBase("environment-real-time-monitoring"),
  /** The server's clock when the snapshot was taken (ISO 8601): statuses are as of then. */
  asOf: z.string(),
  /** The newest record time of the snapshot, epoch ms: the stream's `since`. Null without records. */
  newestMs: num.nullable(),
  tiles: z.array(liveTile),
});
export type RealTimeMonitoringSectionResponse = z.infer<typeof realTimeMonitoringSection>;

/** One SSE `record` event of GET /api/ships/:id/live: a stored record's values per live series key. */
export const liveRecordEvent = z.object({
  kind: z.enum(["fuel", "environmental", "trim"]),
  /** ISO 8601. */
  ts: z.string(),
  consumer: z.enum(ENGINE_CONSUMERS).optional(),
  values: z.record(z.string(), num),
});
export type LiveRecordEvent = z.infer<typeof liveRecordEvent>;
