CREATE TABLE "charter_party_terms" (
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "charter_party_terms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"ship_id" integer NOT NULL,
	"voyage_id" integer,
	"condition" text NOT NULL,
	"terms" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charter_party_terms_org_id_id_pk" PRIMARY KEY("org_id","id"),
	CONSTRAINT "charter_party_terms_condition_check" CHECK (condition in ('laden', 'ballast'))
);
--> statement-breakpoint
ALTER TABLE "charter_party_terms" ADD CONSTRAINT "charter_party_terms_org_id_ship_id_ships_org_id_id_fk" FOREIGN KEY ("org_id","ship_id") REFERENCES "public"."ships"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charter_party_terms" ADD CONSTRAINT "charter_party_terms_org_id_voyage_id_voyages_org_id_id_fk" FOREIGN KEY ("org_id","voyage_id") REFERENCES "public"."voyages"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "charter_party_terms_voyage_key" ON "charter_party_terms" USING btree ("org_id","voyage_id") WHERE voyage_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "charter_party_terms_ship_key" ON "charter_party_terms" USING btree ("org_id","ship_id","condition") WHERE voyage_id is null;