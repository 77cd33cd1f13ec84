-- The newest record of each ship, kept beside its data version (records/newest-record.ts): the bump of every
-- write recomputes it from then on; here it is computed once for every ship that exists, and a ship never
-- written gets its version row (version 1: its cached answers are computed once more, nothing else changes).
ALTER TABLE "data_versions" ADD COLUMN "newest_record_at" timestamp with time zone;
--> statement-breakpoint
INSERT INTO data_versions (org_id, ship_id, newest_record_at)
SELECT s.org_id, s.id, greatest(
  (SELECT ts FROM fuel_data x WHERE x.org_id = s.org_id AND x.ship_id = s.id ORDER BY ts DESC LIMIT 1),
  (SELECT ts FROM environmental_data x WHERE x.org_id = s.org_id AND x.ship_id = s.id ORDER BY ts DESC LIMIT 1),
  (SELECT ts FROM hull_condition x WHERE x.org_id = s.org_id AND x.ship_id = s.id ORDER BY ts DESC LIMIT 1),
  (SELECT ts FROM trim_data x WHERE x.org_id = s.org_id AND x.ship_id = s.id ORDER BY ts DESC LIMIT 1),
  (SELECT ts FROM auxiliary_data x WHERE x.org_id = s.org_id AND x.ship_id = s.id ORDER BY ts DESC LIMIT 1),
  (SELECT ts FROM compliance_data x WHERE x.org_id = s.org_id AND x.ship_id = s.id ORDER BY ts DESC LIMIT 1))
FROM ships s
ON CONFLICT (org_id, ship_id) DO UPDATE SET newest_record_at = excluded.newest_record_at;
