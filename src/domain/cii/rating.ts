import { DomainInputError } from "../errors.js";
import type { DdVector } from "./dd-vectors.js";

export const CII_RATINGS = ["A", "B", "C", "D", "E"] as const;
export type CiiRating = (typeof CII_RATINGS)[number];

/**
 * A rating's compliance label (spec §2, CII card): A–C compliant, D–E not. A D three years running or an E
 * calls for a corrective action plan (MARPOL Annex VI, regulation 28).
 */
export const COMPLIANCE_STATUSES = ["Compliant", "Non-Compliant"] as const;
export type ComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];

/** The four rating boundaries, g CO2 per capacity-tonne-mile. */
export type RatingBoundaries = { superior: number; lower: number; upper: number; inferior: number };

/**
 * Rating boundaries from the required CII and the dd vector: boundary_k = exp(d_k)·CII_req.
 * Source: MEPC.354(78) (G4) §3–4, Table 1 (exp(d) as printed).
 */
export function ratingBoundaries(required: number, expD: DdVector): RatingBoundaries {
  const [superior, lower, upper, inferior] = expD;
  return {
    superior: superior * required,
    lower: lower * required,
    upper: upper * required,
    inferior: inferior * required,
  };
}

/**
 * Rating A–E of an attained CII against the boundaries (MEPC.354(78) §4): A below superior, B to lower,
 * C to upper, D to inferior, E above. A value exactly on a boundary gets the better grade
 * (attained <= boundary), per the Sextant decision in reference §0.
 */
export function ciiRating(attained: number, boundaries: RatingBoundaries): CiiRating {
  if (!Number.isFinite(attained) || attained < 0) {
    throw new DomainInputError("attainedCII", "attained CII must be a finite number >= 0");
  }
  if (attained <= boundaries.superior) return "A";
  if (attained <= boundaries.lower) return "B";
  if (attained <= boundaries.upper) return "C";
  if (attained <= boundaries.inferior) return "D";
  return "E";
}

/**
 * Compliance status of a rating: A, B, C 'Compliant'; D, E 'Non-Compliant' (specification §4). Under
 * MARPOL Annex VI Reg. 28, one E or three consecutive D require a corrective action plan (reference §2).
 */
export function complianceStatus(rating: CiiRating): ComplianceStatus {
  return rating === "D" || rating === "E" ? "Non-Compliant" : "Compliant";
}
