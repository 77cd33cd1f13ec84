/**
 * One rule for what an empty figure says when its range holds no records of the kind it reads (issue 35
 * item 2): the range lies outside the data ('the newest is from …, widen the range') or there are no such
 * records at all ('add or upload them'). From the dashboard's `records` (contracts/analysis/record-presence),
 * for the KPI cards, the sidebar, the report checks and the sections' empty states alike. Where the range
 * holds records of the kind the figure is missing for another cause (a field the records lack), which the
 * caller says: `emptyRangeReason` is then null.
 */
import type { RecordKind, RecordsByKind } from "../../contracts/analysis/record-presence";

/** The kind of record in the words the empty states use ('No environmental records in this range'). */
export const RECORD_KIND_WORDS: Record<RecordKind, string> = {
  fuel: "fuel",
  environmental: "environmental",
  hull: "hull",
  trim: "trim",
  auxiliary: "auxiliary",
};

/** Why a figure reading `kind` has nothing in the range, or null when the range holds such records. */
export function emptyRangeReason(kind: RecordKind, records: RecordsByKind | null | undefined): string | null {
  const presence = records?.[kind];
  if (!presence || presence.inRange) return null;
  const words = RECORD_KIND_WORDS[kind];
  if (presence.newest === null) return `No ${words} records yet — add or upload them`;
  return `No ${words} records in this range; the newest is from ${presence.newest.slice(0, 10)} — widen the range`;
}

/** The reason of `emptyRangeReason`, else the caller's own (a field the records of the range lack). */
export function emptyText(
  kind: RecordKind,
  records: RecordsByKind | null | undefined,
  otherwise: string,
): string {
  return emptyRangeReason(kind, records) ?? otherwise;
}

/**
 * Why a KPI figure (card and sidebar alike) is missing although the range holds fuel records: the field they
 * lack, and the action.
 */
export const SFOC_MISSING =
  "The fuel records in this range carry no engine power — add Engine Power (kW) to derive SFOC";
export const FUEL_RATE_MISSING =
  "The fuel records in this range show no time at sea — add their speed through water or over ground";
export const LOAD_MISSING =
  "The fuel records in this range carry no engine load — add Engine Load Factor (%) to them";
