/**
 * Data quality of the fuel records over the last 30 days (domain assessDataQuality): per ship and consumer,
 * completeness against the series' own cadence (the median gap between its records) × the share of values
 * that are plausible, not stuck and not outliers; combined over series weighted by their expected records.
 * A main engine is expected to report while its ship is on a voyage (departure → arrival, or now while
 * under way; cancelled ones aside): stopped in port it has nothing to report. A ship without any voyage is
 * expected to report all the time (we cannot tell its port stays).
 *
 * Read from the daily store (data-quality-daily.ts: the value checks computed at write time, summed here);
 * a window reaching before the store's days (a `now` in the past) is computed from the raw records.
 */
import { sql } from "drizzle-orm";
import { completeness, type Period } from "../../domain/data-quality/completeness";
import {
  assessDataQuality,
  type QualitySample,
  qualityScore,
  type SampleTally,
} from "../../domain/data-quality/data-quality-score";
import { DAY_MS } from "../../domain/time/units";
import { ShipMemo, shipVersions } from "../cache/ship-memo";
import type { Db } from "../db/client";
import { startOfUtcDay, storeHorizon } from "./data-quality-daily";
import { FUEL_QUALITY_FIELDS, fuelValueChecks } from "./fuel-value-checks";
import { addPackedTally } from "./quality-tally";

export const DATA_QUALITY_WINDOW_DAYS = 30;

type SeriesRow = {
  ship_id: number;
  consumer: string;
  first_ts: string;
  cadence_s: number | null;
  c: { t: number[]; fuel: string[] } & Record<keyof typeof FUEL_QUALITY_FIELDS, (number | null)[]>;
};

export type DataQualitySummary = {
  percent: number;
  parts: { completeness: number; plausibility: number; notStuck: number; notOutlier: number };
};

/**
 * Data quality over 30 days changes slowly: a ship's series are reused for this long, unless its data (or the
 * organisation's settings) was written since (data versions, cache/data-version.ts): right after an upload the
 * panel said 'No data — add fuel records' for a minute (issue 35 item 2).
 *
 * Kept per ship, not per answer: the organisation's figure combines its ships' series, and only the ships
 * written since are computed again. Measured at 1,000 ships × hourly records: the organisation's figure
 * computed whole took ~1 s (1.36 M record times read), so with a live fleet, where some ship writes every
 * second, every view of it cost that; now a view costs the ships written since the one before.
 */
export const DATA_QUALITY_CACHE_MS = 60_000;
const series = new ShipMemo<SeriesQuality[]>(DATA_QUALITY_CACHE_MS);
type CachedAnswer = { at: number; value: DataQualitySummary | null };
/** Per database: two apps in one process (tests, a restore's scratch app) never share answers. */
const liveCaches = new WeakMap<Db, Map<string, CachedAnswer>>();

export async function fuelDataQuality(
  db: Db,
  orgId: number,
  shipIds: number[] | null,
  now: Date,
): Promise<DataQualitySummary | null> {
  const versions = await shipVersions(db, orgId, shipIds);
  const from = now.getTime() - DATA_QUALITY_WINDOW_DAYS * DAY_MS;
  if (startOfUtcDay(from) >= storeHorizon(Date.now())) {
    const parts = await series.values(
      db,
      orgId,
      versions,
      now.getTime(),
      (ids) => storedSeriesQuality(db, orgId, ids, now),
      { absent: [], wholeOrganisation: shipIds === null },
    );
    return combine(parts.flat());
  }
  // a window before the daily store's days (a `now` in the past): from the raw records, kept per answer
  const cache = liveCaches.get(db) ?? new Map<string, CachedAnswer>();
  liveCaches.set(db, cache);
  if (cache.size > 10_000) cache.clear();
  const key = `${orgId}:${shipIds?.join(",") ?? "*"}:${[...versions].join(",")}`;
  const hit = cache.get(key);
  const age = hit ? now.getTime() - hit.at : -1;
  if (hit && age >= 0 && age < DATA_QUALITY_CACHE_MS) return hit.value;
  const value = await fuelDataQualityLive(db, orgId, shipIds, now);
  cache.set(key, { at: now.getTime(), value });
  return value;
}

/** `and <column> in (…ids)`, or nothing for every ship of the organisation. */
export const shipFilter = (shipIds: number[] | null, column = "ship_id") =>
  shipIds === null
    ? sql``
    : sql`and ${sql.raw(column)} in (${sql.join(
        shipIds.map((s) => sql`${s}`),
        sql`, `,
      )})`;

