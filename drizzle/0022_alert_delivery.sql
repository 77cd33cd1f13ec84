CREATE TABLE "alert_channels" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"email_recipients" text[] DEFAULT '{}'::text[] NOT NULL,
	"sms_recipients" text[] DEFAULT '{}'::text[] NOT NULL,
	"webhook_url" text,
	"webhook_secret" text,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"alert_id" integer,
	"event" text NOT NULL,
	"channel" text NOT NULL,
	"target" text NOT NULL,
	"attempt" integer NOT NULL,
	"outcome" text NOT NULL,
	"error" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_deliveries_channel_check" CHECK ("alert_deliveries"."channel" in ('email', 'webhook', 'sms')),
	CONSTRAINT "alert_deliveries_outcome_check" CHECK ("alert_deliveries"."outcome" in ('sent', 'failed', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "alert_emails" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_channels" ADD CONSTRAINT "alert_channels_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_channels" ADD CONSTRAINT "alert_channels_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_deliveries_org_alert_idx" ON "alert_deliveries" USING btree ("org_id","alert_id");--> statement-breakpoint
CREATE INDEX "alert_deliveries_org_at_idx" ON "alert_deliveries" USING btree ("org_id","at");