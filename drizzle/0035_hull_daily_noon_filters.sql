ALTER TABLE "hull_daily" ADD COLUMN "speed_log" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "hull_daily" ADD COLUMN "weather_impact" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Recompute: every stored day again with the filter for daily noon reports (decision 042): wind up to
-- Beaufort 5, waves up to Douglas 4, stored weather impact up to 20 %, speed log within 3 kn of speed over
-- ground; the same SQL as metrics/hull-record-sql.ts (refreshHullDailySql) over every organisation.
DELETE FROM "hull_daily";--> statement-breakpoint
INSERT INTO "hull_daily" (org_id, ship_id, day, records, missing_data, not_sailing, sea_temperature, wind, waves, speed_log, weather_impact, n, su, sy, suu, suy, syy, n_trim, s_trim, s_draught)
SELECT org_id, ship_id, (ts at time zone 'UTC')::date,
  count(*)::int,
  count(*) filter (where reason = 'missing-data')::int,
  count(*) filter (where reason = 'not-sailing')::int,
  count(*) filter (where reason = 'sea-temperature')::int,
  count(*) filter (where reason = 'wind')::int,
  count(*) filter (where reason = 'waves')::int,
  count(*) filter (where reason = 'speed-log')::int,
  count(*) filter (where reason = 'weather-impact')::int,
  count(*) filter (where reason is null)::int,
  coalesce(sum(u) filter (where reason is null), 0),
  coalesce(sum(y) filter (where reason is null), 0),
  coalesce(sum(u * u) filter (where reason is null), 0),
  coalesce(sum(u * y) filter (where reason is null), 0),
  coalesce(sum(y * y) filter (where reason is null), 0),
  count(*) filter (where reason is null and trim_m is not null and draught_m is not null)::int,
  coalesce(sum(trim_m) filter (where reason is null and trim_m is not null and draught_m is not null), 0),
  coalesce(sum(draught_m) filter (where reason is null and trim_m is not null and draught_m is not null), 0)
FROM (
  SELECT j.*, case
  when stw is null or not stw > 0 or p is null or not p > 0 or disp is null or not disp > 0
    or sea_t is null or wind is null then 'missing-data'
  when stw < 5 then 'not-sailing'
  when sog is not null and abs(stw - sog) > 3 then 'speed-log'
  when not sea_t > 2 then 'sea-temperature'
  when not (wind >= 0 and wind <= 20.799136069114468) then 'wind'
  when wave is not null and wave > 2.5 then 'waves'
  when wi is not null and wi > 20 then 'weather-impact'
end AS reason,
    CASE WHEN stw > 0 THEN ln(stw) END AS y,
    case when p > 0 and disp > 0 then ln(p)
  - case when wi > -100 then ln(1 + wi / 100.0) else 0 end
  - (2.0 / 3.0) * ln(disp) end AS u
  FROM (
    SELECT org_id, ship_id, ts, max(stw) AS stw, max(sog) AS sog, max(p) AS p, max(disp) AS disp, max(sea_t) AS sea_t,
      max(wind) AS wind, max(wave) AS wave, max(wi) AS wi, max(trim_m) AS trim_m, max(draught_m) AS draught_m
    FROM (
      SELECT org_id, ship_id, ts, speed_through_water AS stw, speed_over_ground AS sog, engine_power AS p,
        null::float8 AS disp, null::float8 AS sea_t, null::float8 AS wind, null::float8 AS wave, null::float8 AS wi,
        null::float8 AS trim_m, null::float8 AS draught_m, true AS main
      FROM fuel_data WHERE consumer = 'main'
      UNION ALL
      SELECT org_id, ship_id, ts, null, null, null, null, sea_temperature, wind_speed, wave_height, weather_impact,
        null, null, false
      FROM environmental_data
      UNION ALL
      SELECT org_id, ship_id, ts, null, null, null, displacement_t, null, null, null, null, trim_m,
        (draught_fore_m + draught_aft_m) / 2, false
      FROM trim_data
    ) u
    GROUP BY org_id, ship_id, ts
    HAVING bool_or(main)
  ) j
) h
GROUP BY 1, 2, 3;
