ALTER TABLE "org_settings" ADD COLUMN "eua_price" double precision;--> statement-breakpoint
ALTER TABLE "voyages" ADD COLUMN "eu_scope_override" text;