/** What a metrics query reads: one ship's records of some consumers over a time span, at a resolution. */

import type { FuelConsumer } from "../../contracts/records";

/** A fuel record's consumer. */
export type Consumer = FuelConsumer;
/** Every consumer: the fuel CII, DCS, MRV, ETS and FuelEU count (all fuel burnt on board). */
export { ENGINE_CONSUMERS as ALL_CONSUMERS } from "../../contracts/records";

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
