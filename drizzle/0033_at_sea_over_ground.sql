ALTER TABLE "fuel_daily" ADD COLUMN "hours_at_sea_over_ground" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Time at sea over ground (issue 32 item 4, decision 040): a fuel record without a speed through water is at
-- sea when its speed over ground, else its distance ÷ its hours, is above 1 kn (server/metrics/fuel-record-sql.ts
-- AT_SEA_SQL, domain record-arithmetic.ts isAtSea). Before, such a record had no time at sea, so its hours are
-- added to the stored hours at sea and counted in the new column; nothing else of the rollups changes. The
-- hours are the rollup's per-record hours (RECORD_HOURS_SQL, over each ship's whole history), and the records
-- of excluded noon reports stay out (flagged-reports-sql.ts), as refreshDailyRollup computes them.
CREATE TEMP TABLE "at_sea_0033" AS
SELECT w."org_id", w."ship_id", (w."ts" at time zone 'UTC')::date AS "day", w."consumer", w."fuel_grade", sum(w.h) AS h
FROM (
  SELECT f.*, coalesce("period_hours",
    nullif(least(coalesce(extract(epoch from "ts" - max("ts") over (partition by "ship_id", "consumer" order by "ts" range between unbounded preceding and interval '1 microsecond' preceding)) / 3600, -1), 24), -1),
    0) AS h
  FROM "fuel_data" f
  WHERE f."ship_id" IN (SELECT DISTINCT "ship_id" FROM "fuel_data" WHERE "speed_through_water" IS NULL)
) w
WHERE w."speed_through_water" IS NULL
  AND coalesce(w."speed_over_ground", w."distance_nm" / nullif(w.h, 0)) > 1
  AND NOT EXISTS (
    SELECT 1 FROM "noon_reports" nr
    JOIN "org_settings" os ON os."org_id" = nr."org_id" AND os."exclude_flagged_reports"
    WHERE nr."org_id" = w."org_id" AND nr."ship_id" = w."ship_id" AND nr."ts" = w."ts" AND nr."flagged")
GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
UPDATE "fuel_daily" d SET "hours_at_sea" = d."hours_at_sea" + b.h, "hours_at_sea_over_ground" = b.h
FROM "at_sea_0033" b
WHERE d."org_id" = b."org_id" AND d."ship_id" = b."ship_id" AND d."day" = b."day" AND d."consumer" = b."consumer"
  AND d."fuel_grade" = b."fuel_grade";--> statement-breakpoint
DROP TABLE "at_sea_0033";
