/**
 * engine-trim-optimization: fuel against trim per draught × speed bin (domain analyseTrim), the optimum for
 * the current condition and the expected saving (domain recommendTrim). Samples are hours at sea with a
 * mean trim and draught from the trim records, joined with the fuel rate and speed through water of the
 * fuel records of the same hour; over long ranges, a day's hours in one condition pooled (`trimSamples`).
 */
import { sql } from "drizzle-orm";
import type { SectionResponse } from "../../../contracts/analysis";
import { powerAtReferenceDisplacement } from "../../../domain/hull/speed-power-curve";
import { fitSpeedFuelCurve } from "../../../domain/performance/speed-fuel-fit";
import {
  analyseTrim,
  recommendTrim,
  type TrimSample,
  trimPenaltyPercent,
} from "../../../domain/performance/trim-analysis";
import type { AnalysisContext, Consumer } from "../context";
import { presentRange } from "../context";
import { AT_SEA_SHARE_FOR_FIT, MIN_FIT_SPEED_KN } from "./fuel-consumption";

const CURVE_POINTS = 11;

/** Per hour of `trim_hourly`: the selected consumers' hours, hours at sea, fuel and STW sums (as `perBucket`). */
function consumerSums(consumers: readonly Consumer[]) {
  const p = consumers.map((c) => (c === "main" ? "main" : "aux"));
  const col = (c: string) => p.map((x) => `${x}_${c}`);
  const greatest = (c: string) => (p.length > 1 ? `greatest(${col(c).join(", ")})` : col(c)[0]!);
  const sum = (c: string) => col(c).join(" + ");
  return sql.raw(`${greatest("hours")} as hours, ${greatest("hours_at_sea")} as sea, ${sum("fuel_t")} as fuel_t,
    ${sum("stw_kn_hours")} as stw_kn_hours, ${sum("stw_hours")} as stw_hours`);
}

/**
 * The trim analysis' samples, each hour classified by its own means (a day rarely holds more than one
 * trim, an hour holds one): for short ranges the UTC hours that start in the range (rollup `trim_hourly`);
 * for long ones (daily resolution, whole days) the hours pooled per day and sailing condition: draught bin,
 * speed bin and 0.1 m trim class (rollup `trim_daily`, a few samples a day instead of 24). Each sample has
 * a mean trim and draught from the trim records and is spent at sea (as `speedFuelAt`: ≥ 90 % of the hour at sea, mean STW ≥ 3 kn,
 * fuel burnt). Fuel rate = 24 · fuel / hours at sea (t/day), brought to the reference displacement.
 */
export async function trimSamples(ctx: AnalysisContext): Promise<(TrimSample & { t: number })[]> {
  const { db, orgId, ship, range } = ctx;
  const hourly = range.resolution === "hourly";
  const res = await db.execute(sql`with h as (
      select hour, ${consumerSums(range.consumers)},
        case when trim_n > 0 then trim_sum / trim_n end as trim,
        case when draught_n > 0 then draught_sum / draught_n end as draught,
        case when displacement_n > 0 then displacement_sum / displacement_n end as displacement
      from ${hourly ? sql`trim_hourly` : sql`(select (day::timestamp at time zone 'UTC') as hour, * from trim_daily) d`}
      where org_id = ${orgId} and ship_id = ${ship.id}
        and hour >= ${range.from.toISOString()}::timestamptz and hour < ${range.to.toISOString()}::timestamptz),
    s as (
      select hour, stw_kn_hours / stw_hours as stw, 24 * fuel_t / sea as fuel_rate, trim, draught, displacement
      from h
      where hours > 0 and sea >= ${AT_SEA_SHARE_FOR_FIT} * hours and stw_hours > 0
        and stw_kn_hours / stw_hours >= ${MIN_FIT_SPEED_KN} and fuel_t > 0
        and trim is not null and draught > 0
      order by hour)
    select (select avg(displacement) from h where displacement > 0) as mean_displacement,
      (select json_build_object('t', coalesce(json_agg(extract(epoch from hour)::float8), '[]'),
        'stw', coalesce(json_agg(stw), '[]'), 'fuel', coalesce(json_agg(fuel_rate), '[]'),
        'trim', coalesce(json_agg(trim), '[]'), 'draught', coalesce(json_agg(draught), '[]'),
        'disp', coalesce(json_agg(displacement), '[]')) from s) as c`);
  const row = res.rows[0] as {
    mean_displacement: number | null;
    c: {
      t: number[];
      stw: number[];
      fuel: number[];
      trim: number[];
      draught: number[];
      disp: (number | null)[];
    };
  };
  const c = row.c;
  const reference =
    ship.referenceDisplacementT ?? (row.mean_displacement === null ? null : Number(row.mean_displacement));
  return c.t.map((t, i) => {
    const d = c.disp[i] ?? null;
    // Within a draught bin the displacement still varies; bring the fuel to one displacement (admiralty
    // law, domain powerAtReferenceDisplacement) so that the trim effect is not hidden by the loading.
    const fuel =
      reference !== null && d !== null && d > 0
        ? powerAtReferenceDisplacement(c.fuel[i]!, d, reference)
        : c.fuel[i]!;
    // trims to the millimetre: pooled means of one trim differ in the last bits, and the domain counts
    // distinct trims exactly (three 'distinct' equal trims make an ill-conditioned parabola)
    return {
      t,
      trimM: Math.round(c.trim[i]! * 1000) / 1000,
      meanDraughtM: c.draught[i]!,
      speedKn: c.stw[i]!,
      fuelTonnesPerDay: fuel,
    };
  });
}

