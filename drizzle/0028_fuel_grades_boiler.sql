ALTER TABLE "fuel_data" DROP CONSTRAINT "fuel_data_consumer_check";--> statement-breakpoint
DROP INDEX "fuel_data_key";--> statement-breakpoint
CREATE UNIQUE INDEX "fuel_data_key" ON "fuel_data" USING btree ("org_id","ship_id","consumer","fuel_type","ts");--> statement-breakpoint
ALTER TABLE "fuel_data" ADD CONSTRAINT "fuel_data_consumer_check" CHECK ("fuel_data"."consumer" in ('main', 'auxiliary', 'boiler'));