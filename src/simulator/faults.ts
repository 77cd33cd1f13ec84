/**
 * Realistic data faults, switched on per run: missing reports (a record dropped), stuck sensors (a field
 * repeating its value for 6–72 records), outliers (a field multiplied by 10, 5, 3, 0.1 or −1) and duplicated
 * reports (a record sent twice). Rates are per record. Faults come from their own random stream, so
 * switching them on changes nothing else in the data; each one is reported to `onFault`.
 */
import type { Random } from "./random";
import { round, type SeriesKind, type SimRecord } from "./records";

export type FaultRates = { missing: number; stuck: number; outlier: number; duplicate: number };

export const DEFAULT_FAULT_RATES: FaultRates = {
  missing: 0.01,
  stuck: 0.002,
  outlier: 0.002,
  duplicate: 0.003,
};

export type FaultName = keyof FaultRates;
export type FaultEvent = {
  imo: string;
  kind: SeriesKind;
  ts: number;
  fault: FaultName;
  field: string | null;
  consumer: string | null;
};

const NUMERIC_FIELDS: Record<SeriesKind, readonly string[]> = {
  fuel: ["sfoc", "fuelRate", "engineLoad", "stw", "sog", "enginePower"],
  environmental: ["windSpeed", "waveHeight", "weatherImpact", "airTemperature"],
  hull: ["roughnessIndex", "propellerSlip"],
  trim: ["draughtFore", "draughtAft", "displacement"],
  auxiliary: ["hvac", "pumps", "lighting", "navigation"],
  compliance: [],
};

const STUCK_FIELDS: Record<SeriesKind, readonly string[]> = {
  fuel: ["stw", "sog", "enginePower"],
  environmental: ["windSpeed", "windDirection", "waveHeight"],
  hull: ["propellerSlip"],
  trim: ["draughtFore", "draughtAft"],
  auxiliary: ["hvac"],
  compliance: [],
};

const OUTLIER_FACTORS = [10, 5, 3, 0.1, -1];

/** Passes records through, injecting faults into the time series (ships and voyages are left alone). */
export function* injectFaults(
  records: Iterable<SimRecord>,
  rates: FaultRates,
  rng: Random,
  onFault: (e: FaultEvent) => void,
): Generator<SimRecord> {
  const stuck = new Map<string, { value: unknown; left: number }>();
  for (const rec of records) {
    if (rec.kind === "ship" || rec.kind === "voyage") {
      yield rec;
      continue;
    }
    const consumer = rec.kind === "fuel" ? rec.consumer : null;
    const fault = (f: FaultName, field: string | null) =>
      onFault({ imo: rec.imo, kind: rec.kind, ts: rec.ts, fault: f, field, consumer });
    if (rng.chance(rates.missing)) {
      fault("missing", null);
      continue;
    }
    const row = rec as unknown as Record<string, unknown>;
    for (const field of STUCK_FIELDS[rec.kind]) {
      const key = `${rec.kind}:${consumer ?? ""}:${field}`;
      const s = stuck.get(key);
      if (s) {
        row[field] = s.value;
        fault("stuck", field);
        if (--s.left <= 0) stuck.delete(key);
      } else if (rng.chance(rates.stuck)) {
        stuck.set(key, { value: row[field], left: rng.int(6, 72) });
      }
    }
    const fields = NUMERIC_FIELDS[rec.kind];
    if (fields.length > 0 && rng.chance(rates.outlier)) {
      const field = rng.pick(fields);
      row[field] = round((row[field] as number) * rng.pick(OUTLIER_FACTORS), 6);
      fault("outlier", field);
    }
    yield rec;
    if (rng.chance(rates.duplicate)) {
      fault("duplicate", null);
      yield { ...rec };
    }
  }
}
