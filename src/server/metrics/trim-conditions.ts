/**
 * The trim analysis' samples: the range's hours at sea pooled per sailing condition, read from the trim
 * rollups (`trim_hourly`, `trim_daily`, `trim_monthly`), so a ten-year range costs about what a month does.
 */
import { sql } from "drizzle-orm";
import type { TrimSample } from "../../domain/performance/trim-analysis";
import type { Db } from "../db/client";
import type { Span } from "./span";
import { consumerSums, SAILING_SQL, TRIM_ROW_CLASS, TRIM_ROW_CLASSIFIABLE } from "./trim-condition-sql";
import type { CalmPeriods } from "./trim-weather";

/**
 * The UTC days [from, to) (each date truncated, as the daily resolution reads them) split into the whole
 * calendar months they hold, [from, to) as first days of months, and the days outside them at either edge.
 */
export function wholeMonths(from: Date, to: Date): { from: string; to: string; days: [string, string] } {
  const day = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const f = new Date(day(from));
  const t = new Date(day(to));
  let mFrom = f.getUTCDate() === 1 ? f.getTime() : Date.UTC(f.getUTCFullYear(), f.getUTCMonth() + 1, 1);
  let mTo = Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), 1);
  if (mFrom >= mTo) mFrom = mTo = t.getTime();
  return { from: iso(mFrom), to: iso(mTo), days: [iso(f.getTime()), iso(t.getTime())] };
}

/** A sailing condition: the domain's sample with its hours at sea as weight and its mean displacement. */
export type TrimCondition = TrimSample & { weight: number; displacementT: number | null };
/** The latest hour at sea of the range. */
export type CurrentCondition = { meanDraughtM: number; speedKn: number; trimM: number; at: string };

/** The range's classifiable rows of `trim_hourly` with their condition (`TRIM_ROW_CLASS`) and the consumers' sums. */
function hourlyTrimRows(orgId: number, shipId: number, range: Span) {
  return sql`
    select hour, ${sql.raw(
      Object.entries(TRIM_ROW_CLASS)
        .map(([c, e]) => `${e} as ${c}`)
        .join(", "),
    )},
      ${consumerSums(range.consumers)}, trim_sum, trim_n, draught_sum, draught_n, displacement_sum, displacement_n
    from trim_hourly
    where org_id = ${orgId} and ship_id = ${shipId}
      and hour >= ${range.from.toISOString()}::timestamptz and hour < ${range.to.toISOString()}::timestamptz
      and ${sql.raw(TRIM_ROW_CLASSIFIABLE)}`;
}

/** A sailing condition of one voyage: the condition's sample tagged with the voyage (the unit of replication). */
export type VoyageTrimCondition = TrimCondition & {
  voyageId: number;
  /** Hours-weighted mean instant of the condition's hours (ms since 1970): the fouling trend's time. */
  timeMs: number;
  /**
   * The fuel rate with the weather's added power taken out (t/day), when the condition's periods are all
   * calm periods (`calm`, metrics/trim-weather.ts); null for the other conditions. The measured rate when
   * `calm` is null (no weather to take out).
   */
  calmFuelTonnesPerDay: number | null;
};

/**
 * The range's hours at sea pooled per voyage and sailing condition: the trim evidence (domain trim-evidence)
 * needs the voyage as its unit, which the pools do not keep. At hourly resolution an hour of `trim_hourly`
 * belongs to the ship's voyage whose departure is at or before it and whose arrival (if any) is after it; at
 * daily resolution a day pool of `trim_daily` belongs to the voyage under way at the day's noon. Hours or days
 * outside any recorded voyage are left out (they cannot be told apart as replicates). Same per-condition
 * means as `trimConditions`.
 */
