CREATE TABLE "fuel_voyage" (
	"org_id" integer NOT NULL,
	"ship_id" integer NOT NULL,
	"voyage_id" integer NOT NULL,
	"consumer" text NOT NULL,
	"fuel_type" text NOT NULL,
	"records" integer NOT NULL,
	"hours" double precision NOT NULL,
	"fuel_t" double precision NOT NULL,
	"distance_nm" double precision NOT NULL,
	"co2_t" double precision NOT NULL,
	CONSTRAINT "fuel_voyage_org_id_ship_id_voyage_id_consumer_fuel_type_pk" PRIMARY KEY("org_id","ship_id","voyage_id","consumer","fuel_type")
);
--> statement-breakpoint
ALTER TABLE "fuel_voyage" ADD CONSTRAINT "fuel_voyage_ship_fk" FOREIGN KEY ("org_id","ship_id") REFERENCES "public"."ships"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Backfill from the daily voyage rollup that already exists (refreshDailyRollup keeps it from here on).
INSERT INTO "fuel_voyage" ("org_id", "ship_id", "voyage_id", "consumer", "fuel_type", "records", "hours", "fuel_t", "distance_nm", "co2_t")
SELECT "org_id", "ship_id", "voyage_id", "consumer", "fuel_type", sum("records"), sum("hours"), sum("fuel_t"), sum("distance_nm"), sum("co2_t")
FROM "fuel_voyage_daily"
GROUP BY 1, 2, 3, 4, 5;
