/**
 * Data quality colour (spec §9): 95 % and above green, 85 % and above yellow, else red.
 */
export type QualityTone = "good" | "fair" | "poor";

export const DATA_QUALITY_GOOD = 95;
export const DATA_QUALITY_FAIR = 85;

export function dataQualityTone(percent: number): QualityTone {
  if (percent >= DATA_QUALITY_GOOD) return "good";
  if (percent >= DATA_QUALITY_FAIR) return "fair";
  return "poor";
}

export const QUALITY_TEXT_CLASSES: Record<QualityTone, string> = {
  good: "text-emerald-700",
  fair: "text-amber-600",
  poor: "text-red-700",
};

export const QUALITY_BAR_CLASSES: Record<QualityTone, string> = {
  good: "bg-emerald-500",
  fair: "bg-amber-400",
  poor: "bg-red-500",
};
