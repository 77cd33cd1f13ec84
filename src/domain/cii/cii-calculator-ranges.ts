import type { InputRange } from "../data-quality/input-range.js";
import { PLAUSIBILITY_RANGES as P } from "../data-quality/plausibility.js";
import { SHIP_PARTICULAR_LIMITS as SHIP } from "../ships/particular-limits.js";

/** Hours in the longest calendar year (366 days): the most a ship can sail or burn fuel in one CII year. */
const HOURS_IN_LEAP_YEAR = 366 * 24;

/**
 * Plausible ranges of the CII calculator's yearly inputs, each with its source. Defined once: the contract
 * builds its zod schema from them (a 400 names the input) and `calculateCii` checks them again. A ship that
 * burnt no fuel or sailed no distance has no CII (MEPC.352(78): CII = M / (Capacity·D)), so both must be
 * above 0; the maxima are what one ship can do in a year at the records' plausible limits, so that a
 * unit mix-up (kg for t, m for nm) or 1e308 is refused instead of rated.
 */
export const CII_CALCULATOR_RANGES = {
  /** t per year: the records' highest plausible fuel rate, 400 t/day, every day of a leap year = 146,400 t. */
  annualFuelTonnes: {
    min: 0,
    minExclusive: true,
    max: (P.fuelConsumptionRate.max * HOURS_IN_LEAP_YEAR) / 24,
    unit: "t",
    source: "the records' fuel rate limit (400 t/day) all year (366 days)",
  },
  /** nm per year: the records' highest plausible speed over ground, 35 kn, all year = 307,440 nm. */
  distanceNm: {
    min: 0,
    minExclusive: true,
    max: P.speedOverGround.max * HOURS_IN_LEAP_YEAR,
    unit: "nm",
    source: "the records' speed-over-ground limit (35 kn) all year (366 days)",
  },
  deadweight: {
    min: 0,
    minExclusive: true,
    max: SHIP.deadweight,
    unit: "t",
    source: "ship particulars limit",
  },
  grossTonnage: {
    min: 0,
    minExclusive: true,
    max: SHIP.grossTonnage,
    unit: "",
    source: "ship particulars limit",
  },
} as const satisfies Record<string, InputRange>;
