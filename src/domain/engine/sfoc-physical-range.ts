/**
 * The SFOC a diesel engine can physically reach, by engine kind. A specific fuel consumption is an
 * efficiency in disguise: brake thermal efficiency η = 3,600 kJ/kWh ÷ (SFOC [kg/kWh] · LCV [kJ/kg])
 * (definition of SFOC, ISO 3046-1 §3; 1 kWh = 3,600 kJ), so a range of efficiencies is a range of SFOC on
 * the energy basis of the fuel burnt, and an SFOC outside it is a wrong figure, not a good engine.
 *
 * Bounds (Sextant engineering bounds, change them here; ISO-LCV equivalents in brackets):
 * - two-stroke slow-speed main engines (the propulsion engine of merchant ships): η 0.35–0.55
 *   (241–153 g/kWh). The best large two-stroke engines reach about 0.52–0.54 on the test bed (~155–160
 *   g/kWh at ISO conditions, engine makers' project guides); a default SFOC of 175 g/kWh is used for
 *   two-stroke engines without a technical file (reference-data.md §6, C2, in its reefer correction). Below 0.35 the engine would sit
 *   far below 10 % load, off any shop-test curve.
 * - four-stroke medium/high-speed engines (auxiliary generators): η 0.30–0.50 (281–169 g/kWh); the
 *   default SFOC for four-stroke engines is 200 g/kWh (reference-data.md §6).
 */
import { ISO3046_REFERENCE } from "./sfoc-iso-correction.js";

/** kJ in one kWh. */
const KJ_PER_KWH = 3_600;

export const ENGINE_KINDS = ["two-stroke-slow-speed", "four-stroke-medium-high-speed"] as const;
export type EngineKind = (typeof ENGINE_KINDS)[number];

/** Brake thermal efficiency an engine of each kind can reach, fraction (see the module comment for the sources). */
export const ENGINE_EFFICIENCY_BOUNDS: Record<EngineKind, { min: number; max: number }> = {
  "two-stroke-slow-speed": { min: 0.35, max: 0.55 },
  "four-stroke-medium-high-speed": { min: 0.3, max: 0.5 },
};

/** Engine kind of each consumer of the fuel records: the main engine is the two-stroke propulsion engine, auxiliaries four-stroke generators. */
export const ENGINE_KIND_OF_CONSUMER: Record<"main" | "auxiliary", EngineKind> = {
  main: "two-stroke-slow-speed",
  auxiliary: "four-stroke-medium-high-speed",
};

/** SFOC of an efficiency on a fuel of `lcvKjPerKg`: 3,600 / (η · LCV) · 1000, g/kWh. */
function sfocOfEfficiency(efficiency: number, lcvKjPerKg: number): number {
  return (KJ_PER_KWH * 1000) / (efficiency * lcvKjPerKg);
}

/**
 * The physically possible SFOC range, g/kWh, of the engine kinds given (a span with several consumers takes
 * the union), on the energy basis of the fuel burnt (`lcvKjPerKg`; null: the ISO reference 42,700 kJ/kg).
 */
export function sfocPhysicalRange(
  kinds: readonly EngineKind[],
  lcvKjPerKg: number | null,
): { min: number; max: number } {
  const lcv = lcvKjPerKg ?? ISO3046_REFERENCE.lcvKjPerKg;
  const bounds = kinds.map((k) => ENGINE_EFFICIENCY_BOUNDS[k]);
  const etaMax = Math.max(...bounds.map((b) => b.max));
  const etaMin = Math.min(...bounds.map((b) => b.min));
  return { min: sfocOfEfficiency(etaMax, lcv), max: sfocOfEfficiency(etaMin, lcv) };
}

/** Whether `sfoc` (g/kWh) lies in `range` (both ends included). */
export function isSfocPhysical(sfoc: number, range: { min: number; max: number }): boolean {
  return Number.isFinite(sfoc) && sfoc >= range.min && sfoc <= range.max;
}

/**
 * The engine kinds of the consumers a figure covers (`ENGINE_KIND_OF_CONSUMER`); boilers are no engine and
 * have no SFOC (their records carry no power), so they add no kind.
 */
export function engineKindsOf(consumers: readonly ("main" | "auxiliary" | "boiler")[]): EngineKind[] {
  const engines = consumers.filter((c): c is "main" | "auxiliary" => c !== "boiler");
  return [...new Set(engines.map((c) => ENGINE_KIND_OF_CONSUMER[c]))];
}
