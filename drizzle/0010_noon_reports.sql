CREATE TABLE "noon_mappings" (
	"org_id" integer NOT NULL,
	"signature" text NOT NULL,
	"headers" jsonb NOT NULL,
	"column_mappings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "noon_mappings_org_id_signature_pk" PRIMARY KEY("org_id","signature")
);
--> statement-breakpoint
CREATE TABLE "noon_reports" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "noon_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"ship_id" integer NOT NULL,
	"voyage_id" integer,
	"ts" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"event" text NOT NULL,
	"utc_offset_hours" double precision,
	"steaming_hours" double precision,
	"period_hours" double precision,
	"distance_over_ground_nm" double precision,
	"distance_through_water_nm" double precision,
	"fuel" jsonb NOT NULL,
	"rob" jsonb NOT NULL,
	"bunkered" jsonb NOT NULL,
	"port" text,
	"checks" text[] DEFAULT '{}'::text[] NOT NULL,
	"upload_id" integer,
	CONSTRAINT "noon_reports_pkey" PRIMARY KEY("org_id","id"),
	CONSTRAINT "noon_reports_event_check" CHECK ("noon_reports"."event" in ('noon', 'departure', 'arrival', 'anchor', 'drifting', 'port', 'bunkering'))
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "checks" jsonb;--> statement-breakpoint
ALTER TABLE "noon_mappings" ADD CONSTRAINT "noon_mappings_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "noon_reports" ADD CONSTRAINT "noon_reports_ship_fk" FOREIGN KEY ("org_id","ship_id") REFERENCES "public"."ships"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "noon_reports" ADD CONSTRAINT "noon_reports_voyage_fk" FOREIGN KEY ("voyage_id") REFERENCES "public"."voyages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "noon_reports_key" ON "noon_reports" USING btree ("org_id","ship_id","ts");