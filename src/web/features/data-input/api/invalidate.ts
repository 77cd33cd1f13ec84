import type { QueryClient } from "@tanstack/react-query";

/**
 * Query-key prefixes refreshed after data goes in (spec §4: ship, dashboard and fuel-data data), plus the
 * analysis panels, the voyage lists and the upload history.
 */
export const DATA_QUERY_PREFIXES = [
  ["ships"],
  ["dashboard"],
  ["fuel-data"],
  ["analysis"],
  ["voyages"],
  ["uploads"],
] as const;

/** Marks every query under those prefixes stale and refetches the ones on screen. */
export function invalidateDataQueries(client: QueryClient): Promise<void> {
  return Promise.all(
    DATA_QUERY_PREFIXES.map((queryKey) => client.invalidateQueries({ queryKey: [...queryKey] })),
  ).then(() => undefined);
}
