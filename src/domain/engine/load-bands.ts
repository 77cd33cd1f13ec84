/**
 * Engine load bands, % of MCR: the KPI's three bands and the Engine Load section's histogram. One definition
 * serves the domain, the API answers (which carry the limits to the screen) and the database rollup (whose
 * SQL is generated from LOAD_HISTOGRAM and tested equal to `loadHistogramBin`).
 */

/** The KPI's band labels (spec §2 'Engine Load Factor' card). */
export const LOAD_BAND_LABELS = ["Low Load", "Optimal Range", "High Load"] as const;
export type LoadBand = (typeof LOAD_BAND_LABELS)[number];

/**
 * Limits of the optimal range, % MCR, both ends included (issue 6; spec §2 card 'Optimal Range'). Two-stroke
 * engines are optimised for 70–85 % MCR and run efficiently from about 40 %; below, SFOC rises steeply.
 */
export const LOAD_BAND_LIMITS = { low: 40, high: 85 } as const;

/** The KPI band of a mean load: below 40 'Low Load', 40–85 'Optimal Range', above 85 'High Load'. */
export function loadBand(loadPercent: number): LoadBand {
  if (loadPercent < LOAD_BAND_LIMITS.low) return "Low Load";
  if (loadPercent > LOAD_BAND_LIMITS.high) return "High Load";
  return "Optimal Range";
}

/**
 * One bin of the load histogram: loads from `fromPercent` to `toPercent` (null: unbounded), with which of its
 * edges it holds. An edge belongs to the bin above it, except the optimal range's top and the edges above
 * it, which belong to the bin below: 85 % falls in 70–85 with the KPI's optimal range, 100 % in 85–100.
 */
export type LoadHistogramBin = {
  label: string;
  fromPercent: number | null;
  toPercent: number | null;
  includesFrom: boolean;
  includesTo: boolean;
};

const EDGES = [25, 40, 55, 70, LOAD_BAND_LIMITS.high, 100] as const;
const edgeBelongsBelow = (edge: number) => edge >= LOAD_BAND_LIMITS.high;

/** The Engine Load section's histogram bins: < 25, 25–40, 40–55, 55–70, 70–85, 85–100, > 100 % MCR. */
export const LOAD_HISTOGRAM: readonly LoadHistogramBin[] = [null, ...EDGES].map((from, i) => {
  const to = EDGES[i] ?? null;
  return {
    label: from === null ? `<${to}` : to === null ? `>${from}` : `${from}–${to}`,
    fromPercent: from,
    toPercent: to,
    includesFrom: from !== null && !edgeBelongsBelow(from),
    includesTo: to !== null && edgeBelongsBelow(to),
  };
});

/** Whether `loadPercent` falls in `bin`. */
export function inLoadBin(bin: LoadHistogramBin, loadPercent: number): boolean {
  const { fromPercent: from, toPercent: to } = bin;
  const aboveFrom = from === null || loadPercent > from || (bin.includesFrom && loadPercent === from);
  const belowTo = to === null || loadPercent < to || (bin.includesTo && loadPercent === to);
  return aboveFrom && belowTo;
}

/** Index in LOAD_HISTOGRAM of the bin holding `loadPercent`. */
export function loadHistogramBin(loadPercent: number): number {
  return LOAD_HISTOGRAM.findIndex((bin) => inLoadBin(bin, loadPercent));
}
