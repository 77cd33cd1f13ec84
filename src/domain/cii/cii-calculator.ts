import { requireWithinRange } from "../data-quality/input-range.js";
import { DomainInputError } from "../errors.js";
import { type FuelConsumption, totalCo2Tonnes } from "./attained-cii.js";
import type { CapacityBasis, CiiShipType } from "./capacity-basis.js";
import { CAPACITY_BASIS, capacityField, requireCiiShipType } from "./capacity-basis.js";
import { assessCii } from "./cii-assessment.js";
import { CII_CALCULATOR_RANGES as R } from "./cii-calculator-ranges.js";
import type { CiiRating, ComplianceStatus, RatingBoundaries } from "./rating.js";
import { CII_FIRST_RATED_YEAR, reductionFactorPercent } from "./reduction-factors.js";

/** Inputs of the specification's CII calculator (spec §3), plus grossTonnage and fuels (issue 3 item 11). */
export type CiiCalculatorInput = {
  /** Ship type by the specification's or IMO names, case-insensitive (see parseShipType). */
  shipType: string;
  /** Deadweight, t. Needed for DWT-based types. */
  deadweight?: number | undefined;
  /** Gross tonnage. Needed for GT-based types (vehicle carrier, ro-ro cargo, ro-pax, HSC, cruise). */
  grossTonnage?: number | undefined;
  /** Annual fuel, tonnes of HFO (spec field). Give this or `fuels`, not both. */
  fuelConsumption?: number | undefined;
  /** Annual fuel by type, tonnes. */
  fuels?: readonly FuelConsumption[] | undefined;
  /** Distance travelled in the year, nm. */
  distanceTravelled: number;
  /** Calendar year, 2019–2030; rated from 2023 (CII_FIRST_RATED_YEAR). */
  calculationYear: number;
};

/** Outputs of the calculator; CII figures in g CO2 per capacity-tonne-mile (AER or cgDIST). */
export type CiiCalculatorResult = {
  attainedCII: number;
  requiredCII: number;
  referenceCII: number;
  /** False before 2023: the year is placed on the reference line but gets no rating (CII_FIRST_RATED_YEAR). */
  rated: boolean;
  /** A–E, or null when the year is not rated. */
  rating: CiiRating | null;
  /** Why there is no rating (a year before 2023), else null. */
  ratingNote: string | null;
  boundaries: RatingBoundaries;
  /** Z of the year, % below the 2019 reference line. */
  reductionFromBaseline: number;
  /** From the rating; null when the year is not rated. */
  complianceStatus: ComplianceStatus | null;
  /** Required CII for calculationYear + 1, null after 2030 (no adopted Z). */
  nextYearTarget: number | null;
  capacityBasis: CapacityBasis;
  /** The ship type the name resolved to (SHIP_TYPES key). */
  shipType: CiiShipType;
  /** The actual DWT or GT used. */
  capacity: number;
  /** Annual CO2, t (Σ FC·Cf, MEPC.364(79)). */
  co2Tonnes: number;
};

/** The specification's calculator defaults (spec §7): Bulk carrier, 50000 DWT, 6570 MT, 120000 nm, 2024. */
export const CII_CALCULATOR_DEFAULTS = {
  shipType: "Bulk carrier",
  deadweight: 50_000,
  fuelConsumption: 6_570,
  distanceTravelled: 120_000,
  calculationYear: 2024,
} as const satisfies CiiCalculatorInput;

function fuelsOf(input: CiiCalculatorInput): readonly FuelConsumption[] {
  const hasFuels = input.fuels !== undefined && input.fuels.length > 0;
  const hasHfo = input.fuelConsumption !== undefined && input.fuelConsumption !== null;
  if (hasFuels && hasHfo) {
    throw new DomainInputError("fuels", "give either fuelConsumption (tonnes of HFO) or fuels, not both");
  }
  if (hasFuels) {
    const fuels = input.fuels ?? [];
    totalCo2Tonnes(fuels); // each entry: a known fuel type and a finite mass >= 0, named fuels[i]
    requireWithinRange("fuels", totalTonnes(fuels), R.annualFuelTonnes);
    return fuels;
  }
  if (!hasHfo) throw new DomainInputError("fuelConsumption", "annual fuel consumption is required");
  const tonnes = requireWithinRange(
    "fuelConsumption",
    input.fuelConsumption ?? Number.NaN,
    R.annualFuelTonnes,
  );
  return [{ fuelType: "HFO", tonnes }];
}

/** Total tonnes of a fuel list. */
function totalTonnes(fuels: readonly FuelConsumption[]): number {
  return fuels.reduce((sum, f) => sum + f.tonnes, 0);
}

/** Why a year gets no rating: ratings start with the 2023 data (CII_FIRST_RATED_YEAR, MARPOL Annex VI reg. 28). */
export function notRatedNote(year: number): string {
  return `Not rated: CII ratings start with the ${CII_FIRST_RATED_YEAR} data (MARPOL Annex VI regulation 28, in force 1 November 2022). The ${year} figures are shown against the reference line for comparison only.`;
}

/**
 * The specification's CII calculator, computed after the IMO guidelines (PRODUCT.md D2): attained CII
 * (MEPC.352(78), actual DWT/GT), reference line (MEPC.353(78)), required CII with Z (MEPC.338(76) and
 * MEPC.400(83)), rating boundaries (MEPC.354(78)), rating, compliance and next year's target.
 * Inputs outside CII_CALCULATOR_RANGES (zero or implausible fuel, distance, capacity) and a year without
 * an adopted Z throw DomainInputError naming the input; years before 2023 are answered but not rated.
 */
export function calculateCii(input: CiiCalculatorInput): CiiCalculatorResult {
  const shipType = requireCiiShipType(input.shipType);
  const basis = CAPACITY_BASIS[shipType];
  const capacity = basis === "DWT" ? input.deadweight : input.grossTonnage;
  if (capacity === undefined || capacity === null) {
    throw new DomainInputError(
      capacityField(basis),
      `${shipType} is rated on ${basis}: ${capacityField(basis)} is required`,
    );
  }
  reductionFactorPercent(input.calculationYear); // year first: a clear 400 before anything else
  requireWithinRange(capacityField(basis), capacity, R[capacityField(basis)]);
  const fuels = fuelsOf(input);
  const distanceNm = requireWithinRange("distanceTravelled", input.distanceTravelled, R.distanceNm);
  const a = assessCii({ shipType, capacity, fuels, distanceNm, year: input.calculationYear });
  return {
    attainedCII: a.attainedCii,
    requiredCII: a.requiredCii,
    referenceCII: a.referenceCii,
    rated: a.rated,
    rating: a.rating,
    ratingNote: a.rated ? null : notRatedNote(input.calculationYear),
    boundaries: a.boundaries,
    reductionFromBaseline: a.reductionPercent,
    complianceStatus: a.complianceStatus,
    nextYearTarget: a.nextYearRequiredCii,
    capacityBasis: basis,
    shipType,
    capacity,
    co2Tonnes: a.co2Tonnes,
  };
}
