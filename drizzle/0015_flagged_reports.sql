ALTER TABLE "noon_reports" ADD COLUMN "flagged" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "exclude_flagged_reports" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Reports stored before the flag: the error-severity ids of domain/report-checks/noon-checks.ts (NOON_CHECKS) at this migration. The setting starts off, so no rollup changes.
UPDATE "noon_reports" SET "flagged" = true WHERE "checks" && ARRAY['sfoc-out-of-physical-range', 'time-overlap', 'negative-values', 'duplicate-report']::text[];
