/**
 * The alert rules, one per type, each a pure function of its inputs and threshold (docs/operations/alerts.md).
 * The server gathers each rule's inputs from the analysis that shows the same figure; nothing here reads data.
 */
import type { AlertType, RuleResult } from "./alert-types";
import { type CiiComplianceInput, ciiComplianceRule } from "./cii-compliance";
import { type EnginePerformanceInput, enginePerformanceRule } from "./engine-performance";
import { type FuelEfficiencyInput, fuelEfficiencyRule } from "./fuel-efficiency";
import { type HullFoulingInput, hullFoulingRule } from "./hull-fouling";
import { type MaintenanceScheduleInput, maintenanceScheduleRule } from "./maintenance-schedule";
import { type TrimOptimizationInput, trimOptimizationRule } from "./trim-optimization";

export * from "./alert-types";

export type RuleInputs = {
  hullFouling: HullFoulingInput;
  fuelEfficiency: FuelEfficiencyInput;
  enginePerformance: EnginePerformanceInput;
  ciiCompliance: CiiComplianceInput;
  trimOptimization: TrimOptimizationInput;
  maintenanceSchedule: MaintenanceScheduleInput;
};

export const ALERT_RULES: { [T in AlertType]: (input: RuleInputs[T], threshold: number) => RuleResult } = {
  hullFouling: hullFoulingRule,
  fuelEfficiency: fuelEfficiencyRule,
  enginePerformance: enginePerformanceRule,
  ciiCompliance: ciiComplianceRule,
  trimOptimization: trimOptimizationRule,
  maintenanceSchedule: maintenanceScheduleRule,
};

/** Each type's rule on its inputs. */
export function evaluateRule<T extends AlertType>(
  type: T,
  input: RuleInputs[T],
  threshold: number,
): RuleResult {
  return ALERT_RULES[type](input, threshold);
}
