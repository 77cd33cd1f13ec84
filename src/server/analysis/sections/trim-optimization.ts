/**
 * engine-trim-optimization: fuel against trim per draught × speed bin (domain analyseTrim), the optimum for
 * the current condition and the expected saving (domain recommendTrim). Samples are the range's hours at
 * sea pooled per sailing condition (`trimConditions`), so a ten-year range costs about what a month does.
 */
import { sql } from "drizzle-orm";
import type { TrimOptimizationSectionResponse } from "../../../contracts/analysis/trim-optimization-section";
import { powerAtReferenceDisplacement } from "../../../domain/hull/speed-power-curve";
import { fitSpeedFuelCurve, speedFuelFitQuality } from "../../../domain/performance/speed-fuel-fit";
import {
  analyseTrim,
  recommendTrim,
  type TrimSample,
  trimPenaltyPercent,
} from "../../../domain/performance/trim-analysis";
import { TRIM_ROW_CLASS, TRIM_ROW_CLASSIFIABLE } from "../../rollups/daily-rollup";
import type { AnalysisContext, Consumer } from "../context";
import { presentRange } from "../context";
import { AT_SEA_SHARE_FOR_FIT, MIN_FIT_SPEED_KN } from "./fuel-consumption";

const CURVE_POINTS = 11;

/** Per row of `trim_hourly`/`trim_daily`: the selected consumers' hours, hours at sea, fuel and STW sums. */
function consumerSums(consumers: readonly Consumer[]) {
  const p = consumers.map((c) => (c === "main" ? "main" : "aux"));
  const col = (c: string) => p.map((x) => `${x}_${c}`);
  const greatest = (c: string) => (p.length > 1 ? `greatest(${col(c).join(", ")})` : col(c)[0]!);
  const sum = (c: string) => col(c).join(" + ");
  return sql.raw(`${greatest("hours")} as hours, ${greatest("hours_at_sea")} as sea, ${sum("fuel_t")} as fuel_t,
    ${sum("stw_kn_hours")} as stw_kn_hours, ${sum("stw_hours")} as stw_hours`);
}

/** A row (hour or pooled day-condition) spent at sea, as `speedFuelAt`: ≥ 90 % of it at sea, STW ≥ 3 kn, fuel burnt. */
const AT_SEA = sql.raw(`hours > 0 and sea >= ${AT_SEA_SHARE_FOR_FIT} * hours and stw_hours > 0
  and stw_kn_hours / stw_hours >= ${MIN_FIT_SPEED_KN} and fuel_t > 0`);

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

