CREATE TABLE "fuel_voyage_daily" (
	"org_id" integer NOT NULL,
	"ship_id" integer NOT NULL,
	"voyage_id" integer NOT NULL,
	"day" date NOT NULL,
	"consumer" text NOT NULL,
	"fuel_type" text NOT NULL,
	"records" integer NOT NULL,
	"hours" double precision NOT NULL,
	"fuel_t" double precision NOT NULL,
	"distance_nm" double precision NOT NULL,
	"co2_t" double precision NOT NULL,
	CONSTRAINT "fuel_voyage_daily_org_id_ship_id_voyage_id_day_consumer_fuel_type_pk" PRIMARY KEY("org_id","ship_id","voyage_id","day","consumer","fuel_type")
);
--> statement-breakpoint
CREATE TABLE "series_daily" (
	"org_id" integer NOT NULL,
	"ship_id" integer NOT NULL,
	"day" date NOT NULL,
	"air_temp_sum" double precision NOT NULL,
	"air_temp_n" integer NOT NULL,
	"sea_temp_sum" double precision NOT NULL,
	"sea_temp_n" integer NOT NULL,
	"wind_speed_sum" double precision NOT NULL,
	"wind_speed_n" integer NOT NULL,
	"wave_height_sum" double precision NOT NULL,
	"wave_height_n" integer NOT NULL,
	"hvac_sum" double precision NOT NULL,
	"hvac_n" integer NOT NULL,
	"pumps_sum" double precision NOT NULL,
	"pumps_n" integer NOT NULL,
	"lighting_sum" double precision NOT NULL,
	"lighting_n" integer NOT NULL,
	"navigation_sum" double precision NOT NULL,
	"navigation_n" integer NOT NULL,
	"cargo_handling_sum" double precision NOT NULL,
	"cargo_handling_n" integer NOT NULL,
	"trim_sum" double precision NOT NULL,
	"trim_n" integer NOT NULL,
	"draught_sum" double precision NOT NULL,
	"draught_n" integer NOT NULL,
	CONSTRAINT "series_daily_org_id_ship_id_day_pk" PRIMARY KEY("org_id","ship_id","day")
);
--> statement-breakpoint
ALTER TABLE "fuel_voyage_daily" ADD CONSTRAINT "fuel_voyage_daily_ship_fk" FOREIGN KEY ("org_id","ship_id") REFERENCES "public"."ships"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_daily" ADD CONSTRAINT "series_daily_ship_fk" FOREIGN KEY ("org_id","ship_id") REFERENCES "public"."ships"("org_id","id") ON DELETE cascade ON UPDATE no action;