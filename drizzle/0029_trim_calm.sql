CREATE TABLE "trim_weather_daily" (
	"org_id" integer NOT NULL,
	"ship_id" integer NOT NULL,
	"day" date NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"hours" double precision NOT NULL,
	"engine_power" double precision NOT NULL,
	"speed_through_water" double precision NOT NULL,
	"wind_speed" double precision,
	"wind_direction" integer,
	"wave_height" double precision,
	"sea_state" integer,
	"heading" double precision,
	CONSTRAINT "trim_weather_daily_org_id_ship_id_day_pk" PRIMARY KEY("org_id","ship_id","day")
);
--> statement-breakpoint
ALTER TABLE "trim_weather_daily" ADD CONSTRAINT "trim_weather_daily_ship_fk" FOREIGN KEY ("org_id","ship_id") REFERENCES "public"."ships"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The days already stored (the daily rollup's refresh keeps them from now on: metrics/trim-weather.ts
-- `refreshTrimWeatherDailySql`, the same selection over every ship).
INSERT INTO "trim_weather_daily" (org_id, ship_id, day, ts, hours, engine_power, speed_through_water, wind_speed,
  wind_direction, wave_height, sea_state, heading)
SELECT p.org_id, p.ship_id, p.day, p.ts, p.h, p.engine_power, p.speed_through_water,
  e.wind_speed, e.wind_direction, e.wave_height, e.sea_state, e.heading
FROM (
  SELECT DISTINCT ON (f.org_id, f.ship_id, (f.ts AT TIME ZONE 'UTC')::date)
    f.org_id, f.ship_id, (f.ts AT TIME ZONE 'UTC')::date AS day, f.ts, coalesce(f.period_hours, 0) AS h,
    f.engine_power, f.speed_through_water
  FROM fuel_data f
  WHERE f.consumer = 'main' AND f.speed_through_water > 1 AND f.engine_power > 0
  ORDER BY f.org_id, f.ship_id, (f.ts AT TIME ZONE 'UTC')::date,
    (f.ts AT TIME ZONE 'UTC') < date_trunc('day', f.ts AT TIME ZONE 'UTC') + interval '12 hours',
    abs(extract(epoch FROM (f.ts AT TIME ZONE 'UTC') - date_trunc('day', f.ts AT TIME ZONE 'UTC') - interval '12 hours'))
) p
CROSS JOIN LATERAL (
  SELECT * FROM environmental_data e WHERE e.org_id = p.org_id AND e.ship_id = p.ship_id AND e.ts = p.ts LIMIT 1
) e;
