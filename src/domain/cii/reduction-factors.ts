import { DomainInputError } from "../errors.js";

/** First and last year with an adopted reduction factor Z. */
export const CII_FIRST_YEAR = 2019;
export const CII_LAST_YEAR = 2030;

/**
 * Reduction factor Z (% below the 2019 reference line) per year. 2019–2026: MEPC.338(76) (G3);
 * 2027–2030: MEPC.400(83) (amending G3, adopted April 2025). Reference §3 [C2]. Nothing adopted after 2030.
 */
export const CII_REDUCTION_FACTORS_PERCENT: Readonly<Record<number, number>> = {
  2019: 0,
  2020: 1,
  2021: 2,
  2022: 3,
  2023: 5,
  2024: 7,
  2025: 9,
  2026: 11,
  2027: 13.625,
  2028: 16.25,
  2029: 18.875,
  2030: 21.5,
};

/**
 * First year whose operational CII is rated A–E: 2023. MARPOL Annex VI regulation 28 (MEPC.328(76)) entered
 * into force on 1 November 2022 and the first annual rating is of the 2023 data (spec: "CII mandatory from
 * 1 January 2023"). The Z factors of 2019–2022 (MEPC.338(76)) only place those years on the reference line;
 * a rating for them would be a letter no one issued.
 */
export const CII_FIRST_RATED_YEAR = 2023;

/** Whether a year's attained CII gets a rating A–E: 2023 to the last year with an adopted Z (2030). */
export function isCiiRatedYear(year: number): boolean {
  return hasReductionFactor(year) && year >= CII_FIRST_RATED_YEAR;
}

/** A year outside 2019–2030: no reduction factor is adopted, so no required CII (answer 400, never extrapolate). */
export class CiiYearNotAdoptedError extends DomainInputError {
  constructor(
    readonly year: number,
    field = "calculationYear",
  ) {
    super(
      field,
      `no CII reduction factor is adopted for ${year}; years ${CII_FIRST_YEAR}–${CII_LAST_YEAR} only`,
    );
    this.name = "CiiYearNotAdoptedError";
  }
}

/** Whether the year has an adopted reduction factor (an integer in 2019–2030). */
export function hasReductionFactor(year: number): boolean {
  return Number.isInteger(year) && year >= CII_FIRST_YEAR && year <= CII_LAST_YEAR;
}

/**
 * Z in % for a calendar year (MEPC.338(76) as amended by MEPC.400(83)).
 * Throws CiiYearNotAdoptedError for a year without an adopted factor.
 */
export function reductionFactorPercent(year: number, field = "calculationYear"): number {
  const z = hasReductionFactor(year) ? CII_REDUCTION_FACTORS_PERCENT[year] : undefined;
  if (z === undefined) throw new CiiYearNotAdoptedError(year, field);
  return z;
}
