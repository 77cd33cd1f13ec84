/**
 * Analysis Center section `hull-hull-calculator`: GET /api/ships/:id/analysis/hull-hull-calculator?<filters>.
 * The hull performance calculator (POST /api/calculate-hull-performance) prefilled from the ship's latest
 * stored data up to the range's end, each value with where it came from; a value with no data is null and
 * `missing` says what to enter.
 */
import { z } from "zod";
import { MAINTENANCE_EVENT_TYPES } from "../../domain/maintenance/maintenance-events";
import { num } from "./conventions";
import { sectionBase } from "./section-base";

/** A prefilled value: the figure, where it came from in plain words, and the record's instant (ISO). */
export const prefilledValue = z
  .object({ value: num, source: z.string(), at: z.string().nullable() })
  .nullable();
export type PrefilledValue = z.infer<typeof prefilledValue>;

/** The calculator inputs the section prefills (names of `calculateHullPerformanceBody`). */
export const HULL_CALCULATOR_PREFILL_FIELDS = [
  "currentPower",
  "currentSfoc",
  "currentSpeed",
  "baselinePower",
  "baselineSfoc",
  "baselineSpeed",
  "seaState",
  "windSpeed",
  "waveHeight",
] as const;
export type HullCalculatorPrefillField = (typeof HULL_CALCULATOR_PREFILL_FIELDS)[number];

export const hullCalculatorPrefill = z.object(
  Object.fromEntries(HULL_CALCULATOR_PREFILL_FIELDS.map((f) => [f, prefilledValue])) as Record<
    HullCalculatorPrefillField,
    typeof prefilledValue
  >,
);
export type HullCalculatorPrefill = z.infer<typeof hullCalculatorPrefill>;

export const hullCalculatorSection = z.object({
  ...sectionBase("hull-hull-calculator"),
  inputs: hullCalculatorPrefill,
  /** The ship's state behind the inputs, shown beside the calculator. */
  context: z.object({
    draughtForeM: prefilledValue,
    draughtAftM: prefilledValue,
    displacementT: prefilledValue,
    roughnessIndex: prefilledValue,
    hullEfficiency: prefilledValue,
    /** Days from the last hull cleaning or dry-docking (stored, or implied by the hull records) to the range's end. */
    daysSinceLastCleaning: prefilledValue,
  }),
  /** The last hull cleaning or dry-docking done by the range's end; null when none is known. */
  lastCleaning: z
    .object({
      type: z.enum(MAINTENANCE_EVENT_TYPES),
      date: z.string(),
      source: z.enum(["stored", "hull-record"]),
    })
    .nullable(),
  /** What to enter for the inputs left empty, in plain words. */
  missing: z.array(z.string()),
});
export type HullCalculatorSectionResponse = z.infer<typeof hullCalculatorSection>;
