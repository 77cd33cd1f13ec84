/**
 * CSV rows in the upload formats of src/contracts/upload-columns.ts (RFC 4180 quoting; ISO 8601 UTC times;
 * an empty cell for a missing value).
 */
import { UPLOAD_COLUMNS, type UploadDataType } from "../contracts/upload-columns";
import type { FaultEvent } from "./faults";
import type { SimRecord } from "./records";
import { shipTypeLabel } from "./vessel";

/** The upload data type a record belongs to. */
export function uploadTypeOf(rec: SimRecord): UploadDataType {
  return rec.kind === "ship" ? "ships" : rec.kind === "voyage" ? "voyages" : rec.kind;
}

export function isoTime(ms: number): string {
  return new Date(ms).toISOString().replace(".000Z", "Z");
}

function cell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function line(values: readonly (string | number | null | undefined)[]): string {
  let out = cell(values[0]);
  for (let i = 1; i < values.length; i++) out += `,${cell(values[i])}`;
  return `${out}\n`;
}

export function headerLine(type: UploadDataType): string {
  return line(UPLOAD_COLUMNS[type]);
}

/** One CSV line (with its newline) for a record, columns in UPLOAD_COLUMNS order. */
export function csvLine(rec: SimRecord): string {
  switch (rec.kind) {
    case "ship": {
      const v = rec.vessel;
      const p = v.particulars;
      return line([
        v.name,
        v.imoNumber,
        shipTypeLabel(v.shipType),
        p.deadweightT,
        p.mcrKw,
        p.lengthM,
        p.beamM,
        p.designDraughtM,
        p.designSpeedKn,
        p.grossTonnage,
        p.yearBuilt,
      ]);
    }
    case "voyage":
      return line([
        rec.imo,
        rec.voyageNumber,
        rec.origin,
        rec.destination,
        isoTime(rec.departureMs),
        rec.arrivalMs === null ? null : isoTime(rec.arrivalMs),
        rec.cargoTonnes,
      ]);
    case "fuel":
      return line([
        rec.imo,
        rec.voyageNumber,
        isoTime(rec.ts),
        rec.sfoc,
        rec.fuelRate,
        rec.engineLoad,
        rec.stw,
        rec.sog,
        rec.enginePower,
        rec.fuelType,
        rec.co2,
        rec.consumer,
        rec.distanceNm,
        rec.periodHours,
      ]);
    case "environmental":
      return line([
        rec.imo,
        rec.voyageNumber,
        isoTime(rec.ts),
        rec.windSpeed,
        rec.waveHeight,
        rec.windDirection,
        rec.seaState,
        rec.weatherImpact,
        rec.airTemperature,
        rec.seaTemperature,
        rec.lat,
        rec.lon,
        rec.heading,
      ]);
    case "hull":
      return line([
        rec.imo,
        isoTime(rec.ts),
        rec.roughnessIndex,
        rec.propellerSlip,
        rec.hullEfficiency,
        rec.daysSinceCleaning,
        rec.lastCleaningDate,
        rec.currentTrim,
      ]);
    case "trim":
      return line([
        rec.imo,
        rec.voyageNumber,
        isoTime(rec.ts),
        rec.draughtFore,
        rec.draughtAft,
        rec.trim,
        rec.displacement,
      ]);
    case "auxiliary":
      return line([
        rec.imo,
        rec.voyageNumber,
        isoTime(rec.ts),
        rec.hvac,
        rec.pumps,
        rec.lighting,
        rec.navigation,
        rec.cargoHandling,
      ]);
    case "compliance":
      return line([
        rec.imo,
        rec.voyageNumber,
        isoTime(rec.ts),
        rec.eeoi,
        rec.eeoiTarget,
        rec.ciiRating,
        rec.ciiAttained,
      ]);
  }
}

export const FAULT_HEADER = "Ship ID,Data Type,Consumer,Date,Fault,Field\n";

export function faultLine(e: FaultEvent): string {
  return line([e.imo, e.kind, e.consumer, isoTime(e.ts), e.fault, e.field]);
}
