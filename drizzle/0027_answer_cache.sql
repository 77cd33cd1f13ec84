CREATE TABLE "data_versions" (
	"org_id" integer NOT NULL,
	"ship_id" integer NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "data_versions_org_id_ship_id_pk" PRIMARY KEY("org_id","ship_id")
);
--> statement-breakpoint
ALTER TABLE "data_versions" ADD CONSTRAINT "data_versions_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;