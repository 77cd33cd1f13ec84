/**
 * The dashboard's filter state (spec §2 'Dashboard controls card'; PRODUCT.md D6): voyage, date range,
 * engine type and the chosen Analysis Center section, read from and written to the URL's query string so
 * that a reload or a shared link shows the same view. Pure: no clock is read here, `today` is passed in.
 */

import {
  DATE_RANGE_LABELS,
  DATE_RANGES,
  type DateRange,
  ENGINE_FILTERS,
  ENGINE_FILTER_LABELS as ENGINE_TYPE_LABELS,
  type EngineFilter,
} from "../../contracts/analysis/filters";
import { DAY_MS } from "../../domain/time/units";

export type { DateRange };
export type EngineType = EngineFilter;

export { DATE_RANGE_LABELS, ENGINE_TYPE_LABELS };

/**
 * Why the engine filter reads as it does, under the control. The specification's default is 'All Engines';
 * Sextant opens on the main engine because two headline figures only mean something for one engine: SFOC
 * against the shop test (a shop test is one engine's) and the load factor (% of one engine's MCR; over all
 * engines it would average main and auxiliary percentages).
 */
export const ENGINE_TYPE_HINTS: Record<EngineType, string> = {
  main: "Opens on the main engine, not All Engines (the specification's default): SFOC against the shop test and load in % MCR need one engine.",
  all: "Main and auxiliary together: SFOC against the specification's baseline, not a shop test; the load factor mixes both engines' % MCR.",
  auxiliary: "Auxiliary engines only: SFOC against the specification's baseline, not a shop test.",
};

/** 'all' or a voyage id. */
export type VoyageFilter = "all" | number;

export type DashboardFilters = {
  voyage: VoyageFilter;
  range: DateRange;
  engine: EngineType;
  /** Custom range bounds as 'YYYY-MM-DD' (UTC days, inclusive); set only when `range` is 'custom'. */
  from: string | null;
  to: string | null;
};

/** Last 7 days, all voyages, main engine (issue 6: main by default, as fuel records say their consumer). */
export const DEFAULT_FILTERS: DashboardFilters = {
  voyage: "all",
  range: "7days",
  engine: "main",
  from: null,
  to: null,
};

