CREATE TABLE "api_keys" (
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "api_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"ship_ids" integer[],
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "api_keys_org_id_id_pk" PRIMARY KEY("org_id","id"),
	CONSTRAINT "api_keys_scopes_check" CHECK ("api_keys"."scopes" <@ array['ingest', 'read']::text[] and cardinality("api_keys"."scopes") > 0)
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_key_hash_key" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
-- A revoked (deleted) key must stop serving at once in every process: the key cache is the session cache
-- (src/server/auth/session-cache.ts), emptied on 'sextant_auth' by the function of migration 0010. Updates of
-- last_used_at, the only column that changes in use, notify nobody.
CREATE TRIGGER api_keys_notify_auth AFTER DELETE OR UPDATE OF org_id, key_hash, scopes, ship_ids ON api_keys
  FOR EACH STATEMENT EXECUTE FUNCTION sextant_notify_auth();