/** One series' quality and its weight (expected records), as both ways compute it. */
type SeriesQuality = { expected: number; score: Pick<DataQualitySummary, "percent" | "parts"> };

/** The series combined, weighted by their expected records; null when none expects any. */
function combine(series: SeriesQuality[]): DataQualitySummary | null {
  let weight = 0;
  const acc = { percent: 0, completeness: 0, plausibility: 0, notStuck: 0, notOutlier: 0 };
  for (const { expected: w, score: q } of series) {
    weight += w;
    acc.percent += q.percent * w;
    acc.completeness += q.parts.completeness * w;
    acc.plausibility += q.parts.plausibility * w;
    acc.notStuck += q.parts.notStuck * w;
    acc.notOutlier += q.parts.notOutlier * w;
  }
  if (weight === 0) return null;
  return {
    percent: acc.percent / weight,
    parts: {
      completeness: acc.completeness / weight,
      plausibility: acc.plausibility / weight,
      notStuck: acc.notStuck / weight,
      notOutlier: acc.notOutlier / weight,
    },
  };
}

/** A main engine of a ship with voyages is expected within them only. */
const expectedWithin = (consumer: string, shipId: number, sailing: Map<number, Period[]>) =>
  consumer === "main" && sailing.has(shipId) ? { expectedWithin: sailing.get(shipId) } : {};

/** From the daily store: the window's records' times and tallies, summed per series. */
export async function fuelDataQualityStored(
  db: Db,
  orgId: number,
  shipIds: number[] | null,
  now: Date,
): Promise<DataQualitySummary | null> {
  return combine([...(await storedSeriesQuality(db, orgId, shipIds, now)).values()].flat());
}

/** Each ship's scored series from the daily store (a ship without any scored series has no entry). */
async function storedSeriesQuality(
  db: Db,
  orgId: number,
  shipIds: number[] | null,
  now: Date,
): Promise<Map<number, SeriesQuality[]>> {
  const from = now.getTime() - DATA_QUALITY_WINDOW_DAYS * DAY_MS;
  const ships = shipFilter(shipIds);
  const day = (ms: number) => new Date(startOfUtcDay(ms)).toISOString().slice(0, 10);
  const [res, firsts, sailing] = await Promise.all([
    db.execute(sql`
      select ship_id, consumer, extract(epoch from day)::float8 * 1000 as day, array_to_json(ms) as ms,
        array_to_json(tallies) as tallies
      from data_quality_daily
      where org_id = ${orgId} ${ships} and day >= ${day(from)}::date and day <= ${day(now.getTime())}::date
      order by ship_id, consumer, day`),
    // the series' first record ever: a series younger than the window is judged from its start
    db.execute(sql`
      select s.id as ship_id, c.consumer, (select extract(epoch from min(f.ts))::float8 * 1000 from fuel_data f
        where f.org_id = s.org_id and f.ship_id = s.id and f.consumer = c.consumer) as first
      from ships s cross join (values ('main'), ('auxiliary')) c(consumer)
      where s.org_id = ${orgId} ${shipFilter(shipIds, "s.id")}`),
    voyageSpans(db, orgId, ships, new Date(from), now),
  ]);
  const first = new Map(
    (firsts.rows as { ship_id: number; consumer: string; first: number | null }[]).map((r) => [
      `${r.ship_id}:${r.consumer}`,
      r.first,
    ]),
  );
  type Acc = { shipId: number; consumer: string; times: number[]; tally: SampleTally };
  const series = new Map<string, Acc>();
  for (const r of res.rows as {
    ship_id: number;
    consumer: string;
    day: number;
    ms: number[];
    tallies: number[];
  }[]) {
    const key = `${r.ship_id}:${r.consumer}`;
    let s = series.get(key);
    if (!s) {
      s = {
        shipId: r.ship_id,
        consumer: r.consumer,
        times: [],
        tally: { checked: 0, implausible: 0, stuck: 0, outlier: 0, flagged: 0 },
      };
      series.set(key, s);
    }
    for (let i = 0; i < r.ms.length; i++) {
      const t = r.day + r.ms[i]!;
      if (t < from || t >= now.getTime()) continue;
      s.times.push(t);
      addPackedTally(s.tally, r.tallies[i]!);
    }
  }
  const scored = new Map<number, SeriesQuality[]>();
  for (const [key, s] of series) {
    const cadenceMs = medianGap(s.times);
    if (!cadenceMs || !(cadenceMs > 0)) continue;
    const start = new Date(Math.max(from, first.get(key) ?? from));
    const comp = completeness(
      s.times.map((t) => new Date(t)),
      { start, end: now },
      cadenceMs,
      expectedWithin(s.consumer, s.shipId, sailing).expectedWithin,
    );
    const ofShip = scored.get(s.shipId) ?? [];
    ofShip.push({ expected: comp.expected, score: qualityScore(comp.ratio, s.tally) });
    scored.set(s.shipId, ofShip);
  }
  return scored;
}

