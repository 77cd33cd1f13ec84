ALTER TABLE "fuel_data" ADD COLUMN "engine_rpm" double precision;--> statement-breakpoint
ALTER TABLE "fuel_data" ADD COLUMN "shaft_rpm" double precision;