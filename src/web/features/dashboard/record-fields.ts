import type { DashboardResponse, SeriesRecord } from "../../../contracts/dashboard";
import { formatInstant, formatQuantity, humaniseKey } from "../../lib/format";

export type RecordKind = keyof DashboardResponse["current"];

/** The record kinds in the order the summary shows them, with their titles. */
export const RECORD_KINDS: ReadonlyArray<{ kind: RecordKind; title: string }> = [
  { kind: "fuel", title: "Fuel and engine" },
  { kind: "environmental", title: "Weather" },
  { kind: "hull", title: "Hull condition" },
  { kind: "auxiliary", title: "Auxiliary systems" },
  { kind: "compliance", title: "Compliance" },
];

type FieldFormat = { label: string; unit?: string; digits?: number };

/**
 * Labels and units of the stored fields (spec §3); a field not listed here shows under its own name. Fields a
 * ship reports that an analysis also computes (EEOI, CII, days since cleaning, trim) say 'reported' or 'as
 * recorded': Latest Records shows the record as stored, the sections their own figure over the range (issue 35).
 */
const FIELD_FORMATS: Record<string, FieldFormat> = {
  consumer: { label: "Consumer" },
  sfoc: { label: "SFOC", unit: "g/kWh", digits: 1 },
  fuelConsumptionRate: { label: "Fuel consumption", unit: "MT/day", digits: 1 },
  engineLoadFactor: { label: "Engine load", unit: "%", digits: 1 },
  engineRpm: { label: "Engine speed", unit: "rpm", digits: 1 },
  shaftRpm: { label: "Shaft speed", unit: "rpm", digits: 1 },
  speedThroughWater: { label: "Speed through water", unit: "kn", digits: 1 },
  speedOverGround: { label: "Speed over ground", unit: "kn", digits: 1 },
  enginePower: { label: "Engine power", unit: "kW" },
  fuelType: { label: "Fuel type" },
  fuelGrade: { label: "Fuel grade" },
  co2Emissions: { label: "CO₂ emissions", unit: "t/day", digits: 1 },
  distanceNm: { label: "Distance", unit: "nm", digits: 1 },
  periodHours: { label: "Period", unit: "h", digits: 1 },
  windSpeed: { label: "Wind speed", unit: "kn", digits: 1 },
  waveHeight: { label: "Wave height", unit: "m", digits: 1 },
  windDirection: { label: "Wind direction", unit: "°" },
  seaState: { label: "Sea state (0–9)" },
  weatherImpact: { label: "Weather impact", unit: "%", digits: 1 },
  airTemperature: { label: "Air temperature", unit: "°C", digits: 1 },
  seaTemperature: { label: "Sea temperature", unit: "°C", digits: 1 },
  roughnessIndex: { label: "Hull roughness index", digits: 1 },
  propellerSlip: { label: "Propeller slip", unit: "%", digits: 1 },
  hullEfficiency: { label: "Hull efficiency", unit: "%", digits: 1 },
  daysSinceLastCleaning: { label: "Days since cleaning (as recorded)", unit: "days" },
  lastCleaningDate: { label: "Last cleaning" },
  currentTrim: { label: "Trim (as recorded)", unit: "m", digits: 2 },
  hvacPower: { label: "HVAC power", unit: "kW", digits: 1 },
  pumpsPower: { label: "Pumps power", unit: "kW", digits: 1 },
  lightingPower: { label: "Lighting power", unit: "kW", digits: 1 },
  navigationPower: { label: "Navigation power", unit: "kW", digits: 1 },
  cargoHandlingPower: { label: "Cargo handling power", unit: "kW", digits: 1 },
  eeoiValue: { label: "EEOI (reported by the ship)", unit: "g CO₂/t·nm", digits: 2 },
  eeoiTarget: { label: "EEOI target (reported by the ship)", unit: "g CO₂/t·nm", digits: 2 },
  ciiRating: { label: "CII rating (reported by the ship)" },
  ciiAttained: { label: "CII attained (reported by the ship)", unit: "g CO₂/dwt·nm", digits: 2 },
};

/** The unit a stored field is shown in, if any (tested to agree with the record registry's). */
export function displayUnitOf(key: string): string | undefined {
  return FIELD_FORMATS[key]?.unit;
}

const BOOKKEEPING = new Set(["id", "shipId", "voyageId", "timestamp"]);

export type RecordField = { key: string; label: string; value: string };

/** The measured fields of a stored record as label and display text ('—' for a missing value). */
export function recordFields(record: SeriesRecord): RecordField[] {
  return Object.entries(record)
    .filter(([key]) => !BOOKKEEPING.has(key))
    .map(([key, raw]) => {
      const format = FIELD_FORMATS[key];
      const label = format?.label ?? humaniseKey(key);
      return { key, label, value: displayValue(raw, format) };
    });
}

function displayValue(raw: unknown, format: FieldFormat | undefined): string {
  if (typeof raw === "number") return formatQuantity(raw, format?.unit ?? "", format?.digits ?? 2);
  if (typeof raw === "boolean") return raw ? "Yes" : "No";
  if (typeof raw === "string" && raw.length > 0) {
    return /^\d{4}-\d{2}-\d{2}T/.test(raw) ? formatInstant(raw) : raw;
  }
  return "—";
}
