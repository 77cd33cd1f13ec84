/**
 * A simulated record as the cells of its upload row: one reader per contract field of the record registry
 * (src/contracts/record-registry.ts), so the column order, and which columns exist, come from the registry
 * alone. A field added there fails the type check here until the simulator says what it writes in it.
 * The CSV writer and the server's loader of simulated fleets both read records through these rows.
 */
import { RECORD_REGISTRY, type RegistryField } from "../contracts/record-registry";
import type { UploadDataType } from "../contracts/upload-columns";
import type {
  AuxiliaryRecord,
  ComplianceRecord,
  EnvironmentalRecord,
  FuelRecord,
  HullRecord,
  ShipRecord,
  SimRecord,
  TrimRecord,
  VoyageRecord,
} from "./records";
import { shipTypeLabel } from "./vessel";

export type Cell = string | number | null | undefined;

type Readers<T extends UploadDataType, R> = { [F in RegistryField<T>]: (rec: R) => Cell };

export function isoTime(ms: number): string {
  return new Date(ms).toISOString().replace(".000Z", "Z");
}

/** Ship ID is the IMO number, Voyage ID the voyage number, Date the record's instant. */
const keys = {
  shipId: (r: { imo: string }) => r.imo,
  voyageId: (r: { voyageNumber: string | null }) => r.voyageNumber,
  timestamp: (r: { ts: number }) => isoTime(r.ts),
};

const ships: Readers<"ships", ShipRecord> = {
  name: (r) => r.vessel.name,
  imo: (r) => r.vessel.imoNumber,
  type: (r) => shipTypeLabel(r.vessel.shipType),
  deadweight: (r) => r.vessel.particulars.deadweightT,
  enginePower: (r) => r.vessel.particulars.mcrKw,
  length: (r) => r.vessel.particulars.lengthM,
  beam: (r) => r.vessel.particulars.beamM,
  designDraught: (r) => r.vessel.particulars.designDraughtM,
  designSpeed: (r) => r.vessel.particulars.designSpeedKn,
  grossTonnage: (r) => r.vessel.particulars.grossTonnage,
  yearBuilt: (r) => r.vessel.particulars.yearBuilt,
};

const voyages: Readers<"voyages", VoyageRecord> = {
  shipId: keys.shipId,
  voyageNumber: (r) => r.voyageNumber,
  origin: (r) => r.origin,
  destination: (r) => r.destination,
  departureDate: (r) => isoTime(r.departureMs),
  arrivalDate: (r) => (r.arrivalMs === null ? null : isoTime(r.arrivalMs)),
  cargoTonnes: (r) => r.cargoTonnes,
};

const fuel: Readers<"fuel", FuelRecord> = {
  ...keys,
  sfoc: (r) => r.sfoc,
  fuelConsumptionRate: (r) => r.fuelRate,
  engineLoadFactor: (r) => r.engineLoad,
  speedThroughWater: (r) => r.stw,
  speedOverGround: (r) => r.sog,
  enginePower: (r) => r.enginePower,
  fuelType: (r) => r.fuelType,
  co2Emissions: (r) => r.co2,
  consumer: (r) => r.consumer,
  distanceNm: (r) => r.distanceNm,
  periodHours: (r) => r.periodHours,
  // The simulator's engine model has no revolutions (fuel from power and SFOC): the columns stay empty.
  engineRpm: () => null,
  shaftRpm: () => null,
};

const environmental: Readers<"environmental", EnvironmentalRecord> = {
  ...keys,
  windSpeed: (r) => r.windSpeed,
  waveHeight: (r) => r.waveHeight,
  windDirection: (r) => r.windDirection,
  seaState: (r) => r.seaState,
  weatherImpact: (r) => r.weatherImpact,
  airTemperature: (r) => r.airTemperature,
  seaTemperature: (r) => r.seaTemperature,
  latitude: (r) => r.lat,
  longitude: (r) => r.lon,
  heading: (r) => r.heading,
};

const hull: Readers<"hull", HullRecord> = {
  shipId: keys.shipId,
  timestamp: keys.timestamp,
  roughnessIndex: (r) => r.roughnessIndex,
  propellerSlip: (r) => r.propellerSlip,
  hullEfficiency: (r) => r.hullEfficiency,
  daysSinceLastCleaning: (r) => r.daysSinceCleaning,
  lastCleaningDate: (r) => r.lastCleaningDate,
  currentTrim: (r) => r.currentTrim,
};

const trim: Readers<"trim", TrimRecord> = {
  ...keys,
  draughtFore: (r) => r.draughtFore,
  draughtAft: (r) => r.draughtAft,
  trim: (r) => r.trim,
  displacement: (r) => r.displacement,
};

const auxiliary: Readers<"auxiliary", AuxiliaryRecord> = {
  ...keys,
  hvacPower: (r) => r.hvac,
  pumpsPower: (r) => r.pumps,
  lightingPower: (r) => r.lighting,
  navigationPower: (r) => r.navigation,
  cargoHandlingPower: (r) => r.cargoHandling,
};

const compliance: Readers<"compliance", ComplianceRecord> = {
  ...keys,
  eeoiValue: (r) => r.eeoi,
  eeoiTarget: (r) => r.eeoiTarget,
  ciiRating: (r) => r.ciiRating,
  ciiAttained: (r) => r.ciiAttained,
};

const READERS = { ships, voyages, fuel, environmental, hull, trim, auxiliary, compliance };

/** Each type's readers in the registry's column order, resolved once (rows are written by the million). */
const ROW_READERS = Object.fromEntries(
  Object.entries(READERS).map(([type, readers]) => [
    type,
    RECORD_REGISTRY[type as UploadDataType].map(
      (c) => (readers as Record<string, (rec: SimRecord) => Cell>)[c.field]!,
    ),
  ]),
) as Record<UploadDataType, ((rec: SimRecord) => Cell)[]>;

/** The upload data type a record belongs to. */
export function uploadTypeOf(rec: SimRecord): UploadDataType {
  return rec.kind === "ship" ? "ships" : rec.kind === "voyage" ? "voyages" : rec.kind;
}

/** The record's cells in the order of its type's upload columns. */
export function uploadRow(rec: SimRecord): Cell[] {
  return ROW_READERS[uploadTypeOf(rec)].map((read) => read(rec));
}
