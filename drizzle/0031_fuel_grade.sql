-- Fuel by grade (VLSFO, HSFO, LSMGO…), not only by MEPC.364(79) class: fuel_data and its rollups get fuel_grade,
-- which replaces fuel_type in their keys; fuel_type stays the grade's class. Rows stored before this migration hold
-- a class in fuel_type (the records contract stored 'VLSFO' as 'HFO'), so their grade is the class's own grade
-- (domain fuel-names.ts `fuelGradeOf`: 'MGO' -> 'MGO', 'LPG_PROPANE' -> 'LPG propane'); a value that is no class
-- keeps itself as its grade.
-- The column is added with the default 'HFO' (no table rewrite: most rows are HFO) and only the other rows are
-- updated; the default is then dropped, so that every writer names the grade.
ALTER TABLE "fuel_data" ADD COLUMN "fuel_grade" text DEFAULT 'HFO' NOT NULL;--> statement-breakpoint
UPDATE "fuel_data" SET "fuel_grade" = CASE "fuel_type" WHEN 'LPG_PROPANE' THEN 'LPG propane' WHEN 'LPG_BUTANE' THEN 'LPG butane'
  WHEN 'ETHANE' THEN 'Ethane' WHEN 'METHANOL' THEN 'Methanol' WHEN 'ETHANOL' THEN 'Ethanol' ELSE "fuel_type" END
WHERE "fuel_type" <> 'HFO';--> statement-breakpoint
ALTER TABLE "fuel_data" ALTER COLUMN "fuel_grade" DROP DEFAULT;--> statement-breakpoint
DROP INDEX "fuel_data_key";--> statement-breakpoint
CREATE UNIQUE INDEX "fuel_data_key" ON "fuel_data" USING btree ("org_id","ship_id","consumer","fuel_grade","ts");--> statement-breakpoint
ALTER TABLE "fuel_daily" ADD COLUMN "fuel_grade" text DEFAULT 'HFO' NOT NULL;--> statement-breakpoint
ALTER TABLE "fuel_voyage_daily" ADD COLUMN "fuel_grade" text DEFAULT 'HFO' NOT NULL;--> statement-breakpoint
ALTER TABLE "fuel_voyage" ADD COLUMN "fuel_grade" text DEFAULT 'HFO' NOT NULL;--> statement-breakpoint
-- the rollups were per class, one row per class becomes one row per its grade: their keys stay unique
UPDATE "fuel_daily" SET "fuel_grade" = CASE "fuel_type" WHEN 'LPG_PROPANE' THEN 'LPG propane' WHEN 'LPG_BUTANE' THEN 'LPG butane'
  WHEN 'ETHANE' THEN 'Ethane' WHEN 'METHANOL' THEN 'Methanol' WHEN 'ETHANOL' THEN 'Ethanol' ELSE "fuel_type" END
WHERE "fuel_type" <> 'HFO';--> statement-breakpoint
UPDATE "fuel_voyage_daily" SET "fuel_grade" = CASE "fuel_type" WHEN 'LPG_PROPANE' THEN 'LPG propane' WHEN 'LPG_BUTANE' THEN 'LPG butane'
  WHEN 'ETHANE' THEN 'Ethane' WHEN 'METHANOL' THEN 'Methanol' WHEN 'ETHANOL' THEN 'Ethanol' ELSE "fuel_type" END
WHERE "fuel_type" <> 'HFO';--> statement-breakpoint
UPDATE "fuel_voyage" SET "fuel_grade" = CASE "fuel_type" WHEN 'LPG_PROPANE' THEN 'LPG propane' WHEN 'LPG_BUTANE' THEN 'LPG butane'
  WHEN 'ETHANE' THEN 'Ethane' WHEN 'METHANOL' THEN 'Methanol' WHEN 'ETHANOL' THEN 'Ethanol' ELSE "fuel_type" END
WHERE "fuel_type" <> 'HFO';--> statement-breakpoint
ALTER TABLE "fuel_daily" ALTER COLUMN "fuel_grade" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "fuel_voyage_daily" ALTER COLUMN "fuel_grade" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "fuel_voyage" ALTER COLUMN "fuel_grade" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "fuel_daily" DROP CONSTRAINT "fuel_daily_org_id_ship_id_day_consumer_fuel_type_pk";--> statement-breakpoint
ALTER TABLE "fuel_voyage" DROP CONSTRAINT "fuel_voyage_org_id_ship_id_voyage_id_consumer_fuel_type_pk";--> statement-breakpoint
ALTER TABLE "fuel_voyage_daily" DROP CONSTRAINT "fuel_voyage_daily_org_id_ship_id_voyage_id_day_consumer_fuel_type_pk";--> statement-breakpoint
ALTER TABLE "fuel_daily" ADD CONSTRAINT "fuel_daily_org_id_ship_id_day_consumer_fuel_grade_pk" PRIMARY KEY("org_id","ship_id","day","consumer","fuel_grade");--> statement-breakpoint
ALTER TABLE "fuel_voyage" ADD CONSTRAINT "fuel_voyage_org_id_ship_id_voyage_id_consumer_fuel_grade_pk" PRIMARY KEY("org_id","ship_id","voyage_id","consumer","fuel_grade");--> statement-breakpoint
ALTER TABLE "fuel_voyage_daily" ADD CONSTRAINT "fuel_voyage_daily_org_id_ship_id_voyage_id_day_consumer_fuel_grade_pk" PRIMARY KEY("org_id","ship_id","voyage_id","day","consumer","fuel_grade");