/** The median gap between consecutive times (ascending), as percentile_cont(0.5) gives it; null for fewer than two. */
function medianGap(times: number[]): number | null {
  if (times.length < 2) return null;
  const gaps = times.slice(1).map((t, i) => t - times[i]!);
  gaps.sort((a, b) => a - b);
  const mid = Math.floor(gaps.length / 2);
  return gaps.length % 2 === 1 ? gaps[mid]! : (gaps[mid - 1]! + gaps[mid]!) / 2;
}

/** From the raw records: every fuel record of the window aggregated into Node and checked there. */
export async function fuelDataQualityLive(
  db: Db,
  orgId: number,
  shipIds: number[] | null,
  now: Date,
): Promise<DataQualitySummary | null> {
  const from = new Date(now.getTime() - DATA_QUALITY_WINDOW_DAYS * DAY_MS);
  const ships = shipFilter(shipIds);
  const cols = sql.raw(
    Object.entries(FUEL_QUALITY_FIELDS)
      .map(([k, c]) => `'${k}', json_agg(${c} order by ts)`)
      .join(", "),
  );
  const [res, sailing] = await Promise.all([
    db.execute(sql`
    select ship_id, consumer,
      (select min(ts) from fuel_data f2 where f2.org_id = ${orgId} and f2.ship_id = w.ship_id and f2.consumer = w.consumer)::text as first_ts,
      percentile_cont(0.5) within group (order by gap) as cadence_s,
      json_build_object('t', json_agg(extract(epoch from ts) * 1000 order by ts), 'fuel', json_agg(fuel_type order by ts), ${cols}) as c
    from (select *, extract(epoch from ts - lag(ts) over (partition by ship_id, consumer order by ts)) as gap
      from fuel_data where org_id = ${orgId} ${ships}
        and ts >= ${from.toISOString()}::timestamptz and ts < ${now.toISOString()}::timestamptz) w
    group by ship_id, consumer`),
    voyageSpans(db, orgId, ships, from, now),
  ]);
  const scored: SeriesQuality[] = [];
  for (const r of res.rows as SeriesRow[]) {
    if (!r.cadence_s || !(r.cadence_s > 0)) continue;
    const start = new Date(Math.max(from.getTime(), new Date(r.first_ts).getTime()));
    const samples: QualitySample[] = r.c.t.map((t, i) => ({
      timestamp: new Date(t),
      fuelType: r.c.fuel[i]!,
      values: Object.fromEntries(
        Object.keys(FUEL_QUALITY_FIELDS).map((k) => [k, r.c[k as keyof typeof FUEL_QUALITY_FIELDS][i]]),
      ),
    }));
    const q = assessDataQuality({
      samples,
      period: { start, end: now },
      cadenceMs: r.cadence_s * 1000,
      ...fuelValueChecks(r.consumer),
      ...expectedWithin(r.consumer, r.ship_id, sailing),
    });
    scored.push({ expected: q.counts.expected, score: q });
  }
  return combine(scored);
}

/** Per ship that has voyages at all, its voyages' spans within [from, now) (possibly none). */
async function voyageSpans(db: Db, orgId: number, ships: ReturnType<typeof sql>, from: Date, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const since = sql`${from.toISOString()}::timestamptz`;
  const res = await db.execute(sql`
    select ship_id, coalesce(json_agg(json_build_array(
        extract(epoch from greatest(departure_date, ${since})) * 1000,
        extract(epoch from least(coalesce(arrival_date, ${at}), ${at})) * 1000))
      filter (where departure_date < ${at} and coalesce(arrival_date, ${at}) > ${since}), '[]') as spans
    from voyages
    where org_id = ${orgId} ${ships} and status <> 'cancelled'
    group by ship_id`);
  return new Map(
    (res.rows as { ship_id: number; spans: [number, number][] }[]).map((r) => [
      r.ship_id,
      r.spans.map(([start, end]) => ({ start: new Date(start), end: new Date(end) })),
    ]),
  );
}
