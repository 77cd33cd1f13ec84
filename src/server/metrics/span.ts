/** What a metrics query reads: one ship's records of some consumers over a time span, at a resolution. */

/** A fuel record's consumer. */
export type Consumer = "main" | "auxiliary";

/**
 * [from, to) read at a resolution: 'hourly' from raw records in UTC hours, 'daily' from the daily rollups
 * (callers align daily and weekly spans to whole UTC days), 'weekly' the rollups' days by ISO week.
 */
export type Span = {
  from: Date;
  to: Date;
  resolution: "hourly" | "daily" | "weekly";
  consumers: readonly Consumer[];
};
