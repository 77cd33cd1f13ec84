/**
 * Noon-report uploads (issue 13, decision 008): `POST /api/upload-data` with
 * `mappingConfig {dataType: "noon", columnMappings?, skipRows?, dryRun?, shipId?, excludeVoyages?}`, its
 * preview (dryRun) and its result, and the remembered column mappings of the Column Mapping tab
 * (`GET/PUT/DELETE /api/noon-mappings`). Shared by the server (which validates and serialises with them)
 * and the browser.
 */
import { z } from "zod";
import { REPORT_EVENTS } from "../domain/noon-reports/events";
import { isNoonField } from "../domain/noon-reports/headers";
import { ENGINE_CONSUMERS } from "../domain/records/consumers";
import { NOON_CHECK_IDS } from "../domain/report-checks/noon-checks";
import { storedNoonCheckResult } from "./noon-check-result";
import { typeCounts, uploadError } from "./uploads";

const noonFieldOrIgnored = z.string().refine((f) => f === "" || isNoonField(f), {
  message: "is not a noon-report field (see GET /api/noon-fields); '' leaves the column out",
});

/**
 * The multipart `mappingConfig` of a noon upload.
 * - `columnMappings` {"Sheet header": "noon field" | ""}: replaces the recognised mapping (and is remembered
 *   for the organisation under the sheet's header signature once an upload that is not a preview uses it);
 *   without it a remembered mapping of the same headers applies, else the recognised headers.
 * - `skipRows`: the header row's number (1-based) when the sheet's header should not be searched for.
 * - `dryRun`: answer the preview and write nothing.
 * - `shipId`: the ship (id, IMO number or exact name) of a sheet without a vessel column.
 * - `excludeVoyages`: keys of proposed voyages (the preview's `proposedVoyages[].key`) not to create; their
 *   reports are stored without a voyage.
 * - `sheet`: the workbook sheet to read (by name), when more than one holds noon reports.
 * - `confirm`: store what can be stored of a sheet held back for confirmation (409 `needs_confirmation`:
 *   fewer than 95 % of its reports read whole, two fuel columns adding into one figure, no fuel column).
 */
export const noonMappingConfig = z
  .object({
    dataType: z.literal("noon"),
    columnMappings: z.record(z.string(), noonFieldOrIgnored).optional(),
    skipRows: z.coerce.number().int().min(1).max(1000).optional(),
    dryRun: z.boolean().default(false),
    shipId: z.union([z.string().min(1), z.number().int().positive()]).optional(),
    excludeVoyages: z.array(z.string()).default([]),
    sheet: z.string().min(1).max(200).optional(),
    confirm: z.boolean().default(false),
  })
  .strip();
export type NoonMappingConfig = z.input<typeof noonMappingConfig>;

export const noonCheckResult = storedNoonCheckResult.extend({ check: z.enum(NOON_CHECK_IDS) });
export type NoonCheckResultView = z.infer<typeof noonCheckResult>;

export const noonMapping = z.object({
  /** 'request' (the upload's columnMappings), 'saved' (remembered for these headers) or 'recognised'. */
  source: z.enum(["request", "saved", "recognised"]),
  signature: z.string(),
  /** The workbook sheet read (null for CSV). */
  sheet: z.string().nullable(),
  /** Header row and units row (1-based; null when none). */
  headerRow: z.number().int(),
  unitsRow: z.number().int().nullable(),
  /** The day/month order the sheet's numeric dates are read in. */
  dateOrder: z.enum(["dmy", "mdy"]),
  columns: z.array(
    z.object({
      index: z.number().int(),
      header: z.string(),
      unit: z.string().nullable(),
      field: z.string().nullable(),
      /** How the column was read when its header alone does not say (a total stored as the main engine's). */
      note: z.string().optional(),
    }),
  ),
  /** How the sheet was read, a sentence each: the sheet chosen, the date order decided, times without a zone. */
  notes: z.array(z.string()),
});

/** Why a sheet would not go in whole, once per cause (domain noon-reports/causes.ts). */
export const noonCause = z.object({
  cause: z.string(),
  column: z.string().nullable(),
  /** The reason of the row errors it gathers (null for a cause of the whole sheet). */
  reason: z.string().nullable(),
  example: z.string().nullable(),
  /** How many reports it touches, and the first of their sheet rows. */
  rows: z.number().int(),
  rowNumbers: z.array(z.number().int()),
});
export type NoonCause = z.infer<typeof noonCause>;

/**
 * What a refused noon upload's `error` adds to the usual envelope: its causes (409 needs_confirmation, and a 400
 * for a sheet none of whose reports could be read), the sheets to choose from (400 on `mappingConfig.sheet`).
 */
export const noonRefusal = z.object({
  causes: z.array(noonCause).optional(),
  sheets: z.array(z.object({ name: z.string(), reports: z.number().int() })).optional(),
});

