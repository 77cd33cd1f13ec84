import { requireInRange, requireNonNegative } from "../performance/guards.js";

/** Douglas sea state degree 0–9 (the specification's seaState). */
export type DouglasDegree = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

/** One row of the Douglas sea scale: significant wave height band [m]; maxM null for degree 9 (open). */
export type DouglasRow = { degree: DouglasDegree; description: string; minM: number; maxM: number | null };

/**
 * The Douglas sea scale (wind sea). Source: reference-data.md §11 [C2: Wikipedia, RNLI, Carrick Castle
 * BC, allmaritime].
 */
export const DOUGLAS_SCALE: readonly DouglasRow[] = [
  { degree: 0, description: "Calm (glassy)", minM: 0, maxM: 0 },
  { degree: 1, description: "Calm (rippled)", minM: 0, maxM: 0.1 },
  { degree: 2, description: "Smooth (wavelets)", minM: 0.1, maxM: 0.5 },
  { degree: 3, description: "Slight", minM: 0.5, maxM: 1.25 },
  { degree: 4, description: "Moderate", minM: 1.25, maxM: 2.5 },
  { degree: 5, description: "Rough", minM: 2.5, maxM: 4 },
  { degree: 6, description: "Very rough", minM: 4, maxM: 6 },
  { degree: 7, description: "High", minM: 6, maxM: 9 },
  { degree: 8, description: "Very high", minM: 9, maxM: 14 },
  { degree: 9, description: "Phenomenal", minM: 14, maxM: null },
];

/**
 * Douglas degree for a significant wave height [m]. The table's bands share their edges (0.1–0.5,
 * 0.5–1.25); a height exactly on an edge takes the lower degree (each band is (min, max]), 0 m is
 * degree 0 and anything above 14 m is degree 9. Source: reference-data.md §11 [C2].
 */
export function douglasDegreeFromWaveHeight(waveHeightM: number): DouglasDegree {
  requireNonNegative("waveHeightM", waveHeightM);
  for (const row of DOUGLAS_SCALE) if (row.maxM !== null && waveHeightM <= row.maxM) return row.degree;
  return 9;
}

/** The Douglas row (description and height band) of a degree 0–9. */
export function douglasRow(degree: number): DouglasRow {
  requireInRange("seaState", degree, 0, 9);
  return DOUGLAS_SCALE[Math.round(degree)]!;
}

/**
 * A representative significant wave height [m] for a Douglas degree, used when only a sea state is
 * known: the middle of the band (degree 9: its lower edge, 14 m, since the band is open). A Sextant
 * simplification, not part of the scale.
 */
export function representativeWaveHeight(degree: number): number {
  const row = douglasRow(degree);
  return row.maxM === null ? row.minM : (row.minM + row.maxM) / 2;
}
