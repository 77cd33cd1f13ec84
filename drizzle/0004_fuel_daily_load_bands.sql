ALTER TABLE "fuel_daily" ADD COLUMN "load_h_0" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fuel_daily" ADD COLUMN "load_h_25" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fuel_daily" ADD COLUMN "load_h_40" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fuel_daily" ADD COLUMN "load_h_55" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fuel_daily" ADD COLUMN "load_h_70" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fuel_daily" ADD COLUMN "load_h_85" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fuel_daily" ADD COLUMN "load_h_100" double precision DEFAULT 0 NOT NULL;