CREATE TABLE "report_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"period" text NOT NULL,
	"target" text NOT NULL,
	"ship_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"outcome" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"error" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_deliveries_outcome_check" CHECK ("report_deliveries"."outcome" in ('sending', 'sent', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "report_schedules" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"ship_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"member_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_deliveries" ADD CONSTRAINT "report_deliveries_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_deliveries_once_key" ON "report_deliveries" USING btree ("org_id","period","target");--> statement-breakpoint
CREATE INDEX "report_deliveries_org_at_idx" ON "report_deliveries" USING btree ("org_id","at");