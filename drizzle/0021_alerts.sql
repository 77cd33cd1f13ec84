CREATE TABLE "alert_configs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_configs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"ship_id" integer,
	"type" text NOT NULL,
	"enabled" boolean NOT NULL,
	"threshold" double precision NOT NULL,
	"severity" text NOT NULL,
	"notification_method" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_configs_type_check" CHECK (type in ('hullFouling', 'fuelEfficiency', 'enginePerformance', 'ciiCompliance', 'trimOptimization', 'maintenanceSchedule')),
	CONSTRAINT "alert_configs_severity_check" CHECK (severity in ('low', 'medium', 'high')),
	CONSTRAINT "alert_configs_method_check" CHECK (notification_method in ('dashboard', 'email', 'sms')),
	CONSTRAINT "alert_configs_threshold_check" CHECK ("alert_configs"."threshold" >= 0)
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"ship_id" integer NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"severity" text NOT NULL,
	"figure" double precision,
	"unit" text NOT NULL,
	"threshold" double precision NOT NULL,
	"latest_figure" double precision,
	"message" text NOT NULL,
	"latest_message" text NOT NULL,
	"link" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"evaluated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" integer,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"resolution_note" text,
	CONSTRAINT "alerts_type_check" CHECK (type in ('hullFouling', 'fuelEfficiency', 'enginePerformance', 'ciiCompliance', 'trimOptimization', 'maintenanceSchedule')),
	CONSTRAINT "alerts_status_check" CHECK (status in ('open', 'acknowledged', 'resolved'))
);
--> statement-breakpoint
ALTER TABLE "alert_configs" ADD CONSTRAINT "alert_configs_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_configs" ADD CONSTRAINT "alert_configs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_configs" ADD CONSTRAINT "alert_configs_ship_fk" FOREIGN KEY ("org_id","ship_id") REFERENCES "public"."ships"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_ship_fk" FOREIGN KEY ("org_id","ship_id") REFERENCES "public"."ships"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_configs_org_type_key" ON "alert_configs" USING btree ("org_id","type") WHERE ship_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_configs_ship_type_key" ON "alert_configs" USING btree ("org_id","ship_id","type") WHERE ship_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_one_unresolved_key" ON "alerts" USING btree ("org_id","ship_id","type") WHERE status in ('open', 'acknowledged');--> statement-breakpoint
CREATE INDEX "alerts_org_status_idx" ON "alerts" USING btree ("org_id","status","opened_at");