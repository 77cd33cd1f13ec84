CREATE TABLE "trim_daily" (
	"org_id" integer NOT NULL,
	"ship_id" integer NOT NULL,
	"day" date NOT NULL,
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
	CONSTRAINT "trim_daily_org_id_ship_id_day_draught_bin_speed_bin_trim_class_pk" PRIMARY KEY("org_id","ship_id","day","draught_bin","speed_bin","trim_class")
);
--> statement-breakpoint
CREATE TABLE "trim_hourly" (
	"org_id" integer NOT NULL,
	"ship_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
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
	CONSTRAINT "trim_hourly_org_id_ship_id_hour_pk" PRIMARY KEY("org_id","ship_id","hour")
);
--> statement-breakpoint
ALTER TABLE "trim_daily" ADD CONSTRAINT "trim_daily_ship_fk" FOREIGN KEY ("org_id","ship_id") REFERENCES "public"."ships"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trim_hourly" ADD CONSTRAINT "trim_hourly_ship_fk" FOREIGN KEY ("org_id","ship_id") REFERENCES "public"."ships"("org_id","id") ON DELETE cascade ON UPDATE no action;