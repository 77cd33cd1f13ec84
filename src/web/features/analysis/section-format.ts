import { binCovering } from "../../../domain/performance/trim-analysis";
import { formatNumber, MISSING } from "../../lib/format";

/** '+2.3' / '−1.4' / '0.0' with a fixed number of decimals and a true minus; '—' when missing. */
export function signedNumber(value: number | null | undefined, decimals = 1): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return MISSING;
  const factor = 10 ** decimals;
  const rounded = Math.round(Math.abs(value) * factor) / factor;
  const sign = rounded === 0 ? "" : value < 0 ? "−" : "+";
  return `${sign}${rounded.toFixed(decimals)}`;
}

/** '+2.3%' / '−1.4%' / '0.0%' with one decimal; '—' when missing. */
export function signedPercent(value: number | null | undefined, decimals = 1): string {
  const text = signedNumber(value, decimals);
  return text === MISSING ? text : `${text}%`;
}

/** Below the reference is better (green), above is worse (red), as the KPI cards; null when missing. */
export function percentTone(value: number | null | undefined): "better" | "worse" | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  return value < 0 ? "better" : "worse";
}

/** The fitted speed–fuel law as text: 'FC = 0.00123 · V^3.12'. */
export function speedFuelLaw(k: number, n: number): string {
  const kText = k >= 0.1 ? formatNumber(k, 3) : k.toPrecision(3);
  return `FC = ${kText} · V^${formatNumber(n, 2)}`;
}

/**
 * What the fuel-against-speed chart plots, as its axis name: whose fuel (the main engine's alone when the
 * speed law is read from it) and whether it was brought to the reference displacement, so that the points are
 * not read as the measured rate of the 'Rate at sea' figure.
 */
export function fuelSpeedAxisName(data: {
  scatterConsumers: readonly string[];
  referenceDisplacementT: number | null;
}): string {
  // short enough for the overview's small chart; the caption says the rest (whose fuel, which displacement)
  const whose =
    data.scatterConsumers.length === 1 && data.scatterConsumers[0] === "main" ? "ME fuel" : "Fuel";
  return data.referenceDisplacementT === null ? `${whose} rate` : `${whose}, ref. Δ`;
}

/** The sentence under the fuel-against-speed chart that says how its points relate to the measured rate. */
export function fuelSpeedCaption(data: {
  scatterConsumers: readonly string[];
  referenceDisplacementT: number | null;
  summary: { fuelRate: number | null };
}): string {
  const parts: string[] = [];
  if (data.referenceDisplacementT !== null)
    parts.push(
      `Points brought to the reference displacement Δ = ${formatNumber(data.referenceDisplacementT, 0)} t (admiralty law, fuel ∝ Δ^2/3), not as measured`,
    );
  if (data.scatterConsumers.length === 1 && data.scatterConsumers[0] === "main")
    parts.push("main engine only");
  if (data.summary.fuelRate !== null)
    parts.push(
      `measured rate at sea, all selected engines: ${formatNumber(data.summary.fuelRate, 1)} MT/day`,
    );
  return parts.length > 0 ? `${parts.join("; ")}.` : "";
}

/** Names of the auxiliary consumers of the API. */
export const CONSUMER_LABELS: Record<string, string> = {
  hvac: "HVAC",
  pumps: "Pumps",
  lighting: "Lighting",
  navigation: "Navigation",
  cargoHandling: "Cargo handling",
};

/** A draught × speed bin's name: 'T 10.0–12.0 m · 12.0–14.0 kn'. */
export function binLabel(bin: {
  draughtFromM: number;
  draughtToM: number;
  speedFromKn: number;
  speedToKn: number;
}) {
  return `T ${formatNumber(bin.draughtFromM, 1)}–${formatNumber(bin.draughtToM, 1)} m · ${formatNumber(bin.speedFromKn, 1)}–${formatNumber(bin.speedToKn, 1)} kn`;
}

/** Whether a condition (draught, speed) falls in a bin (lower bounds inclusive): the domain's rule. */
export function binCovers(
  bin: { draughtFromM: number; draughtToM: number; speedFromKn: number; speedToKn: number },
  draughtM: number,
  speedKn: number,
): boolean {
  return binCovering([bin], draughtM, speedKn) !== undefined;
}
