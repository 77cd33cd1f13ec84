/**
 * Filters of the dashboard page (issue 6; spec §2 'Dashboard controls', PRODUCT.md D6): the query string
 * every call of the page takes, and the range the server resolved it to.
 */
import { z } from "zod";
import { DAY_MS } from "../../domain/time/units";
import { idParam, isoInstant } from "../common";

export const DATE_RANGES = ["7days", "30days", "voyage", "custom"] as const;
export type DateRange = (typeof DATE_RANGES)[number];
export const ENGINE_FILTERS = ["all", "main", "auxiliary"] as const;
export type EngineFilter = (typeof ENGINE_FILTERS)[number];

/** The filters' labels (spec §2 'Dashboard controls card'), on screen and in the reports alike. */
export const DATE_RANGE_LABELS: Record<DateRange, string> = {
  "7days": "Last 7 Days",
  "30days": "Last 30 Days",
  voyage: "This Voyage",
  custom: "Custom Range",
};
export const ENGINE_FILTER_LABELS: Record<EngineFilter, string> = {
  all: "All Engines",
  main: "Main Engine",
  auxiliary: "Auxiliary Engine",
};

/** A calendar date alone, YYYY-MM-DD. */
export const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * End of a custom range: an ISO date or date-time. A date alone ('2026-03-31') means the END of that
 * day (the day is included), so `from=2026-03-01&to=2026-03-31` covers all of March.
 */
export const rangeEnd = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const parsed = isoInstant.safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message });
      return z.NEVER;
    }
    return DATE_ONLY.test(value) ? new Date(parsed.data.getTime() + DAY_MS) : parsed.data;
  });

/**
 * Query of `GET /api/dashboard/:shipId` and `GET /api/ships/:id/analysis/:section` (and the summary).
 * - `voyage`: 'all' (default) or a voyage id of the ship.
 * - `range`: '7days' (default), '30days', 'voyage' ('This Voyage': the selected voyage's departure →
 *   arrival, or now while under way; with voyage=all the ship's active voyage, else its latest), or
 *   'custom' with `from` and `to` (both required; `to` exclusive, a bare date includes that day).
 * - `engine`: 'main' (default, issue 6), 'auxiliary' or 'all'. Selects fuel records by consumer. The CII
 *   KPI always counts all consumers (CII counts all fuel, MEPC.352(78)).
 * A voyage selected with range 7days/30days/custom restricts the data to that voyage's records too.
 */
export const analysisQuery = z
  .object({
    voyage: z.union([z.literal("all"), idParam]).default("all"),
    range: z.enum(DATE_RANGES).default("7days"),
    engine: z.enum(ENGINE_FILTERS).default("main"),
    from: isoInstant.optional(),
    to: rangeEnd.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.range !== "custom") return;
    if (!q.from) ctx.addIssue({ code: "custom", path: ["from"], message: "is required for a custom range" });
    if (!q.to) ctx.addIssue({ code: "custom", path: ["to"], message: "is required for a custom range" });
    if (q.from && q.to && q.from.getTime() >= q.to.getTime())
      ctx.addIssue({ code: "custom", path: ["to"], message: "must be after from" });
  });
export type AnalysisQueryInput = z.input<typeof analysisQuery>;
export type AnalysisQuery = z.output<typeof analysisQuery>;

/**
 * How the data of a range is read: 'hourly' buckets from raw records (ranges up to 31 days), 'daily'
 * buckets from the daily rollups (up to 1,000 days), 'weekly' buckets (ISO weeks, Monday) beyond. Ranges
 * read from the rollups are widened to whole UTC days and `resolvedRange` says so. ('raw' is not used yet.)
 */
export const RESOLUTIONS = ["raw", "hourly", "daily", "weekly"] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

/** The range the server actually used: ISO instants, `from` inclusive, `to` exclusive. */
export const resolvedRange = z.object({
  from: z.string(),
  to: z.string(),
  /** The range kind asked for, or 'voyage' where the selected voyage lies outside it (the voyage wins). */
  range: z.enum(DATE_RANGES),
  /** The voyage the data is restricted to (the selected one, or for range=voyage the one used), or null. */
  voyageId: z.number().nullable(),
  engine: z.enum(ENGINE_FILTERS),
  resolution: z.enum(RESOLUTIONS),
});
export type ResolvedRange = z.infer<typeof resolvedRange>;
