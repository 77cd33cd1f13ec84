CREATE TABLE "data_quality_daily" (
	"org_id" integer NOT NULL,
	"ship_id" integer NOT NULL,
	"consumer" text NOT NULL,
	"day" date NOT NULL,
	"ms" integer[] NOT NULL,
	"tallies" integer[] NOT NULL,
	CONSTRAINT "data_quality_daily_org_id_ship_id_consumer_day_pk" PRIMARY KEY("org_id","ship_id","consumer","day")
);
--> statement-breakpoint
ALTER TABLE "data_quality_daily" ADD CONSTRAINT "data_quality_daily_ship_fk" FOREIGN KEY ("org_id","ship_id") REFERENCES "public"."ships"("org_id","id") ON DELETE cascade ON UPDATE no action;