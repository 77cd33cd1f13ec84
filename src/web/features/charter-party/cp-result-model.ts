/**
 * What the charter-party result says in words: the claim or why it is missing, the weather-corrected figures
 * or why they are missing, and the other reasons. Read from the server's answer (its reasons are the
 * domain's); pure, unit-tested.
 */
import type { CharterPartyPerformanceAnswer } from "../../../contracts/charter-party";
import { ApiError, errorMessageOf } from "../../lib/api";
import { formatMoney } from "../../lib/format";

type Answer = Pick<
  CharterPartyPerformanceAnswer,
  "claim" | "reasons" | "timeLostHours" | "weatherCorrected" | "status"
>;

const isClaimReason = (r: string) => /^Set the (hire rate|bunker price)/.test(r);
const isWeatherCorrectedReason = (r: string) => /weather-corrected method/i.test(r);

/** The claim's value ('8,234 USD (hire 2,184 + fuel 950)'), 'No claim' when nothing is lost, or null. */
export function claimText(a: Answer): string | null {
  if (!a.claim) return null;
  if (a.claim.total === 0) return "No claim: within the warranty and its allowances";
  const { hire, fuel, total, currency } = a.claim;
  return `${formatMoney(total, currency)} (hire ${formatMoney(hire, currency)} + fuel ${formatMoney(fuel, currency)})`;
}

/** Why the claim has no value: the price to set, else why the method gives no figure. */
export function claimMissingReason(a: Answer): string | null {
  if (a.claim) return null;
  const prices = a.reasons.filter(isClaimReason);
  if (prices.length > 0) return prices.join(" ");
  const method = a.reasons.filter((r) => !isWeatherCorrectedReason(r));
  return method.length > 0 ? method.join(" ") : "The good-weather method gives no figure to value.";
}

/** Why the weather-corrected figures are missing, or null when they are there. */
export function weatherCorrectedMissingReason(a: Answer): string | null {
  if (a.weatherCorrected) return null;
  return a.reasons.find(isWeatherCorrectedReason) ?? "The weather correction could not be applied.";
}

/** The reasons not already said beside the claim or the weather-corrected figures. */
export function otherReasons(a: Answer): string[] {
  const said = `${claimMissingReason(a) ?? ""}\n${weatherCorrectedMissingReason(a) ?? ""}`;
  return a.reasons.filter((r) => !said.includes(r));
}

/** A plain message for a failed call of the panel: the server's own words, never a bare 'request is invalid'. */
export function cpErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 400 && error.details.length > 0)
      return `Check the terms: ${error.details.map((d) => `${d.field} ${d.reason}`).join("; ")}`;
    if (error.status === 400) return "The terms could not be read: check the figures and try again.";
    if (error.status === 403) return "Only owners, admins and analysts can set charter-party terms.";
    if (error.status === 404) return "This voyage no longer exists in your organisation's fleet.";
  }
  return errorMessageOf(error);
}
