/**
 * The fleet page (`GET /api/fleet`, issue 19 item 6): every ship of the organisation with its figures of the
 * benchmark window, its CII year to date and projection, open alerts, last seen, last position and data quality,
 * and the sister-ship comparisons (domain fleet/sister-benchmark.ts). Each ship's figures come from the same
 * functions as its dashboard and sections; `computedAt` says when, `stale` that newer data is being read,
 * `pending` that the line is being computed for the first time.
 */
import { z } from "zod";
import { CII_RATINGS } from "../domain/cii/rating";
import { BENCHMARK_METRICS } from "../domain/fleet/sister-benchmark";
import { SHIP_TYPES } from "../domain/ships/ship-types";
import { CP_STATUSES } from "./charter-party";
import { pageFields, pageQueryFieldsOf } from "./pagination";
import { PAGE_LIMIT_MAX } from "./wire-constants";

const rating = z.enum(CII_RATINGS).nullable();
const band = z.object({ id: z.string(), label: z.string() });

export const fleetShip = z.object({
  id: z.number().int(),
  name: z.string(),
  imo: z.string(),
  shipType: z.enum(SHIP_TYPES),
  typeLabel: z.string(),
  deadweight: z.number().nullable(),
  sizeBand: band.nullable(),
  /** Newest record of any kind (ISO 8601), null without records. */
  lastSeenAt: z.string().nullable(),
  /** Newest reported position. */
  position: z.object({ lat: z.number(), lon: z.number(), at: z.string() }).nullable(),
  /** Fuel data quality of the last 30 days, % (the System Status figure). */
  dataQualityPercent: z.number().nullable(),
  /** Why `dataQualityPercent` is null, with the action (System Status's text); null when it has a value. */
  dataQualityEmptyReason: z.string().nullable(),
  /** Main engine over the benchmark window: SFOC, g/kWh, and its difference from the shop test at the same load. */
  sfoc: z
    .object({
      value: z.number(),
      differencePercent: z.number(),
      referenceSource: z.string(),
      verified: z.boolean(),
    })
    .nullable(),
  /** t/day at sea, main engine, benchmark window. */
  fuelRateTPerDay: z.number().nullable(),
  /** Time-weighted main-engine load, % MCR. */
  loadPercent: z.number().nullable(),
  cii: z
    .object({
      year: z.number().int(),
      attained: z.number(),
      required: z.number(),
      rating,
      projectedAttained: z.number().nullable(),
      projectedRating: rating,
    })
    .nullable(),
  /** ISO 19030-2 speed loss and excess power now (the hull condition section's current values), %. */
  speedLossPercent: z.number().nullable(),
  excessPowerPercent: z.number().nullable(),
  /** EEOI of the voyages in the benchmark window, g CO2/(t·nm). */
  eeoi: z.number().nullable(),
  /** Fuel cost per nautical mile over the benchmark window, in `currency`. */
  costPerNm: z.number().nullable(),
  currency: z.string(),
  /** Open and acknowledged alerts. */
  openAlerts: z.number().int(),
  /**
   * The charter-party status of the ship's active voyage with terms (issue 33, the voyage's own or the ship's
   * default; the latest departure when several are active), from the same function as the voyage's panel;
   * null when no active voyage has terms.
   */
  charterParty: z
    .object({ voyageId: z.number().int(), voyageNumber: z.string(), status: z.enum(CP_STATUSES) })
    .nullable(),
  /** When the line's figures were computed; null while `pending`. */
  computedAt: z.string().nullable(),
  /** Newer data arrived since `computedAt`: the line is being computed again. */
  stale: z.boolean(),
  /**
   * The line was never computed (a fleet's first view after ships were loaded, past the answer's time budget):
   * every computed figure is null, not known yet, and `computedAt` is null; it is being computed now.
   */
  pending: z.boolean(),
});
export type FleetShip = z.infer<typeof fleetShip>;