/** A voyage the upload would create, offered for confirmation. */
export const proposedVoyage = z.object({
  /** What `excludeVoyages` names to leave it out: '<shipId>/<voyageNumber>'. */
  key: z.string(),
  shipId: z.number().int(),
  voyageNumber: z.string(),
  origin: z.string(),
  destination: z.string(),
  departureDate: z.string(),
  arrivalDate: z.string().nullable(),
  /** Sheet rows of its reports. */
  rows: z.array(z.number().int()),
  /** 'departure-arrival' (inferred from events) or 'voyage-column' (a voyage number the fleet does not have). */
  from: z.enum(["departure-arrival", "voyage-column"]),
});

/** One grade burnt by one consumer over a report's period, as it will be stored. */
export const reportFuel = z.object({
  consumer: z.enum(ENGINE_CONSUMERS),
  /** The grade as reported ('VLSFO'), and its MEPC.364(79) class ('HFO'). */
  grade: z.string(),
  fuelClass: z.string(),
  tonnes: z.number(),
  co2Tonnes: z.number(),
});

/** One report as parsed, for the preview (canonical units: t, h, nm, kn, °, m, UTC). */
export const parsedNoonRow = z.object({
  row: z.number().int(),
  shipId: z.number().int().nullable(),
  ship: z.string().nullable(),
  /** The report's instant, UTC ISO 8601. */
  reportedAt: z.string(),
  event: z.enum(REPORT_EVENTS),
  utcOffsetHours: z.number().nullable(),
  voyage: z.string().nullable(),
  steamingHours: z.number().nullable(),
  periodHours: z.number().nullable(),
  distanceOverGroundNm: z.number().nullable(),
  distanceThroughWaterNm: z.number().nullable(),
  fuel: z.array(reportFuel),
  /** CO2 of the report's fuel, t (each grade's tonnes × its class's Cf, MEPC.364(79)). */
  co2Tonnes: z.number(),
  rob: z.record(z.string(), z.number()),
  bunkered: z.record(z.string(), z.number()),
  values: z.record(z.string(), z.number()),
  windDirection: z.number().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  checks: z.array(z.enum(NOON_CHECK_IDS)),
});

const noonCommon = {
  mapping: noonMapping,
  /** Why the sheet would not go in whole, once per cause; empty when it goes in whole. */
  causes: z.array(noonCause),
  errors: z.array(uploadError),
  checks: z.array(noonCheckResult),
  proposedVoyages: z.array(proposedVoyage),
  /** Reports read (data rows that are not blank). */
  rowsTotal: z.number(),
  /** Per ship: reports stored, hours at sea (under way, drifting) and in port (alongside, at anchor) from the report events. */
  ships: z.array(
    z.object({
      shipId: z.number().int(),
      reports: z.number().int(),
      seaHours: z.number(),
      portHours: z.number(),
    }),
  ),
};

/** The preview (dryRun): nothing written; `rows` the first 20 reports parsed; `planned` what would be stored. */
export const noonPreview = z.object({
  dryRun: z.literal(true),
  ...noonCommon,
  rows: z.array(parsedNoonRow),
  planned: z.record(z.string(), z.number()),
  /** Whether the upload will be held back (409 needs_confirmation) unless `confirm` is sent. */
  needsConfirmation: z.boolean(),
});
export type NoonPreview = z.infer<typeof noonPreview>;

/** The upload's answer: the usual upload result plus the mapping, the report checks and proposed voyages. */
export const noonUploadResult = z.object({
  dryRun: z.literal(false),
  success: z.boolean(),
  outcome: z.enum(["ok", "partial", "failed"]),
  message: z.string(),
  /** Counts per record type created: fuel, environmental, trim, reports (noon_reports), voyages. */
  data: z.record(z.string(), typeCounts),
  notices: z.array(z.string()),
  uploadId: z.number(),
  ...noonCommon,
});
export type NoonUploadResult = z.infer<typeof noonUploadResult>;

export const savedNoonMapping = z.object({
  signature: z.string(),
  headers: z.array(z.string()),
  columnMappings: z.record(z.string(), z.string()),
  updatedAt: z.string(),
});
export type SavedNoonMapping = z.infer<typeof savedNoonMapping>;

/** PUT /api/noon-mappings: the headers of a sheet (their signature is the key) and their mapping. */
export const saveNoonMappingBody = z
  .object({
    headers: z.array(z.string()).min(1, "must list the sheet's headers"),
    columnMappings: z.record(z.string(), noonFieldOrIgnored),
  })
  .strict();

export const noonMappingParams = z.object({ signature: z.string().min(1).max(4000) });

/** GET /api/noon-fields: the fields a column can map to, with their stored unit. */
export const noonFieldList = z.array(z.object({ field: z.string(), unit: z.string().nullable() }));
