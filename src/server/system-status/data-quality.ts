/**
 * Data quality of the fuel records over the last 30 days (domain assessDataQuality): per ship and consumer,
 * completeness against the series' own cadence (the median gap between its records) × the share of values
 * that are plausible, not stuck and not outliers; combined over series weighted by their expected records.
 * A main engine is expected to report while its ship is on a voyage (departure → arrival, or now while
 * under way; cancelled ones aside): stopped in port it has nothing to report. A ship without any voyage is
 * expected to report all the time (we cannot tell its port stays).
 */
import { sql } from "drizzle-orm";
import { assessDataQuality, type QualitySample } from "../../domain/data-quality/data-quality-score";
import {
  PLAUSIBILITY_RANGES,
  type PlausibilityRange,
  sfocPlausibilityRange,
} from "../../domain/data-quality/plausibility";
import type { Db } from "../db/client";

export const DATA_QUALITY_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

const FIELDS = {
  sfoc: "sfoc",
  fuelConsumptionRate: "fuel_consumption_rate",
  engineLoadFactor: "engine_load_factor",
  speedThroughWater: "speed_through_water",
  enginePower: "engine_power",
} as const;
/** Fields with one fixed plausible range; SFOC's depends on the engine kind and the fuel of each record. */
const FIXED_RANGES: Record<Exclude<keyof typeof FIELDS, "sfoc">, PlausibilityRange> = {
  fuelConsumptionRate: PLAUSIBILITY_RANGES.fuelConsumptionRate,
  engineLoadFactor: PLAUSIBILITY_RANGES.engineLoadFactor,
  speedThroughWater: PLAUSIBILITY_RANGES.speedThroughWater,
  enginePower: PLAUSIBILITY_RANGES.enginePower,
};
/** Fields checked for a frozen sensor; speed and load legitimately sit at 0 in port. */
const STUCK_FIELDS = ["sfoc", "fuelConsumptionRate", "enginePower"];

type SeriesRow = {
  ship_id: number;
  consumer: string;
  first_ts: string;
  cadence_s: number | null;
  c: { t: number[]; fuel: string[] } & Record<keyof typeof FIELDS, (number | null)[]>;
};

export type DataQualitySummary = {
  percent: number;
  parts: { completeness: number; plausibility: number; notStuck: number; notOutlier: number };
};

/** Data quality over 30 days changes slowly: an answer is reused for this long (per org and ships). */
export const DATA_QUALITY_CACHE_MS = 60_000;
const cache = new Map<string, { at: number; value: DataQualitySummary | null }>();

export async function fuelDataQuality(
  db: Db,
  orgId: number,
  shipIds: number[] | null,
  now: Date,
): Promise<DataQualitySummary | null> {
  const key = `${orgId}:${shipIds?.join(",") ?? "*"}`;
  const hit = cache.get(key);
  if (hit && now.getTime() - hit.at >= 0 && now.getTime() - hit.at < DATA_QUALITY_CACHE_MS) return hit.value;
  const value = await computeFuelDataQuality(db, orgId, shipIds, now);
  if (cache.size > 10_000) cache.clear();
  cache.set(key, { at: now.getTime(), value });
  return value;
}

async function computeFuelDataQuality(
  db: Db,
  orgId: number,
  shipIds: number[] | null,
  now: Date,
): Promise<DataQualitySummary | null> {
  const from = new Date(now.getTime() - DATA_QUALITY_WINDOW_DAYS * DAY_MS);
  const ships =
    shipIds === null
      ? sql``
      : sql`and ship_id in (${sql.join(
          shipIds.map((s) => sql`${s}`),
          sql`, `,
        )})`;
  const cols = sql.raw(
    Object.entries(FIELDS)
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
  const rows = res.rows as SeriesRow[];
  let weight = 0;
  const acc = { percent: 0, completeness: 0, plausibility: 0, notStuck: 0, notOutlier: 0 };
  for (const r of rows) {
    if (!r.cadence_s || !(r.cadence_s > 0)) continue;
    const start = new Date(Math.max(from.getTime(), new Date(r.first_ts).getTime()));
    const consumer = r.consumer === "auxiliary" ? "auxiliary" : "main";
    const samples: QualitySample[] = r.c.t.map((t, i) => ({
      timestamp: new Date(t),
      fuelType: r.c.fuel[i]!,
      values: Object.fromEntries(Object.keys(FIELDS).map((k) => [k, r.c[k as keyof typeof FIELDS][i]])),
    }));
    const q = assessDataQuality({
      samples,
      period: { start, end: now },
      cadenceMs: r.cadence_s * 1000,
      ranges: {
        ...FIXED_RANGES,
        // The report check's rule (one rule): the record's engine kind on the record's fuel.
        sfoc: (sample) => sfocPlausibilityRange({ consumer, fuelType: sample.fuelType ?? "" }),
      },
      stuckFields: STUCK_FIELDS,
      ...(r.consumer === "main" && sailing.has(r.ship_id) ? { expectedWithin: sailing.get(r.ship_id) } : {}),
    });
    const w = q.counts.expected;
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

const SERIES_TABLES = [
  "fuel_data",
  "environmental_data",
  "hull_condition",
  "trim_data",
  "auxiliary_data",
  "compliance_data",
] as const;

/** The newest stored record of any series of the organisation's ships (or the given ones), or null. */
export async function lastRecordAt(db: Db, orgId: number, shipIds: number[] | null): Promise<Date | null> {
  const ships =
    shipIds === null
      ? sql``
      : sql`and s.id in (${sql.join(
          shipIds.map((s) => sql`${s}`),
          sql`, `,
        )})`;
  const latest = sql.join(
    SERIES_TABLES.map(
      (t) =>
        sql`(select ts from ${sql.identifier(t)} x where x.org_id = s.org_id and x.ship_id = s.id order by ts desc limit 1)`,
    ),
    sql`, `,
  );
  const res = await db.execute(
    sql`select max(greatest(${latest}))::text as last from ships s where s.org_id = ${orgId} ${ships}`,
  );
  const last = (res.rows[0] as { last: string | null } | undefined)?.last;
  return last ? new Date(last) : null;
}
