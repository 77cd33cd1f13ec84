import type { DistanceSource } from "../../domain/records/fuel-sums";

/** The words beside a distance that was not (only) reported (contract `distanceSource`); null when reported or none. */
export function distanceSourceNote(source: DistanceSource | null): string | null {
  if (source === "derived") return "distance derived from SOG × hours";
  if (source === "mixed") return "distance partly derived from SOG × hours";
  return null;
}
