CREATE TABLE "maintenance_events" (
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "maintenance_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"ship_id" integer NOT NULL,
	"type" text NOT NULL,
	"event_date" date NOT NULL,
	"status" text DEFAULT 'done' NOT NULL,
	"notes" text,
	"coating" text,
	"coating_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_events_org_id_id_pk" PRIMARY KEY("org_id","id"),
	CONSTRAINT "maintenance_events_id_key" UNIQUE("id"),
	CONSTRAINT "maintenance_events_type_check" CHECK (type in ('hull-cleaning', 'propeller-polishing', 'dry-docking', 'engine-overhaul')),
	CONSTRAINT "maintenance_events_status_check" CHECK ("maintenance_events"."status" in ('done', 'planned'))
);
--> statement-breakpoint
ALTER TABLE "maintenance_events" ADD CONSTRAINT "maintenance_events_org_id_ship_id_ships_org_id_id_fk" FOREIGN KEY ("org_id","ship_id") REFERENCES "public"."ships"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_events_key" ON "maintenance_events" USING btree ("org_id","ship_id","type","event_date");