function fittedExponent(samples: TrimSample[]): number | null {
  if (new Set(samples.map((s) => s.speedKn)).size < 2) return null;
  const n = fitSpeedFuelCurve(
    samples.map((s) => ({ speedKn: s.speedKn, fuelTonnesPerDay: s.fuelTonnesPerDay })),
  ).n;
  return Number.isFinite(n) && n > 0 ? n : null;
}

export async function trimOptimization(
  ctx: AnalysisContext,
): Promise<SectionResponse<"engine-trim-optimization">> {
  const samples = await trimSamples(ctx);
  // The fuel of each sample is brought to its bin's centre speed with FC ∝ Vⁿ: n fitted on these samples
  // (domain fitSpeedFuelCurve) when they span speeds, else the domain's default (cube law).
  const speedExponent = fittedExponent(samples);
  const bins = analyseTrim(samples, speedExponent === null ? {} : { speedExponent });
  const last = samples[samples.length - 1];
  const current = last
    ? {
        meanDraughtM: last.meanDraughtM,
        speedKn: last.speedKn,
        trimM: last.trimM,
        at: new Date(last.t * 1000).toISOString(),
      }
    : null;
  const rec = last
    ? recommendTrim(
        bins,
        {
          meanDraughtM: last.meanDraughtM,
          speedKn: last.speedKn,
          currentTrimM: last.trimM,
        },
        speedExponent === null ? {} : { speedExponent },
      )
    : null;
  return {
    section: "engine-trim-optimization",
    status: "ready",
    shipId: ctx.ship.id,
    range: presentRange(ctx.range),
    bins: bins.map((b) => {
      const { min, max } = b.observedTrimRangeM;
      const trims = Array.from(
        { length: CURVE_POINTS },
        (_, i) => min + ((max - min) * i) / (CURVE_POINTS - 1),
      );
      return {
        draughtFromM: b.draughtFromM,
        draughtToM: b.draughtToM,
        speedFromKn: b.speedFromKn,
        speedToKn: b.speedToKn,
        sampleCount: b.sampleCount,
        model: b.model.kind,
        optimumTrimM: b.optimumTrimM,
        fuelAtOptimumTonnesPerDay: b.fuelAtOptimumTonnesPerDay,
        curve: { trimM: trims, penaltyPercent: trims.map((t) => trimPenaltyPercent(b, t)) },
      };
    }),
    current,
    recommendation: rec
      ? {
          optimumTrimM: rec.optimumTrimM,
          expectedSavingPercent: rec.expectedSavingPercent,
          expectedSavingTonnesPerDay: rec.expectedSavingTonnesPerDay,
          method: rec.method,
        }
      : null,
    summary: { sampleCount: samples.length, binCount: bins.length },
  };
}