type Condition = TrimSample & { weight: number; displacementT: number | null };
type Current = { meanDraughtM: number; speedKn: number; trimM: number; at: string };

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
  ctx: AnalysisContext,
): Promise<{ conditions: Condition[]; meanDisplacementT: number | null; current: Current | null }> {
  const { db, orgId, ship, range } = ctx;
  const within = sql`org_id = ${orgId} and ship_id = ${ship.id}`;
  const from = sql`${range.from.toISOString()}::timestamptz`;
  const to = sql`${range.to.toISOString()}::timestamptz`;
  const hourlyRows = sql`
    select hour, ${sql.raw(
      Object.entries(TRIM_ROW_CLASS)
        .map(([c, e]) => `${e} as ${c}`)
        .join(", "),
    )},
      ${consumerSums(range.consumers)}, trim_sum, trim_n, draught_sum, draught_n, displacement_sum, displacement_n
    from trim_hourly
    where ${within} and hour >= ${from} and hour < ${to} and ${sql.raw(TRIM_ROW_CLASSIFIABLE)}`;
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
        from (${rows}) r where ${AT_SEA}
        group by draught_bin, speed_bin, trim_class) c) as c,
      (select row_to_json(l) from (
        select hour, trim_sum / trim_n as trim, draught_sum / draught_n as draught, stw_kn_hours / stw_hours as stw
        from (${hourlyRows}) h where ${AT_SEA} order by hour desc limit 1) l) as latest`);
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

/**
 * The conditions' fuel brought to one displacement (admiralty law, domain powerAtReferenceDisplacement):
 * within a draught bin the displacement still varies, and the loading must not hide the trim effect.
 * The reference is the ship's, else the range's mean.
 */
function atReferenceDisplacement(conditions: Condition[], reference: number | null): TrimSample[] {
  return conditions.map(({ displacementT: d, ...s }) => ({
    ...s,
    fuelTonnesPerDay:
      reference !== null && d !== null && d > 0
        ? powerAtReferenceDisplacement(s.fuelTonnesPerDay, d, reference)
        : s.fuelTonnesPerDay,
  }));
}

/**
 * The speed exponent to normalise fuel with: fitted on the samples (domain fitSpeedFuelCurve, weighted by
 * hours) when the fit can be read as the ship's speed law (domain speedFuelFitQuality: speeds spanning 2 kn,
 * a tight exponent), else null for the domain's default, the cube law. Within a narrow span of speeds the
 * trim effect itself would bend a fitted exponent.
 */
function fittedExponent(samples: TrimSample[]): number | null {
  const speeds = samples.map((s) => s.speedKn);
  if (new Set(speeds).size < 3) return null;
  const fit = fitSpeedFuelCurve(samples);
  return speedFuelFitQuality(fit, speeds).reliable && fit.n > 0 ? fit.n : null;
}

export async function trimOptimization(ctx: AnalysisContext): Promise<TrimOptimizationSectionResponse> {
  const { conditions, meanDisplacementT, current } = await trimConditions(ctx);
  const samples = atReferenceDisplacement(conditions, ctx.ship.referenceDisplacementT ?? meanDisplacementT);
  // The fuel of each sample is brought to its bin's centre speed with FC ∝ Vⁿ (see fittedExponent).
  const speedExponent = fittedExponent(samples);
  const options = speedExponent === null ? {} : { speedExponent };
  const bins = analyseTrim(samples, options);
  const rec = current
    ? recommendTrim(
        bins,
        { meanDraughtM: current.meanDraughtM, speedKn: current.speedKn, currentTrimM: current.trimM },
        options,
      )
    : null;
  return {
    section: "engine-trim-optimization",
    status: "ready",
    shipId: ctx.ship.id,
    range: presentRange(ctx.range),
    bins: bins.map((b) => {
      const { min, max } = b.observedTrimRangeM;
      // a parabola sampled over the trims sailed; the observed table at its own points (its corners)
      const trims =
        b.model.kind === "quadratic"
          ? Array.from({ length: CURVE_POINTS }, (_, i) => min + ((max - min) * i) / (CURVE_POINTS - 1))
          : b.model.points.map((p) => p.trimM);
      return {
        draughtFromM: b.draughtFromM,
        draughtToM: b.draughtToM,
        speedFromKn: b.speedFromKn,
        speedToKn: b.speedToKn,
        hoursAtSea: b.totalWeight,
        model: b.model.kind,
        optimumTrimM: b.optimumTrimM,
        fuelAtOptimumTonnesPerDay: b.fuelAtOptimumTonnesPerDay,
        curve: { trimM: trims, penaltyPercent: trims.map((t) => trimPenaltyPercent(b, t)) },
        observed: {
          trimM: b.observed.map((p) => p.trimM),
          penaltyPercent: b.observed.map(
            (p) => (100 * (p.fuelTonnesPerDay - b.fuelAtOptimumTonnesPerDay)) / b.fuelAtOptimumTonnesPerDay,
          ),
          hoursAtSea: b.observed.map((p) => p.weight),
        },
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
    summary: {
      hoursAtSea: samples.reduce((sum, x) => sum + (x.weight ?? 0), 0),
      conditionCount: samples.length,
      binCount: bins.length,
    },
  };
}
