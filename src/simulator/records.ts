/**
 * The records the simulator yields, one per row of the upload files. Times are epoch milliseconds (UTC);
 * values are already rounded to the precision written, so a record and its CSV row hold the same numbers.
 */
import type { FuelType } from "../domain/fuels/fuel-types";
import type { Vessel } from "./vessel";

export type ShipRecord = { kind: "ship"; vessel: Vessel };

export type VoyageRecord = {
  kind: "voyage";
  imo: string;
  voyageNumber: string;
  origin: string;
  destination: string;
  departureMs: number;
  /** Null while the voyage is still under way at the end of the simulation. */
  arrivalMs: number | null;
  cargoTonnes: number;
  laden: boolean;
};

export type FuelRecord = {
  kind: "fuel";
  imo: string;
  voyageNumber: string | null;
  ts: number;
  consumer: "main" | "auxiliary";
  sfoc: number;
  /** MT/day over the record's period. */
  fuelRate: number;
  /** % MCR (main) or % of the running generators' rating (auxiliary). */
  engineLoad: number;
  stw: number;
  sog: number;
  enginePower: number;
  fuelType: FuelType;
  /** t CO2/day = fuel rate × Cf of the fuel type. */
  co2: number;
  distanceNm: number;
  periodHours: number;
};

export type EnvironmentalRecord = {
  kind: "environmental";
  imo: string;
  voyageNumber: string | null;
  ts: number;
  windSpeed: number;
  waveHeight: number;
  windDirection: number;
  seaState: number;
  weatherImpact: number;
  airTemperature: number;
  seaTemperature: number;
  lat: number;
  lon: number;
  heading: number;
};

export type HullRecord = {
  kind: "hull";
  imo: string;
  ts: number;
  roughnessIndex: number;
  propellerSlip: number;
  hullEfficiency: number;
  daysSinceCleaning: number;
  /** YYYY-MM-DD. */
  lastCleaningDate: string;
  currentTrim: number;
};

export type TrimRecord = {
  kind: "trim";
  imo: string;
  voyageNumber: string | null;
  ts: number;
  draughtFore: number;
  draughtAft: number;
  trim: number;
  displacement: number;
};

export type AuxiliaryRecord = {
  kind: "auxiliary";
  imo: string;
  voyageNumber: string | null;
  ts: number;
  hvac: number;
  pumps: number;
  lighting: number;
  navigation: number;
  cargoHandling: number;
};

export type ComplianceRecord = {
  kind: "compliance";
  imo: string;
  voyageNumber: string | null;
  ts: number;
  eeoi: number | null;
  eeoiTarget: number;
  ciiRating: string | null;
  ciiAttained: number | null;
};

export type SeriesRecord =
  | FuelRecord
  | EnvironmentalRecord
  | HullRecord
  | TrimRecord
  | AuxiliaryRecord
  | ComplianceRecord;

export type SeriesKind = SeriesRecord["kind"];

export const SERIES_KINDS = [
  "fuel",
  "environmental",
  "hull",
  "trim",
  "auxiliary",
  "compliance",
] as const satisfies readonly SeriesKind[];

export type SimRecord = ShipRecord | VoyageRecord | SeriesRecord;

/** Rounds to `d` decimals (half away from zero on the scaled value). */
export function round(x: number, d: number): number {
  const f = 10 ** d;
  return Math.round(x * f) / f;
}
