/**
 * The ship's track over a range for the map: the range cut into equal time buckets from its start, at most
 * TRACK_MAX_POINTS and none narrower than TRACK_MIN_BUCKET_S, and from each its last stored position (one
 * index probe per bucket, so ten years cost about what a month does), with the main-engine record and the
 * wind of that moment. A year of 15-minute positions → one point per ~8.8 h: the shape of an ocean passage
 * survives, a harbour manoeuvre does not need to.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { Span } from "./span";
import { tsParam } from "./sql-values";

/** The most points a track holds, whatever the range. */
export const TRACK_MAX_POINTS = 1_000;
/** The narrowest bucket, s (a 15-minute cadence keeps every position on short ranges). */
export const TRACK_MIN_BUCKET_S = 900;

/** Bucket width, s, for a span: the span over TRACK_MAX_POINTS, at least TRACK_MIN_BUCKET_S. */
export function trackBucketSeconds(span: Pick<Span, "from" | "to">): number {
  const seconds = (span.to.getTime() - span.from.getTime()) / 1000;
  return Math.max(TRACK_MIN_BUCKET_S, Math.ceil(seconds / TRACK_MAX_POINTS));
}

export type TrackColumns = {
  t: number[];
  lat: number[];
  lon: number[];
  speedKn: (number | null)[];
  fuelRateTPerDay: (number | null)[];
  windSpeedKn: (number | null)[];
};

export type VoyageTrack = TrackColumns & { bucketSeconds: number };

/** The range's downsampled track (see the module comment), oldest first. */
export async function voyageTrack(
  db: Db,
  orgId: number,
  shipId: number,
  span: Pick<Span, "from" | "to">,
): Promise<VoyageTrack> {
  const bucketSeconds = trackBucketSeconds(span);
  const buckets = Math.ceil((span.to.getTime() - span.from.getTime()) / 1000 / bucketSeconds);
  const from = tsParam(span.from);
  const res = await db.execute(sql`
    select json_build_object(
      't', coalesce(json_agg(extract(epoch from l.ts)::float8 order by l.ts), '[]'),
      'lat', coalesce(json_agg(l.latitude order by l.ts), '[]'),
      'lon', coalesce(json_agg(l.longitude order by l.ts), '[]'),
      'speedKn', coalesce(json_agg(f.speed_over_ground order by l.ts), '[]'),
      'fuelRateTPerDay', coalesce(json_agg(f.fuel_consumption_rate order by l.ts), '[]'),
      'windSpeedKn', coalesce(json_agg(l.wind_speed order by l.ts), '[]')
    ) as c
    from generate_series(0, ${Math.max(0, buckets - 1)}) k
    cross join lateral (
      select ts, latitude, longitude, wind_speed from environmental_data
      where org_id = ${orgId} and ship_id = ${shipId}
        and ts >= ${from} + k * ${bucketSeconds}::float8 * interval '1 second'
        and ts < least(${from} + (k + 1) * ${bucketSeconds}::float8 * interval '1 second', ${tsParam(span.to)})
        and latitude is not null and longitude is not null
      order by ts desc limit 1
    ) l
    -- a probe per point; the limit keeps it a probe whatever the planner's statistics
    left join lateral (
      select speed_over_ground, fuel_consumption_rate from fuel_data f
      where f.org_id = ${orgId} and f.ship_id = ${shipId} and f.consumer = 'main' and f.ts = l.ts limit 1
    ) f on true`);
  const row = res.rows[0] as { c: TrackColumns };
  return { ...row.c, bucketSeconds };
}
