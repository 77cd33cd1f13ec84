ALTER TABLE "series_daily" ADD COLUMN "displacement_sum" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "series_daily" ADD COLUMN "displacement_n" integer DEFAULT 0 NOT NULL;