import { DomainInputError } from "../errors.js";
import { requireFinite } from "../performance/guards.js";

/**
 * Hull efficiency [%] from the excess power at equal speed F [%] (power now vs clean hull, same speed and
 * displacement): 100·(P_clean/P_now − 1) = −100·F/(100 + F). Negative means degradation (spec §3 hull
 * condition: "hullEfficiency (%, negative means degradation)"): the share of the power now that the
 * clean hull would not need. The hull records mean the same (the simulator's ground truth writes
 * `hullEfficiency = −100·F/(100 + F)`, F = hull + propeller fouling %), so a calculator result and a hull
 * record of the same state show the same number. 0 → 0; +31.5 % excess → −23.95 %.
 */
export function hullEfficiencyFromExcessPower(excessPowerPercent: number): number {
  requireFinite("excessPowerPercent", excessPowerPercent);
  if (excessPowerPercent <= -100) throw new DomainInputError("excessPowerPercent", "must be above -100 %");
  const e = (-100 * excessPowerPercent) / (100 + excessPowerPercent);
  return e === 0 ? 0 : e; // no -0 in answers
}
