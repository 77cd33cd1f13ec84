CREATE TABLE "trim_monthly" (
	"org_id" integer NOT NULL,
	"ship_id" integer NOT NULL,
	"month" date NOT NULL,
	"draught_bin" integer NOT NULL,
	"speed_bin" integer NOT NULL,
	"trim_class" integer NOT NULL,
	"hours_pooled" integer NOT NULL,
	"main_hours" double precision DEFAULT 0 NOT NULL,
	"main_hours_at_sea" double precision DEFAULT 0 NOT NULL,
	"main_fuel_t" double precision DEFAULT 0 NOT NULL,
	"main_stw_kn_hours" double precision DEFAULT 0 NOT NULL,
	"main_stw_hours" double precision DEFAULT 0 NOT NULL,
	"aux_hours" double precision DEFAULT 0 NOT NULL,
	"aux_hours_at_sea" double precision DEFAULT 0 NOT NULL,
	"aux_fuel_t" double precision DEFAULT 0 NOT NULL,
	"aux_stw_kn_hours" double precision DEFAULT 0 NOT NULL,
	"aux_stw_hours" double precision DEFAULT 0 NOT NULL,
	"trim_sum" double precision DEFAULT 0 NOT NULL,
	"trim_n" integer DEFAULT 0 NOT NULL,
	"draught_sum" double precision DEFAULT 0 NOT NULL,
	"draught_n" integer DEFAULT 0 NOT NULL,
	"displacement_sum" double precision DEFAULT 0 NOT NULL,
	"displacement_n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "trim_monthly_org_id_ship_id_month_draught_bin_speed_bin_trim_class_pk" PRIMARY KEY("org_id","ship_id","month","draught_bin","speed_bin","trim_class")
);
--> statement-breakpoint
ALTER TABLE "trim_monthly" ADD CONSTRAINT "trim_monthly_ship_fk" FOREIGN KEY ("org_id","ship_id") REFERENCES "public"."ships"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Backfill from the daily pools that already exist (refreshDailyRollup keeps it from here on).
INSERT INTO "trim_monthly" ("org_id", "ship_id", "month", "draught_bin", "speed_bin", "trim_class", "hours_pooled",
	"main_hours", "main_hours_at_sea", "main_fuel_t", "main_stw_kn_hours", "main_stw_hours",
	"aux_hours", "aux_hours_at_sea", "aux_fuel_t", "aux_stw_kn_hours", "aux_stw_hours",
	"trim_sum", "trim_n", "draught_sum", "draught_n", "displacement_sum", "displacement_n")
SELECT "org_id", "ship_id", date_trunc('month', "day")::date, "draught_bin", "speed_bin", "trim_class", sum("hours_pooled"),
	sum("main_hours"), sum("main_hours_at_sea"), sum("main_fuel_t"), sum("main_stw_kn_hours"), sum("main_stw_hours"),
	sum("aux_hours"), sum("aux_hours_at_sea"), sum("aux_fuel_t"), sum("aux_stw_kn_hours"), sum("aux_stw_hours"),
	sum("trim_sum"), sum("trim_n"), sum("draught_sum"), sum("draught_n"), sum("displacement_sum"), sum("displacement_n")
FROM "trim_daily"
GROUP BY 1, 2, 3, 4, 5, 6;
