CREATE TABLE "hull_daily" (
	"org_id" integer NOT NULL,
	"ship_id" integer NOT NULL,
	"day" date NOT NULL,
	"records" integer NOT NULL,
	"missing_data" integer NOT NULL,
	"not_sailing" integer NOT NULL,
	"sea_temperature" integer NOT NULL,
	"wind" integer NOT NULL,
	"waves" integer NOT NULL,
	"n" integer NOT NULL,
	"su" double precision NOT NULL,
	"sy" double precision NOT NULL,
	"suu" double precision NOT NULL,
	"suy" double precision NOT NULL,
	"syy" double precision NOT NULL,
	CONSTRAINT "hull_daily_org_id_ship_id_day_pk" PRIMARY KEY("org_id","ship_id","day")
);
--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "hull_cleaning_cost" double precision;--> statement-breakpoint
ALTER TABLE "hull_daily" ADD CONSTRAINT "hull_daily_ship_fk" FOREIGN KEY ("org_id","ship_id") REFERENCES "public"."ships"("org_id","id") ON DELETE cascade ON UPDATE no action;