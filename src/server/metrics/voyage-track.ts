/**
 * The ship's track over a range for the map: one stored position per time bucket (the bucket's last
 * position, with the main-engine record and the weather of that moment), the bucket widened so that a
 * range of any length gives at most TRACK_MAX_POINTS points (a year of 15-minute positions → one point
 * per ~4.4 h; the shape of an ocean passage survives, a harbour manoeuvre does not need to).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { Span } from "./span";
import { tsParam } from "./sql-values";

/** The most points a track holds, whatever the range. */
export const TRACK_MAX_POINTS = 2_000;
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

export type VoyageTrack = TrackColumns & { positions: number; bucketSeconds: number };

/** The range's downsampled track (buckets counted from the range's start, so the bound holds) (see the module comment) and how many stored positions it was drawn from. */
export async function voyageTrack(
  db: Db,
  orgId: number,
  shipId: number,
  span: Pick<Span, "from" | "to">,
): Promise<VoyageTrack> {
  const bucketSeconds = trackBucketSeconds(span);
  const res = await db.execute(sql`
    with p as (
      select ts, latitude, longitude, wind_speed,
        floor(extract(epoch from ts - ${tsParam(span.from)}) / ${bucketSeconds}) as b, count(*) over () as n
      from environmental_data
      where org_id = ${orgId} and ship_id = ${shipId} and ts >= ${tsParam(span.from)} and ts < ${tsParam(span.to)}
        and latitude is not null and longitude is not null
    ), last as (
      select distinct on (b) ts, latitude, longitude, wind_speed, n from p order by b, ts desc
    )
    select json_build_object(
      't', coalesce(json_agg(extract(epoch from l.ts)::float8 order by l.ts), '[]'),
      'lat', coalesce(json_agg(l.latitude order by l.ts), '[]'),
      'lon', coalesce(json_agg(l.longitude order by l.ts), '[]'),
      'speedKn', coalesce(json_agg(f.speed_over_ground order by l.ts), '[]'),
      'fuelRateTPerDay', coalesce(json_agg(f.fuel_consumption_rate order by l.ts), '[]'),
      'windSpeedKn', coalesce(json_agg(l.wind_speed order by l.ts), '[]')
    ) as c, coalesce(max(l.n), 0)::int as n
    from last l
    left join fuel_data f on f.org_id = ${orgId} and f.ship_id = ${shipId} and f.consumer = 'main' and f.ts = l.ts`);
  const row = res.rows[0] as { c: TrackColumns; n: number };
  return { ...row.c, positions: Number(row.n), bucketSeconds };
}
