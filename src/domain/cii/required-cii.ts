import type { CiiShipType } from "./capacity-basis.js";
import { reductionFactorPercent } from "./reduction-factors.js";
import { referenceCii } from "./reference-lines.js";

/**
 * Required CII for a year: CII_req = (1 − Z/100)·CII_ref, in g CO2 per capacity-tonne-mile.
 * Source: MEPC.338(76) (G3) §4 with Z of MEPC.338(76)/MEPC.400(83); CII_ref per MEPC.353(78).
 * Throws CiiYearNotAdoptedError outside 2019–2030.
 */
export function requiredCii(shipType: CiiShipType, capacity: number, year: number): number {
  const z = reductionFactorPercent(year);
  return (1 - z / 100) * referenceCii(shipType, capacity);
}
