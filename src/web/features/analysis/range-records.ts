import { createContext, useContext } from "react";
import type { RecordKind, RecordsByKind } from "../../../contracts/analysis/record-presence";
import { emptyRangeReason } from "../../lib/empty-range";

/**
 * Which kinds of record the dashboard's range holds (its answer's `records`), for the sections' empty states:
 * one answer for the whole Analysis Center, over the same filters as its sections. Null outside a dashboard.
 */
export const RangeRecords = createContext<RecordsByKind | null>(null);

/**
 * Why a section reading `kinds` is empty for its range (lib/empty-range): the first kind the range holds none
 * of; null when it holds each.
 */
export function useEmptyRangeReason(kinds: RecordKind | readonly RecordKind[] | undefined): string | null {
  const records = useContext(RangeRecords);
  const list: readonly RecordKind[] = kinds === undefined ? [] : typeof kinds === "string" ? [kinds] : kinds;
  for (const kind of list) {
    const reason = emptyRangeReason(kind, records);
    if (reason) return reason;
  }
  return null;
}