/** The days a new custom range covers when the user first picks 'Custom Range'. */
export const CUSTOM_RANGE_DEFAULT_DAYS = 30;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether the text is a real calendar day 'YYYY-MM-DD'. */
export function isIsoDay(value: string | null | undefined): value is string {
  if (!value || !ISO_DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function parseVoyage(value: string | null): VoyageFilter {
  if (value === null || value === "all") return "all";
  if (!/^\d+$/.test(value)) return "all";
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : "all";
}

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

/**
 * The filters in a query string; unknown or malformed values fall back to the defaults. A custom range
 * without two valid days in order (from ≤ to) is not a range: it falls back to the default range.
 */
export function parseFilters(params: URLSearchParams): DashboardFilters {
  const range = oneOf(DATE_RANGES, params.get("range"), DEFAULT_FILTERS.range);
  const engine = oneOf(ENGINE_FILTERS, params.get("engine"), DEFAULT_FILTERS.engine);
  const voyage = parseVoyage(params.get("voyage"));
  if (range !== "custom") return { voyage, range, engine, from: null, to: null };
  const from = params.get("from");
  const to = params.get("to");
  if (!isIsoDay(from) || !isIsoDay(to) || from > to) {
    return { voyage, range: DEFAULT_FILTERS.range, engine, from: null, to: null };
  }
  return { voyage, range, engine, from, to };
}

/** The dashboard's own parameters, in the order a URL shows them. */
const KNOWN_ORDER = ["voyage", "range", "from", "to", "engine", "section"] as const;

/** A copy with the dashboard's parameters first, in a fixed order, and any others after them. */
function canonical(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams();
  for (const key of KNOWN_ORDER) {
    const value = params.get(key);
    if (value !== null) next.set(key, value);
  }
  for (const [key, value] of params) {
    if (!(KNOWN_ORDER as readonly string[]).includes(key)) next.append(key, value);
  }
  return next;
}

/**
 * Writes the filters into a copy of the query string (other parameters, such as `section`, are kept), as
 * `voyage=…&range=…[&from=…&to=…]&engine=…&section=…`. Every filter is written, defaults included, so that
 * a shared link does not depend on today's defaults.
 */
export function writeFilters(params: URLSearchParams, filters: DashboardFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set("voyage", String(filters.voyage));
  next.set("range", filters.range);
  if (filters.range === "custom" && filters.from && filters.to) {
    next.set("from", filters.from);
    next.set("to", filters.to);
  } else {
    next.delete("from");
    next.delete("to");
  }
  next.set("engine", filters.engine);
  return canonical(next);
}

/** The query the API takes ('voyage', 'range', 'engine', and 'from'/'to' for a custom range). */
export function filtersToApiQuery(filters: DashboardFilters): Record<string, string> {
  const query: Record<string, string> = {
    voyage: String(filters.voyage),
    range: filters.range,
    engine: filters.engine,
  };
  if (filters.range === "custom" && filters.from && filters.to) {
    query.from = filters.from;
    query.to = filters.to;
  }
  return query;
}

/** '?voyage=all&range=7days&engine=main' for a fetch URL. */
export function apiQueryString(filters: DashboardFilters): string {
  return `?${new URLSearchParams(filtersToApiQuery(filters)).toString()}`;
}

/** A stable array for TanStack Query keys: every filter that changes the answer. */
export function filtersKey(filters: DashboardFilters): readonly [string, string, string, string, string] {
  return [String(filters.voyage), filters.range, filters.engine, filters.from ?? "", filters.to ?? ""];
}

/** 'YYYY-MM-DD' of a UTC day `days` before `today`. */
export function isoDayMinus(today: string, days: number): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/**
 * The filters after choosing a date range in the dropdown. 'Custom Range' keeps custom bounds already
 * chosen, else starts with the 30 days up to `today`; any other choice drops the bounds.
 */
export function withRange(filters: DashboardFilters, range: DateRange, today: string): DashboardFilters {
  if (range !== "custom") return { ...filters, range, from: null, to: null };
  if (filters.from && filters.to) return { ...filters, range };
  return { ...filters, range, from: isoDayMinus(today, CUSTOM_RANGE_DEFAULT_DAYS), to: today };
}

/** Days back of the rolling ranges, for a voyage's overlap with them. */
const ROLLING_DAYS: Partial<Record<DateRange, number>> = { "7days": 7, "30days": 30 };

/**
 * The filters after choosing a voyage, and what changed besides (issue 35 item 2): a voyage whose time does not
 * overlap the date range would show nothing ('no fuel data in this range') although it has data, so the range
 * becomes 'This Voyage', visibly (the note says so). `voyage` is the chosen voyage (null for 'All Voyages').
 */
export function withVoyage(
  filters: DashboardFilters,
  voyage: { id: number; departureDate: string; arrivalDate: string | null } | null,
  now: Date,
): { filters: DashboardFilters; note: string | null } {
  if (voyage === null) return { filters: { ...filters, voyage: "all" }, note: null };
  const next = { ...filters, voyage: voyage.id };
  const days = ROLLING_DAYS[filters.range];
  const rangeFrom =
    days !== undefined
      ? now.getTime() - days * DAY_MS
      : filters.range === "custom" && filters.from
        ? Date.parse(filters.from)
        : null;
  const rangeTo =
    days !== undefined
      ? now.getTime()
      : filters.range === "custom" && filters.to
        ? Date.parse(filters.to) + DAY_MS
        : null;
  if (rangeFrom === null || rangeTo === null) return { filters: next, note: null };
  const voyageFrom = Date.parse(voyage.departureDate);
  const voyageTo = voyage.arrivalDate ? Date.parse(voyage.arrivalDate) : now.getTime();
  if (voyageFrom < rangeTo && voyageTo > rangeFrom) return { filters: next, note: null };
  return {
    filters: { ...next, range: "voyage", from: null, to: null },
    note: `Date Range set to ${DATE_RANGE_LABELS.voyage}: the voyage lies outside ${DATE_RANGE_LABELS[filters.range]}.`,
  };
}

/**
 * What the voyage control says when the server let the voyage win over a range it lies outside (a reload or a
 * link with both; choosing the voyage switches the range itself, `withVoyage`): null otherwise.
 */
export function voyageWonNote(filters: DashboardFilters, resolved: DateRange | undefined): string | null {
  if (filters.voyage === "all" || resolved !== "voyage" || filters.range === "voyage") return null;
  return `Showing the whole voyage: it lies outside ${DATE_RANGE_LABELS[filters.range]}.`;
}

/** The filters with new custom bounds; null when they are not two valid days in order. */
export function withCustomBounds(
  filters: DashboardFilters,
  from: string,
  to: string,
): DashboardFilters | null {
  if (!isIsoDay(from) || !isIsoDay(to) || from > to) return null;
  return { ...filters, range: "custom", from, to };
}

/** The Analysis Center section of the URL (`section=`), or null. Unknown ids are kept: they show the default grid. */
export function parseSection(params: URLSearchParams): string | null {
  const section = params.get("section");
  return section && /^[a-z0-9-]{1,60}$/.test(section) ? section : null;
}

/** A copy of the query string with the section set (or removed when null). */
export function writeSection(params: URLSearchParams, section: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (section) next.set("section", section);
  else next.delete("section");
  return canonical(next);
}

/** A short description of the range for headings and empty states: 'Last 7 Days', '2026-01-01 – 2026-03-31'. */
export function describeRange(filters: DashboardFilters): string {
  if (filters.range === "custom" && filters.from && filters.to) return `${filters.from} – ${filters.to}`;
  return DATE_RANGE_LABELS[filters.range];
}