export async function trimVoyageConditions(
  db: Db,
  orgId: number,
  shipId: number,
  range: Span,
  calm: CalmPeriods | null = null,
): Promise<VoyageTrimCondition[]> {
  const from = sql`${range.from.toISOString()}::timestamptz`;
  const to = sql`${range.to.toISOString()}::timestamptz`;
  const ofShip = sql`v.org_id = ${orgId} and v.ship_id = ${shipId} and v.departure_date < ${to}
    and (v.arrival_date is null or v.arrival_date > ${from})`;
  // Short ranges: each voyage's whole hours, hash-joined to the hours at sea. Long ranges (daily resolution)
  // read the day pools of `trim_daily` (ten years of hourly rows cost ~0.5 s): a day belongs to the voyage
  // under way at its noon (UTC), so a day of arrival and departure counts for one of the two voyages.
  // Overlapping voyages: the later departure wins.
  const daily = range.resolution !== "hourly";
  const step = daily ? sql`interval '1 day'` : sql`interval '1 hour'`;
  const first = daily
    ? sql`date_trunc('day', greatest(v.departure_date, ${from}) - interval '12 hours' + interval '1 day' - interval '1 microsecond') + interval '12 hours'`
    : sql`date_trunc('hour', greatest(v.departure_date, ${from}) + interval '1 hour' - interval '1 microsecond')`;
  const m = wholeMonths(range.from, range.to);
  const rows = daily
    ? sql`select day as unit, draught_bin, speed_bin, trim_class, ${consumerSums(range.consumers)},
        trim_sum, trim_n, draught_sum, draught_n, displacement_sum, displacement_n
      from trim_daily where org_id = ${orgId} and ship_id = ${shipId} and day >= ${m.days[0]} and day < ${m.days[1]}`
    : sql`select hour as unit, * from (${hourlyTrimRows(orgId, shipId, range)}) h`;
  // the calm periods' factors, keyed as the rows' unit; a condition is split into its calm and other periods
  // (two text parameters: drizzle would spread a JS array into one parameter per element)
  const units = sql`string_to_array(${calm?.units.join(",") ?? ""}, ',')`;
  const factors = sql`string_to_array(${calm?.factors.join(",") ?? ""}, ',')::float8[]`;
  const calmUnits = daily
    ? sql`unnest(${units}::date[], ${factors})`
    : sql`unnest(${units}::timestamptz[], ${factors})`;
  const calmFuel = calm
    ? sql`case when bool_and(w.factor is not null) then 24 * sum(fuel_t * w.factor) / sum(sea) end`
    : sql`24 * sum(fuel_t) / sum(sea)`;
  const res = await db.execute(sql`
    with vu as (
      select distinct on (unit) unit, id as voyage_id
      from (
        select v.id, v.departure_date,
          ${daily ? sql`(t at time zone 'UTC')::date` : sql`t`} as unit
        from voyages v, generate_series(${first},
            least(coalesce(v.arrival_date, ${to}), ${to}) - interval '1 microsecond', ${step}) as t
        where ${ofShip}) x
      order by unit, departure_date desc)
    select voyage_id as "voyageId", sum(sea) as hours, sum(trim_sum) / sum(trim_n) as trim,
      sum(draught_sum) / sum(draught_n) as draught, sum(stw_kn_hours) / sum(stw_hours) as stw,
      24 * sum(fuel_t) / sum(sea) as fuel, sum(displacement_sum) as disp_sum, sum(displacement_n) as disp_n,
      1000 * sum(sea * (extract(epoch from unit) + ${daily ? 43_200 : 1_800})) / sum(sea) as t,
      ${calmFuel} as calm_fuel
    from (${rows}) r join vu using (unit) left join ${calmUnits} as w(unit, factor) using (unit)
    where ${sql.raw(SAILING_SQL)}
    group by voyage_id, draught_bin, speed_bin, trim_class, w.factor is not null
    order by voyage_id, draught_bin, speed_bin, trim_class`);
  return (
    res.rows as {
      voyageId: number;
      hours: number;
      trim: number;
      draught: number;
      stw: number;
      fuel: number;
      disp_sum: number;
      disp_n: number;
      t: number;
      calm_fuel: number | null;
    }[]
  ).map((r) => ({
    voyageId: Number(r.voyageId),
    timeMs: Number(r.t),
    trimM: Math.round(Number(r.trim) * 1000) / 1000,
    meanDraughtM: Number(r.draught),
    speedKn: Number(r.stw),
    fuelTonnesPerDay: Number(r.fuel),
    weight: Number(r.hours),
    displacementT: Number(r.disp_n) > 0 ? Number(r.disp_sum) / Number(r.disp_n) : null,
    calmFuelTonnesPerDay: r.calm_fuel === null ? null : Number(r.calm_fuel),
  }));
}

