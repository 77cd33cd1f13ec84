ALTER TABLE "environmental_data" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "environmental_data" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "environmental_data" ADD COLUMN "heading" double precision;