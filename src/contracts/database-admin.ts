/**
 * Database Admin (issue 18, spec §7): GET /api/database/stats, GET /api/database/integrity,
 * POST /api/database/cleanup, POST /api/database/optimize, GET /api/database/backup,
 * POST /api/database/restore and POST /api/database/self-tests. Every figure is the caller's organisation's.
 */
import { z } from "zod";
import {
  RETENTION_DEFAULT_MONTHS,
  RETENTION_MAX_MONTHS,
  RETENTION_MIN_MONTHS,
} from "../domain/database/retention";
import { num } from "./analysis/conventions";

/** Tone of a storage health badge: from real measures (domain/database/storage-health.ts). */
export const HEALTH_TONES = ["good", "warning", "critical"] as const;

export const storageTable = z.object({
  table: z.string(),
  /** Rows of the organisation in the table. */
  rows: z.number().int(),
  /** The whole table's size with its indexes and TOAST (all organisations: PostgreSQL stores them together). */
  totalBytes: z.number(),
  deadTuples: z.number().int(),
  liveTuples: z.number().int(),
  /** Last ANALYZE (manual or autovacuum), ISO, null if never. */
  lastAnalyzedAt: z.string().nullable(),
  lastVacuumedAt: z.string().nullable(),
  tone: z.enum(HEALTH_TONES),
  /** Why the badge has its tone, in words. */
  note: z.string(),
});

export const databaseStatsResponse = z.object({
  totalShips: z.number().int(),
  totalFuelRecords: z.number().int(),
  totalEnvironmentalRecords: z.number().int(),
  totalVoyages: z.number().int(),
  totalHullRecords: z.number().int(),
  totalTrimRecords: z.number().int(),
  totalComplianceRecords: z.number().int(),
  totalAuxiliaryRecords: z.number().int(),
  /** Data quality of the last 30 days, % (the System Status' figure); null without fuel records in them. */
  dataQuality: num.nullable(),
  /** Why `dataQuality` is null, with the action that gives it a value (the newest record older than 30 days…). */
  dataQualityEmptyReason: z.string().nullable(),
  /** Fleet SFOC over all stored fuel records, g/kWh (Σ fuel / Σ energy); null without energy. */
  averageSfoc: num.nullable(),
  oldestRecord: z.string().nullable(),
  newestRecord: z.string().nullable(),
  storage: z.array(storageTable),
  computedAt: z.string(),
});
export type DatabaseStatsResponse = z.infer<typeof databaseStatsResponse>;

export const integrityTable = z.object({
  table: z.string(),
  records: z.number().int(),
  /** Records without any issue, %; null without records. */
  qualityPercent: num.nullable(),
  /** Records with at least one issue (a failed report check, or a missing measured value). */
  issues: z.number().int(),
  /** Missing (null) values per measured column. */
  missing: z.record(z.string(), z.number().int()),
});
export const integrityRecommendation = z.object({
  shipId: z.number().int(),
  shipName: z.string(),
  /** The report check that failed (domain/report-checks ids). */
  check: z.string(),
  severity: z.enum(["error", "warning", "info"]),
  count: z.number().int(),
  /** First and last failing record found (ISO). */
  from: z.string(),
  to: z.string(),
  message: z.string(),
});
export const databaseIntegrityResponse = z.object({
  tables: z.array(integrityTable),
  /** Missing values by kind, all tables together (column name → count). */
  missingByKind: z.record(z.string(), z.number().int()),
  recommendations: z.array(integrityRecommendation),
  /** Fuel records the report checks read (0: nothing was checked, not 'every record passes'). */
  fuelRecordsChecked: z.number().int(),
  computedAt: z.string(),
});
export type DatabaseIntegrityResponse = z.infer<typeof databaseIntegrityResponse>;

export const cleanupRequest = z
  .object({
    retentionMonths: z
      .number({ error: "must be a whole number of months" })
      .int("must be a whole number of months")
      .min(RETENTION_MIN_MONTHS, `must be at least ${RETENTION_MIN_MONTHS} months`)
      .max(RETENTION_MAX_MONTHS, `must be at most ${RETENTION_MAX_MONTHS} months`)
      .default(RETENTION_DEFAULT_MONTHS),
    dryRun: z.boolean().optional(),
  })
  .strict();
export type CleanupRequest = z.input<typeof cleanupRequest>;
export const cleanupResponse = z.object({
  /** Records older than the cutoff, per table (deleted ones when not a dry run). */
  wouldDelete: z.record(z.string(), z.number().int()),
  deletedRecords: z.number().int(),
  cutoff: z.string(),
  dryRun: z.boolean(),
});
export type CleanupResponse = z.infer<typeof cleanupResponse>;

export const optimizeResponse = z.object({ details: z.array(z.string()) });
export type OptimizeResponse = z.infer<typeof optimizeResponse>;

export const restoreResponse = z.object({
  tables: z.record(z.string(), z.number().int()),
  rows: z.number().int(),
  ships: z.number().int(),
});
export type RestoreResponse = z.infer<typeof restoreResponse>;

/** The spec's per-test details (§8), and the server's own where the spec has none. */
export const selfTestResult = z.object({
  id: z.string(),
  name: z.string(),
  /** Only `fail` is a fault; `not_configured` (no mail server, webhook, backup yet) and `no_data` are neutral. */
  status: z.enum(["pass", "fail", "not_configured", "no_data"]),
  passed: z.boolean(),
  detail: z.string(),
  durationMs: num,
});
export const selfTestsResponse = z.object({
  results: z.array(selfTestResult),
  passed: z.number().int(),
  failed: z.number().int(),
  /** The tests that ran (passed + failed). */
  total: z.number().int(),
  /** Checks of what is not set up yet, shown in neutral and not counted in `total`. */
  notConfigured: z.number().int(),
});
export type SelfTestsResponse = z.infer<typeof selfTestsResponse>;
