import { DomainInputError } from "../errors.js";
import { type EeoiOptions, type EeoiResult, type EeoiVoyage, eeoi } from "./eeoi.js";

/**
 * The period a rolling EEOI covers, chosen by the user (MEPC.1/Circ.684 §4: "a consistent period which
 * represents the overall trading pattern" [C1]): the last N voyages, or voyages ending in [from, to).
 */
export type EeoiWindow = { kind: "lastVoyages"; count: number } | { kind: "period"; from: Date; to: Date };

/** Voyages of a window. `voyages` must be in chronological order for `lastVoyages`. */
export function voyagesInWindow(voyages: readonly EeoiVoyage[], window: EeoiWindow): EeoiVoyage[] {
  if (window.kind === "lastVoyages") {
    if (!Number.isInteger(window.count) || window.count < 1) {
      throw new DomainInputError("window.count", "the number of voyages must be an integer >= 1");
    }
    return voyages.slice(Math.max(0, voyages.length - window.count));
  }
  if (!(window.from.getTime() < window.to.getTime())) {
    throw new DomainInputError("window.to", "the period must end after it starts");
  }
  return voyages.filter((v, i) => {
    if (v.endedAt === undefined)
      throw new DomainInputError(`voyages[${i}].endedAt`, "needed for a period window");
    const t = v.endedAt.getTime();
    return t >= window.from.getTime() && t < window.to.getTime();
  });
}

/**
 * Rolling EEOI over a window of voyages: the ratio of sums of MEPC.1/Circ.684 equation 2 over the
 * window's voyages, in t and g CO2 per cargo-unit·nm. Reference §5.
 */
export function rollingEeoi(
  voyages: readonly EeoiVoyage[],
  window: EeoiWindow,
  options: EeoiOptions = {},
): EeoiResult {
  return eeoi(voyagesInWindow(voyages, window), options);
}

/**
 * Rolling EEOI after each voyage over the last `count` voyages (fewer at the start), for trend charts.
 * `voyages` in chronological order. Same formula as `rollingEeoi` (MEPC.1/Circ.684 equation 2).
 */
export function rollingEeoiSeries(
  voyages: readonly EeoiVoyage[],
  count: number,
  options: EeoiOptions = {},
): EeoiResult[] {
  return voyages.map((_, i) => rollingEeoi(voyages.slice(0, i + 1), { kind: "lastVoyages", count }, options));
}
