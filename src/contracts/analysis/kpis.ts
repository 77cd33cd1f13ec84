/**
 * KPI cards of the dashboard (issue 6 item 3; definitions in docs/kpi-definitions.md):
 * `GET /api/dashboard/:shipId?<filters>`. Figures follow ./conventions (null where there is no data).
 */

import { z } from "zod";
import { CII_RATINGS, COMPLIANCE_STATUSES } from "../../domain/cii/rating";
import { LOAD_BAND_LABELS } from "../../domain/engine/load-bands";
import { BASELINE_SOURCES } from "../../domain/engine/sfoc-baseline";
import { SFOC_FLAGS } from "../../domain/engine/sfoc-cross-check";
import { AT_SEA_SOURCES, DISTANCE_SOURCES } from "../../domain/records/fuel-sums";
import { dashboardResponse } from "../dashboard";
import { ciiProjection } from "./environment-compliance-section";
import { resolvedRange } from "./filters";
import { recordsByKind } from "./record-presence";

export const kpis = z.object({
  /**
   * SFOC = Σ fuel mass / Σ engine energy in the range (derived from fuel rate and power: decision 007).
   * Computed by `sfocCardOf` (server/analysis/kpis.ts: the range's fuelTotals → domain
   * engine/sfoc-baseline.ts `sfocAgainstBaseline` → performance/sfoc-from-fuel.ts `sfocOfSums`).
   */
  sfoc: z
    .object({
      /** g/kWh. */
      value: z.number(),
      /** g/kWh: shop-test SFOC at the range's time-weighted mean load, or the specification's 185. */
      reference: z.number(),
      /** 100·(value − reference)/reference, %. Below 0 = better than the reference. */
      differencePercent: z.number(),
      referenceSource: z.enum(BASELINE_SOURCES),
      /** Time-weighted mean load the shop-test reference was read at, % MCR (null for 'specification'). */
      referenceLoadPercent: z.number().nullable(),
      /** Cross-check: energy-weighted mean of the reported SFOC column, g/kWh; null when not reported. */
      reported: z.number().nullable(),
      /** 100·(reported − value)/value, %; null when not reported. */
      reportedDifferencePercent: z.number().nullable(),
      /** False when `flags` is not empty: the figure is unverified and its difference is no improvement. */
      verified: z.boolean(),
      /** 'reported-vs-derived': the two disagree by more than 10 %; 'out-of-physical-range': a figure no engine of the kind reaches. */
      flags: z.array(z.enum(SFOC_FLAGS)),
    })
    .nullable(),
  /** Fuel consumption rate = Σ fuel / time at sea. */
  fuelConsumptionRate: z
    .object({
      /** t/day (MT/day). */
      value: z.number(),
      /** t/day: the ship's own rate over the 12 months before the range; null without such history. */
      reference: z.number().nullable(),
      /** Hours at sea the reference rests on (a '12-month average' of three days says so); null with it. */
      referenceHoursAtSea: z.number().nullable(),
      /**
       * What the reference rests on, in words, as the card and the PDF say it: '3.0 days at sea in the 12 months
       * before' (a '12-month average' of three days is not a year's); null with `reference`.
       */
      referenceBasis: z.string().nullable(),
      /** %, null when `reference` is null. */
      differencePercent: z.number().nullable(),
      /** Which speed the time at sea rests on (the log's, over ground where there is none, or both). */
      atSeaSource: z.enum(AT_SEA_SOURCES),
    })
    .nullable(),
  /** Time-weighted mean engine load. */
  engineLoadFactor: z
    .object({
      /** % (of MCR for the main engine, of the running generators' rating for auxiliaries). */
      value: z.number(),
      /** < 40 'Low Load', 40–85 'Optimal Range', > 85 'High Load'. */
      band: z.enum(LOAD_BAND_LABELS),
    })
    .nullable(),
  /** Attained CII year to date (calendar year of the range's end), all consumers. */
  cii: z
    .object({
      /** A–E; null for a year before 2023, which is not rated (domain `isCiiRatedYear`). */
      rating: z.enum(CII_RATINGS).nullable(),
      /** g CO2 / (capacity-t · nm). */
      attained: z.number(),
      /** g CO2 / (capacity-t · nm), required CII of `year` (MEPC.353(78) + reduction factor). */
      required: z.number(),
      complianceStatus: z.enum(COMPLIANCE_STATUSES).nullable(),
      /** Calendar year assessed. */
      year: z.number().int(),
      /** Where the distance comes from: the reports, speed over ground × hours ('derived'), or both ('mixed'). */
      distanceSource: z.enum(DISTANCE_SOURCES),
      /** The year-end projection with its 95 % interval, as the Compliance section answers it. */
      projection: ciiProjection,
    })
    .nullable(),
  /**
   * Why `cii` is null, with the action that gives it a value (the Compliance section's words): no fuel records
   * this year, no capacity (deadweight or gross tonnage) set, no distance, a ship type the guidelines do not
   * cover; null with a figure.
   */
  ciiEmptyReason: z.string().nullable(),
});
export type Kpis = z.infer<typeof kpis>;

/**
 * `GET /api/dashboard/:shipId?<filters>`: the dashboard base plus the resolved range, the KPI cards and which
 * kinds of record the range holds (what an empty card, sidebar figure or section says of its cause).
 */
export const dashboardWithKpisResponse = dashboardResponse.extend({
  range: resolvedRange,
  kpis,
  records: recordsByKind,
});
export type DashboardWithKpisResponse = z.infer<typeof dashboardWithKpisResponse>;