const comparison = z
  .object({
    n: z.number().int(),
    median: z.number(),
    best: z.object({ shipId: z.number().int(), value: z.number() }),
    worst: z.object({ shipId: z.number().int(), value: z.number() }),
    spread: z.number(),
    ships: z.array(z.object({ shipId: z.number().int(), value: z.number(), fromMedian: z.number() })),
  })
  .nullable();

export const fleetResponse = z.object({
  /** Days of the benchmark window, ending now. */
  windowDays: z.number().int(),
  ships: z.array(fleetShip),
  groups: z.array(
    z.object({
      shipType: z.enum(SHIP_TYPES),
      band,
      shipIds: z.array(z.number().int()),
      metrics: z.object(
        Object.fromEntries(BENCHMARK_METRICS.map((m) => [m, comparison])) as Record<
          (typeof BENCHMARK_METRICS)[number],
          typeof comparison
        >,
      ),
    }),
  ),
  computedAt: z.string(),
});
export type FleetResponse = z.infer<typeof fleetResponse>;

/**
 * `GET /api/fleet?limit=&cursor=`: a page of `ships` (by name; at most PAGE_LIMIT_MAX, all of them up to that
 * many when no limit is sent), with the sister groups of the whole fleet, `nextCursor` and `total`
 * (contracts/pagination.ts).
 */
const fleetPageFields = pageQueryFieldsOf("text");
export const fleetPageQuery = z
  .object({ ...fleetPageFields, limit: fleetPageFields.limit.removeDefault().default(PAGE_LIMIT_MAX) })
  .strict();
export const fleetPageResponse = fleetResponse.extend(pageFields);
export type FleetPageResponse = z.infer<typeof fleetPageResponse>;

const count = z.number().int();

/**
 * `GET /api/fleet/highlights`: the organisation's own figures the /admin panel's marketing snippets quote
 * (issue 35 item 6), each with the date of the data it rests on: the ships and how many report, the CII
 * ratings of the year so far (the fleet page's lines), and the CO2 of the year so far (the sum of each ship's
 * IMO DCS / EU MRV annual figure, GET /api/ships/:id/annual/:year).
 */
export const fleetHighlights = z.object({
  year: count,
  ships: z.object({
    total: count,
    /** Ships with at least one stored record. */
    reporting: count,
    /** Newest record of any kind of any ship (ISO), null without records. */
    newestRecordAt: z.string().nullable(),
  }),
  cii: z.object({
    year: count,
    /** Ships rated for the year so far, per rating. */
    ratings: z.object(
      Object.fromEntries(CII_RATINGS.map((r) => [r, count])) as Record<
        (typeof CII_RATINGS)[number],
        typeof count
      >,
    ),
    rated: count,
    /** Of them rated A–C ('Compliant', domain complianceStatus). */
    compliant: count,
    /** Ships without a CII for the year yet (no fuel or distance this year, or no capacity). */
    unrated: z.array(z.object({ shipId: count, name: z.string() })),
    /** Newest record of the rated ships (ISO): the ratings rest on data to then; null when none is rated. */
    dataTo: z.string().nullable(),
    /** A rated ship's line is being computed again after newer data (the fleet page marks it so too). */
    stale: z.boolean(),
  }),
  co2: z.object({
    year: count,
    /** Σ over the ships of the year's CO2, t (MEPC.364(79) factors, as the annual figures). */
    tonnes: z.number(),
    /** First day of the year ('YYYY-01-01'). */
    from: z.string(),
    /** Newest fuel record of the year (ISO), null when the year has none: the figure covers records to then. */
    dataTo: z.string().nullable(),
    ships: z.array(
      z.object({
        shipId: count,
        name: z.string(),
        tonnes: z.number(),
        /** The kinds of gap the ship's annual figures state ('days without records', …). */
        gaps: z.array(z.string()),
      }),
    ),
  }),
  computedAt: z.string(),
});
export type FleetHighlights = z.infer<typeof fleetHighlights>;
