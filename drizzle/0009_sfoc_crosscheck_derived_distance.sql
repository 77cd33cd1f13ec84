ALTER TABLE "fuel_daily" ADD COLUMN "distance_derived_nm" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fuel_daily" ADD COLUMN "reported_sfoc_fuel_t" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fuel_daily" ADD COLUMN "reported_sfoc_energy_kwh" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fuel_voyage" ADD COLUMN "distance_derived_nm" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fuel_voyage_daily" ADD COLUMN "distance_derived_nm" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Backfill from the raw records with the rollup's per-record rules (server/metrics/fuel-record-sql.ts):
-- distance = reported, else speed over ground × hours covered; the derived part; the reported SFOC sums.
CREATE TEMP TABLE "fuel_backfill_0009" AS
SELECT "org_id", "ship_id", "voyage_id", "consumer", "fuel_type", ("ts" at time zone 'UTC')::date AS "day",
  sum(coalesce("distance_nm", "speed_over_ground" * h, 0)) AS "distance_nm",
  sum(CASE WHEN "distance_nm" IS NULL THEN coalesce("speed_over_ground" * h, 0) ELSE 0 END) AS "distance_derived_nm",
  sum(CASE WHEN "sfoc" IS NOT NULL AND "engine_power" IS NOT NULL THEN "sfoc" * "engine_power" * h / 1e6 ELSE 0 END) AS "reported_sfoc_fuel_t",
  sum(CASE WHEN "sfoc" IS NOT NULL AND "engine_power" IS NOT NULL THEN "engine_power" * h ELSE 0 END) AS "reported_sfoc_energy_kwh"
FROM (
  SELECT f.*, coalesce("period_hours",
    nullif(least(coalesce(extract(epoch from "ts" - lag("ts") over (partition by "ship_id", "consumer" order by "ts")) / 3600, -1), 24), -1),
    0) AS h
  FROM "fuel_data" f
) w
GROUP BY 1, 2, 3, 4, 5, 6;--> statement-breakpoint
UPDATE "fuel_daily" d SET "distance_nm" = b."distance_nm", "distance_derived_nm" = b."distance_derived_nm",
  "reported_sfoc_fuel_t" = b."reported_sfoc_fuel_t", "reported_sfoc_energy_kwh" = b."reported_sfoc_energy_kwh"
FROM (SELECT "org_id", "ship_id", "day", "consumer", "fuel_type", sum("distance_nm") AS "distance_nm",
    sum("distance_derived_nm") AS "distance_derived_nm", sum("reported_sfoc_fuel_t") AS "reported_sfoc_fuel_t",
    sum("reported_sfoc_energy_kwh") AS "reported_sfoc_energy_kwh"
  FROM "fuel_backfill_0009" GROUP BY 1, 2, 3, 4, 5) b
WHERE d."org_id" = b."org_id" AND d."ship_id" = b."ship_id" AND d."day" = b."day" AND d."consumer" = b."consumer"
  AND d."fuel_type" = b."fuel_type";--> statement-breakpoint
UPDATE "fuel_voyage_daily" d SET "distance_nm" = b."distance_nm", "distance_derived_nm" = b."distance_derived_nm"
FROM "fuel_backfill_0009" b
WHERE d."org_id" = b."org_id" AND d."ship_id" = b."ship_id" AND d."voyage_id" = b."voyage_id" AND d."day" = b."day"
  AND d."consumer" = b."consumer" AND d."fuel_type" = b."fuel_type";--> statement-breakpoint
UPDATE "fuel_voyage" v SET "distance_nm" = b."distance_nm", "distance_derived_nm" = b."distance_derived_nm"
FROM (SELECT "org_id", "ship_id", "voyage_id", "consumer", "fuel_type", sum("distance_nm") AS "distance_nm",
    sum("distance_derived_nm") AS "distance_derived_nm"
  FROM "fuel_voyage_daily" GROUP BY 1, 2, 3, 4, 5) b
WHERE v."org_id" = b."org_id" AND v."ship_id" = b."ship_id" AND v."voyage_id" = b."voyage_id"
  AND v."consumer" = b."consumer" AND v."fuel_type" = b."fuel_type";--> statement-breakpoint
DROP TABLE "fuel_backfill_0009";
