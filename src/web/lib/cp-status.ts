/**
 * The charter-party status (issue 33) in words and tones, read alike on the voyage's panel and the fleet
 * page's 'CP performance' column.
 */
import type { CP_STATUSES } from "../../contracts/charter-party";

export type CpStatus = (typeof CP_STATUSES)[number];

export const CP_STATUS_LABELS: Record<CpStatus, string> = {
  on_warranty: "On warranty",
  at_risk: "At risk",
  under_performing: "Under-performing",
  insufficient_good_weather: "Too little good weather",
};

export const CP_STATUS_TONES = {
  on_warranty: "success",
  at_risk: "warning",
  under_performing: "danger",
  insufficient_good_weather: "neutral",
} as const satisfies Record<CpStatus, string>;

/** Worst first when sorted descending: under-performing, at risk, too little good weather, on warranty. */
export const CP_STATUS_SEVERITY: Record<CpStatus, number> = {
  on_warranty: 0,
  insufficient_good_weather: 1,
  at_risk: 2,
  under_performing: 3,
};
