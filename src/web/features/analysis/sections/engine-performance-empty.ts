import type { EnginePerformanceSectionResponse } from "../../../../contracts/analysis/engine-performance-section";
import { formatNumber } from "../../../lib/format";

type Data = Pick<EnginePerformanceSectionResponse, "scatter" | "shopTest">;

/** Why the SFOC-against-load chart is empty although the range holds fuel records (lib/empty-range says the rest). */
export const NO_POWER_AND_LOAD =
  "The fuel records in this range carry no engine power and load — add Engine Power (kW) and Engine Load Factor (%)";

/**
 * Why Main Engine has no deviation from the shop test to draw (issue 35 item 2), with the one action that
 * gives it one: no SFOC per load in the range, no shop-test curve, or the range's loads outside the curve's.
 */
export function deviationEmptyReason(data: Data): string {
  if (data.scatter.loadPercent.length === 0) return NO_POWER_AND_LOAD;
  if (data.shopTest === null)
    return "No shop-test SFOC curve for this ship — set it under Ship Details → Edit baselines";
  const span = (xs: readonly number[]) =>
    `${formatNumber(Math.min(...xs), 0)}–${formatNumber(Math.max(...xs), 0)} % MCR`;
  return (
    `The loads of this range (${span(data.scatter.loadPercent)}) lie outside the shop test's ` +
    `(${span(data.shopTest.loadPercent)}) — add shop-test points at these loads, or choose a range at them`
  );
}
