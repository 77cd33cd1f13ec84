ALTER TABLE "hull_daily" ADD COLUMN "n_trim" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "hull_daily" ADD COLUMN "s_trim" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "hull_daily" ADD COLUMN "s_draught" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Backfill: every stored day again, with the power less its weather impact and the day's trim and draught
-- (the same SQL as metrics/hull-record-sql.ts; decision 009).
DELETE FROM "hull_daily";--> statement-breakpoint
INSERT INTO "hull_daily" (org_id, ship_id, day, records, missing_data, not_sailing, sea_temperature, wind, waves, n, su, sy, suu, suy, syy, n_trim, s_trim, s_draught)
SELECT org_id, ship_id, (ts at time zone 'UTC')::date, count(*)::int, count(*) filter (where reason = 'missing-data')::int, count(*) filter (where reason = 'not-sailing')::int, count(*) filter (where reason = 'sea-temperature')::int, count(*) filter (where reason = 'wind')::int, count(*) filter (where reason = 'waves')::int, count(*) filter (where reason is null)::int, coalesce(sum(u) filter (where reason is null), 0), coalesce(sum(y) filter (where reason is null), 0), coalesce(sum(u * u) filter (where reason is null), 0), coalesce(sum(u * y) filter (where reason is null), 0), coalesce(sum(y * y) filter (where reason is null), 0), count(*) filter (where reason is null and trim_m is not null and draught_m is not null)::int, coalesce(sum(trim_m) filter (where reason is null and trim_m is not null and draught_m is not null), 0), coalesce(sum(draught_m) filter (where reason is null and trim_m is not null and draught_m is not null), 0)
FROM (
  SELECT j.*, case
    when stw is null or not stw > 0 or p is null or not p > 0 or disp is null or not disp > 0
      or sea_t is null or wind is null then 'missing-data'
    when stw < 5 then 'not-sailing'
    when not sea_t > 2 then 'sea-temperature'
    when not (wind >= 0 and wind <= 15.356371490280777) then 'wind'
    when wave is not null and wave > 1.5 then 'waves'
  end AS reason,
    CASE WHEN stw > 0 THEN ln(stw) END AS y,
    CASE WHEN p > 0 AND disp > 0 THEN ln(p) - CASE WHEN wi > -100 THEN ln(1 + wi / 100.0) ELSE 0 END - (2.0 / 3.0) * ln(disp) END AS u
  FROM (
    SELECT f.org_id, f.ship_id, f.ts, f.speed_through_water AS stw, f.engine_power AS p,
      d.displacement_t AS disp, e.sea_temperature AS sea_t, e.wind_speed AS wind, e.wave_height AS wave,
      e.weather_impact AS wi, d.trim_m, (d.draught_fore_m + d.draught_aft_m) / 2 AS draught_m
    FROM fuel_data f
    LEFT JOIN environmental_data e ON e.org_id = f.org_id AND e.ship_id = f.ship_id AND e.ts = f.ts
    LEFT JOIN trim_data d ON d.org_id = f.org_id AND d.ship_id = f.ship_id AND d.ts = f.ts
    WHERE f.consumer = 'main'
  ) j
) h
GROUP BY 1, 2, 3;
