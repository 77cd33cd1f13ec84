CREATE TABLE "fuel_daily" (
	"org_id" integer NOT NULL,
	"ship_id" integer NOT NULL,
	"day" date NOT NULL,
	"consumer" text NOT NULL,
	"fuel_type" text NOT NULL,
	"records" integer NOT NULL,
	"hours" double precision NOT NULL,
	"hours_at_sea" double precision NOT NULL,
	"fuel_t" double precision NOT NULL,
	"fuel_t_with_energy" double precision NOT NULL,
	"energy_kwh" double precision NOT NULL,
	"load_pct_hours" double precision NOT NULL,
	"load_hours" double precision NOT NULL,
	"distance_nm" double precision NOT NULL,
	"stw_kn_hours" double precision NOT NULL,
	"stw_hours" double precision NOT NULL,
	"co2_t" double precision NOT NULL,
	CONSTRAINT "fuel_daily_org_id_ship_id_day_consumer_fuel_type_pk" PRIMARY KEY("org_id","ship_id","day","consumer","fuel_type")
);
--> statement-breakpoint
CREATE TABLE "fuel_prices" (
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "fuel_prices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"fuel_type" text NOT NULL,
	"price_per_tonne" double precision NOT NULL,
	"valid_from" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fuel_prices_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "org_settings" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"eeoi_target" double precision,
	"currency" text DEFAULT 'USD' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "uploads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"user_id" integer,
	"file_name" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"data_type" text NOT NULL,
	"status" text NOT NULL,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"rows_new" integer DEFAULT 0 NOT NULL,
	"rows_updated" integer DEFAULT 0 NOT NULL,
	"rows_unchanged" integer DEFAULT 0 NOT NULL,
	"rows_rejected" integer DEFAULT 0 NOT NULL,
	"counts_by_type" jsonb,
	"errors" jsonb,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
ALTER TABLE "ships" ADD COLUMN "shop_test_sfoc" jsonb;--> statement-breakpoint
ALTER TABLE "ships" ADD COLUMN "speed_power_curve" jsonb;--> statement-breakpoint
ALTER TABLE "ships" ADD COLUMN "reference_displacement_t" double precision;--> statement-breakpoint
ALTER TABLE "ships" ADD COLUMN "propeller_pitch_m" double precision;--> statement-breakpoint
ALTER TABLE "ships" ADD COLUMN "baseline_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fuel_daily" ADD CONSTRAINT "fuel_daily_ship_fk" FOREIGN KEY ("org_id","ship_id") REFERENCES "public"."ships"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fuel_prices" ADD CONSTRAINT "fuel_prices_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_settings" ADD CONSTRAINT "org_settings_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fuel_prices_key" ON "fuel_prices" USING btree ("org_id","fuel_type","valid_from");--> statement-breakpoint
CREATE INDEX "uploads_org_created_idx" ON "uploads" USING btree ("org_id","created_at");