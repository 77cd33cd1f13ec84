CREATE TABLE "auxiliary_data" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "auxiliary_data_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"ship_id" integer NOT NULL,
	"voyage_id" integer,
	"ts" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hvac_power" double precision,
	"pumps_power" double precision,
	"lighting_power" double precision,
	"navigation_power" double precision,
	"cargo_handling_power" double precision,
	CONSTRAINT "auxiliary_data_pkey" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "compliance_data" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "compliance_data_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"ship_id" integer NOT NULL,
	"voyage_id" integer,
	"ts" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"eeoi_value" double precision,
	"eeoi_target" double precision,
	"cii_rating" text,
	"cii_attained" double precision,
	CONSTRAINT "compliance_data_pkey" PRIMARY KEY("org_id","id"),
	CONSTRAINT "compliance_data_rating_check" CHECK ("compliance_data"."cii_rating" is null or "compliance_data"."cii_rating" in ('A', 'B', 'C', 'D', 'E'))
);
--> statement-breakpoint
CREATE TABLE "environmental_data" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "environmental_data_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"ship_id" integer NOT NULL,
	"voyage_id" integer,
	"ts" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"wind_speed" double precision,
	"wave_height" double precision,
	"wind_direction" integer,
	"sea_state" integer,
	"weather_impact" double precision,
	"air_temperature" double precision,
	"sea_temperature" double precision,
	CONSTRAINT "environmental_data_pkey" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "fuel_data" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "fuel_data_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"ship_id" integer NOT NULL,
	"voyage_id" integer,
	"ts" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"consumer" text DEFAULT 'main' NOT NULL,
	"sfoc" double precision,
	"fuel_consumption_rate" double precision,
	"engine_load_factor" double precision,
	"speed_through_water" double precision,
	"speed_over_ground" double precision,
	"engine_power" double precision,
	"fuel_type" text DEFAULT 'HFO' NOT NULL,
	"co2_emissions" double precision,
	"distance_nm" double precision,
	"period_hours" double precision,
	CONSTRAINT "fuel_data_pkey" PRIMARY KEY("org_id","id"),
	CONSTRAINT "fuel_data_consumer_check" CHECK ("fuel_data"."consumer" in ('main', 'auxiliary'))
);
--> statement-breakpoint
CREATE TABLE "hull_condition" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "hull_condition_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"ship_id" integer NOT NULL,
	"voyage_id" integer,
	"ts" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"roughness_index" double precision,
	"propeller_slip" double precision,
	"hull_efficiency" double precision,
	"days_since_last_cleaning" integer,
	"last_cleaning_date" date,
	"current_trim" double precision,
	CONSTRAINT "hull_condition_pkey" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"org_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_org_id_user_id_pk" PRIMARY KEY("org_id","user_id"),
	CONSTRAINT "memberships_role_check" CHECK ("memberships"."role" in ('owner', 'admin', 'analyst', 'viewer'))
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organizations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"admin_unlocked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ships" (
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "ships_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"name" text NOT NULL,
	"imo_number" text NOT NULL,
	"ship_type" text NOT NULL,
	"deadweight" double precision,
	"gross_tonnage" double precision,
	"engine_power_kw" double precision,
	"design_speed_kn" double precision,
	"length_m" double precision,
	"beam_m" double precision,
	"design_draught_m" double precision,
	"year_built" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ships_org_id_id_pk" PRIMARY KEY("org_id","id"),
	CONSTRAINT "ships_id_key" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "sign_in_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trim_data" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "trim_data_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"ship_id" integer NOT NULL,
	"voyage_id" integer,
	"ts" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"draught_fore_m" double precision,
	"draught_aft_m" double precision,
	"trim_m" double precision,
	"displacement_t" double precision,
	CONSTRAINT "trim_data_pkey" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voyages" (
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "voyages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"ship_id" integer NOT NULL,
	"voyage_number" text NOT NULL,
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"departure_date" timestamp with time zone NOT NULL,
	"arrival_date" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"cargo_tonnes" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voyages_org_id_id_pk" PRIMARY KEY("org_id","id"),
	CONSTRAINT "voyages_id_key" UNIQUE("id"),
	CONSTRAINT "voyages_status_check" CHECK ("voyages"."status" in ('planned', 'active', 'completed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "auxiliary_data" ADD CONSTRAINT "auxiliary_data_ship_fk" FOREIGN KEY ("org_id","ship_id") REFERENCES "public"."ships"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auxiliary_data" ADD CONSTRAINT "auxiliary_data_voyage_fk" FOREIGN KEY ("voyage_id") REFERENCES "public"."voyages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_data" ADD CONSTRAINT "compliance_data_ship_fk" FOREIGN KEY ("org_id","ship_id") REFERENCES "public"."ships"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_data" ADD CONSTRAINT "compliance_data_voyage_fk" FOREIGN KEY ("voyage_id") REFERENCES "public"."voyages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "environmental_data" ADD CONSTRAINT "environmental_data_ship_fk" FOREIGN KEY ("org_id","ship_id") REFERENCES "public"."ships"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "environmental_data" ADD CONSTRAINT "environmental_data_voyage_fk" FOREIGN KEY ("voyage_id") REFERENCES "public"."voyages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fuel_data" ADD CONSTRAINT "fuel_data_ship_fk" FOREIGN KEY ("org_id","ship_id") REFERENCES "public"."ships"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fuel_data" ADD CONSTRAINT "fuel_data_voyage_fk" FOREIGN KEY ("voyage_id") REFERENCES "public"."voyages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hull_condition" ADD CONSTRAINT "hull_condition_ship_fk" FOREIGN KEY ("org_id","ship_id") REFERENCES "public"."ships"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hull_condition" ADD CONSTRAINT "hull_condition_voyage_fk" FOREIGN KEY ("voyage_id") REFERENCES "public"."voyages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ships" ADD CONSTRAINT "ships_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trim_data" ADD CONSTRAINT "trim_data_ship_fk" FOREIGN KEY ("org_id","ship_id") REFERENCES "public"."ships"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trim_data" ADD CONSTRAINT "trim_data_voyage_fk" FOREIGN KEY ("voyage_id") REFERENCES "public"."voyages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voyages" ADD CONSTRAINT "voyages_org_id_ship_id_ships_org_id_id_fk" FOREIGN KEY ("org_id","ship_id") REFERENCES "public"."ships"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auxiliary_data_key" ON "auxiliary_data" USING btree ("org_id","ship_id","ts");--> statement-breakpoint
CREATE UNIQUE INDEX "compliance_data_key" ON "compliance_data" USING btree ("org_id","ship_id","ts");--> statement-breakpoint
CREATE UNIQUE INDEX "environmental_data_key" ON "environmental_data" USING btree ("org_id","ship_id","ts");--> statement-breakpoint
CREATE UNIQUE INDEX "fuel_data_key" ON "fuel_data" USING btree ("org_id","ship_id","consumer","ts");--> statement-breakpoint
CREATE INDEX "fuel_data_ship_ts_idx" ON "fuel_data" USING btree ("org_id","ship_id","ts");--> statement-breakpoint
CREATE UNIQUE INDEX "hull_condition_key" ON "hull_condition" USING btree ("org_id","ship_id","ts");--> statement-breakpoint
CREATE INDEX "memberships_user_idx" ON "memberships" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ships_org_imo_key" ON "ships" USING btree ("org_id","imo_number");--> statement-breakpoint
CREATE UNIQUE INDEX "ships_org_name_key" ON "ships" USING btree ("org_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "trim_data_key" ON "trim_data" USING btree ("org_id","ship_id","ts");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "voyages_org_ship_number_key" ON "voyages" USING btree ("org_id","ship_id","voyage_number");