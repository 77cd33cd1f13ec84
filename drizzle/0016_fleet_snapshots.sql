CREATE TABLE "fleet_snapshots" (
	"org_id" integer NOT NULL,
	"ship_id" integer NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"written_at" timestamp with time zone,
	"snapshot" jsonb NOT NULL,
	CONSTRAINT "fleet_snapshots_org_id_ship_id_pk" PRIMARY KEY("org_id","ship_id")
);
--> statement-breakpoint
ALTER TABLE "fleet_snapshots" ADD CONSTRAINT "fleet_snapshots_ship_fk" FOREIGN KEY ("org_id","ship_id") REFERENCES "public"."ships"("org_id","id") ON DELETE cascade ON UPDATE no action;