/**
 * The faults suite's data: a simulated fleet (full model: weather, fouling, trim error, SFOC drift, noise)
 * written as upload files, with a fuel file large enough (~42,000 rows, ~5 MB) that a fault can strike
 * half-way through its COPY.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { call, type SextantProcess, uploadCsv } from "./sextant-process";

export type FleetFiles = { dir: string; fuelRows: number; file: (type: string) => string };

/**
 * Writes the fleet with `write` (the simulator's `writeFleetFiles`, passed in by the test: only tests import
 * the simulator) into a fresh directory.
 */
export async function simulatedFleetFiles(
  write: (dir: string) => Promise<{ rows: Record<string, number> }>,
): Promise<FleetFiles> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sextant-faults-sim-"));
  const summary = await write(dir);
  return { dir, fuelRows: summary.rows.fuel!, file: (type) => path.join(dir, `${type}.csv`) };
}

/** Two ships, 0.3 years of 15-minute records from 2025-01-01 (~42,000 fuel rows). */
export const FLEET_SPAN = {
  ships: 2,
  seed: 12,
  cadence: "15m",
  years: 0.3,
  from: Date.parse("2025-01-01T00:00:00Z"),
} as const;

/** Uploads the fleet's ships and voyages (what the fuel file refers to); throws unless both succeed. */
export async function uploadShipsAndVoyages(s: SextantProcess, cookie: string, fleet: FleetFiles) {
  for (const type of ["ships", "voyages"]) {
    const res = await uploadCsv(s, cookie, type, fleet.file(type));
    if (res.status !== 200) throw new Error(`${type} upload: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

type UploadLogEntry = { fileName: string; status: string; message: string };

/** The upload log entry of the failed fuel upload, once it is there (logged in the background after an outage). */
export function failedFuelUpload(s: SextantProcess, cookie: string) {
  return async () => {
    const res = await call(s, "/api/uploads", { cookie });
    if (res.status !== 200) return undefined;
    return (res.body as UploadLogEntry[]).find((u) => u.fileName === "fuel.csv" && u.status === "failed");
  };
}

/** Timeouts shortened so that the fault suite stays within CI's time (the defaults are in config.ts). */
export const FAULT_TIMEOUTS = {
  DB_CONNECT_TIMEOUT_MS: "2000",
  DB_STATEMENT_TIMEOUT_MS: "2000",
  SHUTDOWN_TIMEOUT_MS: "3000",
};
