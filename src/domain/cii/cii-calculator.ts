import { DomainInputError } from "../errors.js";
import type { FuelConsumption } from "./attained-cii.js";
import type { CapacityBasis, CiiShipType } from "./capacity-basis.js";
import { CAPACITY_BASIS, capacityField, requireCiiShipType } from "./capacity-basis.js";
import { assessCii } from "./cii-assessment.js";
import type { CiiRating, ComplianceStatus, RatingBoundaries } from "./rating.js";
import { reductionFactorPercent } from "./reduction-factors.js";

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
  /** Calendar year, 2019–2030. */
  calculationYear: number;
};

/** Outputs of the calculator; CII figures in g CO2 per capacity-tonne-mile (AER or cgDIST). */
export type CiiCalculatorResult = {
  attainedCII: number;
  requiredCII: number;
  referenceCII: number;
  rating: CiiRating;
  boundaries: RatingBoundaries;
  /** Z of the year, % below the 2019 reference line. */
  reductionFromBaseline: number;
  complianceStatus: ComplianceStatus;
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
  if (hasFuels) return input.fuels ?? [];
  if (!hasHfo) throw new DomainInputError("fuelConsumption", "annual fuel consumption is required");
  const tonnes = input.fuelConsumption ?? Number.NaN;
  if (!Number.isFinite(tonnes) || tonnes < 0) {
    throw new DomainInputError("fuelConsumption", "fuel consumption must be a number of tonnes >= 0");
  }
  return [{ fuelType: "HFO", tonnes }];
}

/**
 * The specification's CII calculator, computed after the IMO guidelines (PRODUCT.md D2): attained CII
 * (MEPC.352(78), actual DWT/GT), reference line (MEPC.353(78)), required CII with Z (MEPC.338(76) and
 * MEPC.400(83)), rating boundaries (MEPC.354(78)), rating, compliance and next year's target.
 * Throws DomainInputError naming the field for bad input (including a year without adopted Z).
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
  const a = assessCii({
    shipType,
    capacity,
    fuels: fuelsOf(input),
    distanceNm: input.distanceTravelled,
    year: input.calculationYear,
  });
  return {
    attainedCII: a.attainedCii,
    requiredCII: a.requiredCii,
    referenceCII: a.referenceCii,
    rating: a.rating,
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