/**
 * The trim analysis' samples: the range's hours at sea pooled per sailing condition (draught bin, speed bin,
 * trim class: `TRIM_ROW_CLASS`), each hour classified by its own means. Short ranges read the hours of
 * `trim_hourly`, long ones (daily resolution) the day-conditions of `trim_daily`, which pooled the same hours
 * by the same classes, and of `trim_monthly` for the whole months inside the range (`wholeMonths`); either
 * way a few hundred conditions come back, however long the range. Per condition:
 * mean trim, draught and displacement of the trim records, mean STW and fuel rate = 24 · fuel / hours at sea
 * (t/day) of the selected consumers' fuel records, and the hours at sea as the sample's weight; the mean
 * displacement of all of them is the reference when the ship has none. Pooling
 * before the speed normalisation reads each condition at its mean speed; within a 1 kn bin that shifts all
 * trims of the bin alike (by n(n−1)/2·(σ_V/V)², about 0.2 %), which leaves the optimum where it is.
 * `current` is the latest hour at sea in the range (from `trim_hourly` at any resolution).
 */
export async function trimConditions(
  db: Db,
  orgId: number,
  shipId: number,
  range: Span,
): Promise<{
  conditions: TrimCondition[];
  meanDisplacementT: number | null;
  current: CurrentCondition | null;
}> {
  const within = sql`org_id = ${orgId} and ship_id = ${shipId}`;
  const hourlyRows = hourlyTrimRows(orgId, shipId, range);
  const poolColumns = sql`draught_bin, speed_bin, trim_class, ${consumerSums(range.consumers)},
    trim_sum, trim_n, draught_sum, draught_n, displacement_sum, displacement_n`;
  const m = wholeMonths(range.from, range.to);
  const rows =
    range.resolution === "hourly"
      ? hourlyRows
      : sql`select ${poolColumns} from trim_monthly where ${within} and month >= ${m.from} and month < ${m.to}
        union all
        select ${poolColumns} from trim_daily
        where ${within} and ((day >= ${m.days[0]} and day < ${m.from}) or (day >= ${m.to} and day < ${m.days[1]}))`;
  // One statement: the rows at sea grouped by condition (a few thousand rows at most, months pooled), and
  // the latest hour at sea read backwards along the hourly rollup's key.
  const res = await db.execute(sql`
    select
      (select json_build_object('hours', coalesce(json_agg(hours), '[]'), 'trim', coalesce(json_agg(trim), '[]'),
        'draught', coalesce(json_agg(draught), '[]'), 'stw', coalesce(json_agg(stw), '[]'),
        'fuel', coalesce(json_agg(fuel), '[]'), 'dispSum', coalesce(json_agg(disp_sum), '[]'),
        'dispN', coalesce(json_agg(disp_n), '[]'))
       from (
        select sum(sea) as hours, sum(trim_sum) / sum(trim_n) as trim, sum(draught_sum) / sum(draught_n) as draught,
          sum(stw_kn_hours) / sum(stw_hours) as stw, 24 * sum(fuel_t) / sum(sea) as fuel,
          sum(displacement_sum) as disp_sum, sum(displacement_n) as disp_n
        from (${rows}) r where ${sql.raw(SAILING_SQL)}
        group by draught_bin, speed_bin, trim_class) c) as c,
      (select row_to_json(l) from (
        select hour, trim_sum / trim_n as trim, draught_sum / draught_n as draught, stw_kn_hours / stw_hours as stw
        from (${hourlyRows}) h where ${sql.raw(SAILING_SQL)} order by hour desc limit 1) l) as latest`);
  const row = res.rows[0] as {
    c: Record<"hours" | "trim" | "draught" | "stw" | "fuel" | "dispSum" | "dispN", number[]>;
    latest: { hour: string; trim: number; draught: number; stw: number } | null;
  };
  const c = row.c;
  const dispSum = c.dispSum.reduce((a, b) => a + b, 0);
  const dispN = c.dispN.reduce((a, b) => a + b, 0);
  return {
    conditions: c.hours.map((hours, i) => ({
      // to the millimetre: pooled means of one trim differ in the last bits, and the domain counts distinct
      // trims exactly (three 'distinct' equal trims make an ill-conditioned parabola)
      trimM: Math.round(c.trim[i]! * 1000) / 1000,
      meanDraughtM: c.draught[i]!,
      speedKn: c.stw[i]!,
      fuelTonnesPerDay: c.fuel[i]!,
      weight: hours,
      displacementT: c.dispN[i]! > 0 ? c.dispSum[i]! / c.dispN[i]! : null,
    })),
    meanDisplacementT: dispN > 0 ? dispSum / dispN : null,
    current: row.latest
      ? {
          meanDraughtM: row.latest.draught,
          speedKn: row.latest.stw,
          trimM: row.latest.trim,
          at: new Date(row.latest.hour).toISOString(),
        }
      : null,
  };
}
