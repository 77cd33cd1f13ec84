import { z } from "zod";
import { idParam } from "./common";
import { ship } from "./ships";
import { voyage } from "./voyages";

/** A stored time-series record as the API returns it: its fields plus `id`, `shipId`, `voyageId`, `timestamp`. */
export const seriesRecord = z
  .object({ id: z.number(), shipId: z.number(), voyageId: z.number().nullable(), timestamp: z.string() })
  .catchall(z.union([z.number(), z.string(), z.boolean(), z.null()]));
export type SeriesRecord = z.infer<typeof seriesRecord>;

export const dashboardParams = z.object({ shipId: idParam }).strict();

/** The latest stored record of each kind, or null when the ship has none (never a sample value). */
export const dashboardResponse = z.object({
  ship,
  voyages: z.array(voyage),
  current: z.object({
    fuel: seriesRecord.nullable(),
    environmental: seriesRecord.nullable(),
    hull: seriesRecord.nullable(),
    auxiliary: seriesRecord.nullable(),
    compliance: seriesRecord.nullable(),
  }),
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;
