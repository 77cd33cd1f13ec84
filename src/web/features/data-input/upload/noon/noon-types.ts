/**
 * Answers of the noon-report upload as the browser reads them: the shapes of src/contracts/noon-reports.ts
 * (branch noon-server), mirrored here until that contract is merged; then this file re-exports it.
 */
import type { UploadError } from "../../../../../contracts/uploads";

export type NoonMappingColumn = { index: number; header: string; unit: string | null; field: string | null };

export type NoonMappingView = {
  source: "request" | "saved" | "recognised";
  signature: string;
  headerRow: number;
  unitsRow: number | null;
  columns: NoonMappingColumn[];
};

export type NoonCheckResult = {
  check: string;
  severity: "error" | "warning";
  rows: number[];
  message: string;
};

export type NoonProposedVoyage = {
  key: string;
  shipId: number;
  voyageNumber: string;
  origin: string;
  destination: string;
  departureDate: string;
  arrivalDate: string | null;
  rows: number[];
  from: "departure-arrival" | "voyage-column";
};

export type NoonParsedRow = {
  row: number;
  shipId: number | null;
  ship: string | null;
  timestamp: string;
  event: string;
  utcOffsetHours: number | null;
  voyage: string | null;
  steamingHours: number | null;
  periodHours: number | null;
  distanceOverGroundNm: number | null;
  distanceThroughWaterNm: number | null;
  fuel: Record<string, Record<string, number>>;
  rob: Record<string, number>;
  bunkered: Record<string, number>;
  values: Record<string, number>;
  windDirection: number | null;
  latitude: number | null;
  longitude: number | null;
  checks: string[];
};

type NoonCommon = {
  mapping: NoonMappingView;
  errors: UploadError[];
  checks: NoonCheckResult[];
  proposedVoyages: NoonProposedVoyage[];
  rowsTotal: number;
};

export type NoonPreview = NoonCommon & {
  dryRun: true;
  rows: NoonParsedRow[];
  planned: Record<string, number>;
};

export type NoonUploadResult = NoonCommon & {
  dryRun: false;
  success: boolean;
  outcome: "ok" | "partial" | "failed";
  message: string;
  data: Record<string, { new: number; updated: number; unchanged: number; rejected: number }>;
  notices: string[];
  uploadId: number;
};

export type SavedNoonMapping = {
  signature: string;
  headers: string[];
  columnMappings: Record<string, string>;
  updatedAt: string;
};
