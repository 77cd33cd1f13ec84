import type { QueryClient } from "@tanstack/react-query";

/**
 * Query-key prefixes refreshed after data goes in (spec §4: ship, dashboard and fuel-data data), plus the
 * analysis panels, the voyage lists, the upload history, the fleet page and Database Admin's figures (issue
 * 35 item 2: after an upload they read the counts of before until their next poll).
 */
export const DATA_QUERY_PREFIXES = [
  ["ships"],
  ["dashboard"],
  ["fuel-data"],
  ["analysis"],
  ["voyages"],
  ["uploads"],
  ["fleet"],
  ["database"],
] as const;

/** Marks every query under those prefixes stale and refetches the ones on screen. */
export function invalidateDataQueries(client: QueryClient): Promise<void> {
  return Promise.all(
    DATA_QUERY_PREFIXES.map((queryKey) => client.invalidateQueries({ queryKey: [...queryKey] })),
  ).then(() => undefined);
}
