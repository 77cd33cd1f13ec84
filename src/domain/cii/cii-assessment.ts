import type { FuelConsumption } from "./attained-cii.js";
import { attainedCii, totalCo2Tonnes } from "./attained-cii.js";
import { CAPACITY_BASIS, type CapacityBasis, type CiiShipType } from "./capacity-basis.js";
import { ddVectorFor } from "./dd-vectors.js";
import {
  type CiiRating,
  type ComplianceStatus,
  ciiRating,
  complianceStatus,
  type RatingBoundaries,
  ratingBoundaries,
} from "./rating.js";
import { hasReductionFactor, isCiiRatedYear, reductionFactorPercent } from "./reduction-factors.js";
import { referenceCii } from "./reference-lines.js";
import { requiredCii } from "./required-cii.js";

export type CiiAssessmentInput = {
  shipType: CiiShipType;
  /** Actual DWT or GT, per CAPACITY_BASIS[shipType]. */
  capacity: number;
  fuels: readonly FuelConsumption[];
  distanceNm: number;
  year: number;
};

export type CiiAssessment = {
  shipType: CiiShipType;
  capacityBasis: CapacityBasis;
  capacity: number;
  co2Tonnes: number;
  attainedCii: number;
  referenceCii: number;
  requiredCii: number;
  /** Z of the year, % below the 2019 reference line. */
  reductionPercent: number;
  boundaries: RatingBoundaries;
  /** Whether the year is rated (2023 on, `isCiiRatedYear`); before 2023 rating and status are null. */
  rated: boolean;
  rating: CiiRating | null;
  complianceStatus: ComplianceStatus | null;
  /** Required CII of year + 1 at the same capacity, or null when year + 1 has no adopted Z (after 2030). */
  nextYearRequiredCii: number | null;
};

/**
 * Full annual CII assessment of one ship (g CO2 per capacity-tonne-mile): attained (MEPC.352(78)),
 * reference (MEPC.353(78)), required with Z (MEPC.338(76)/MEPC.400(83)), boundaries and rating
 * (MEPC.354(78)), compliance status and next year's required CII. Years before 2023 are assessed against
 * the reference line but not rated (`rated` false, rating and status null; CII_FIRST_RATED_YEAR).
 */
export function assessCii(input: CiiAssessmentInput): CiiAssessment {
  const basis = CAPACITY_BASIS[input.shipType];
  const z = reductionFactorPercent(input.year);
  const reference = referenceCii(input.shipType, input.capacity);
  const required = requiredCii(input.shipType, input.capacity, input.year);
  const boundaries = ratingBoundaries(required, ddVectorFor(input.shipType, input.capacity).expD);
  // Capacity was validated above under its own field name (deadweight / grossTonnage).
  const attained = attainedCii({
    fuels: input.fuels,
    distanceNm: input.distanceNm,
    capacity: input.capacity,
  });
  const rated = isCiiRatedYear(input.year);
  const rating = rated ? ciiRating(attained, boundaries) : null;
  return {
    shipType: input.shipType,
    capacityBasis: basis,
    capacity: input.capacity,
    co2Tonnes: totalCo2Tonnes(input.fuels),
    attainedCii: attained,
    referenceCii: reference,
    requiredCii: required,
    reductionPercent: z,
    boundaries,
    rated,
    rating,
    complianceStatus: rating === null ? null : complianceStatus(rating),
    nextYearRequiredCii: hasReductionFactor(input.year + 1)
      ? requiredCii(input.shipType, input.capacity, input.year + 1)
      : null,
  };
}
