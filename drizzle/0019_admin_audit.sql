CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"user_id" integer,
	"actor_email" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"method" text,
	"route" text,
	"status" integer,
	"target" jsonb,
	"before" jsonb,
	"after" jsonb,
	"details" jsonb
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "elevated_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "audit_log_org_id_idx" ON "audit_log" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_org_kind_idx" ON "audit_log" USING btree ("org_id","kind","id");--> statement-breakpoint
ALTER TABLE "sessions" DROP COLUMN "admin_unlocked_at";--> statement-breakpoint
-- The audit trail is append-only for the application. Sextant connects as the role that owns its tables, so a
-- REVOKE of UPDATE/DELETE would not bind it: a trigger refuses every UPDATE, DELETE and TRUNCATE instead.
CREATE OR REPLACE FUNCTION sextant_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION sextant_audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION sextant_audit_log_append_only();
