/** Per-bucket fuel sums of a span, columnar (one array per FuelSums field, aligned with `t`). */
import { sql } from "drizzle-orm";
import type { PricedSpanInput } from "../../domain/cost/fuel-pricing";
import { parseFuelType } from "../../domain/fuels/fuel-types";
import { FUEL_SUM_FIELDS, type FuelSums } from "../../domain/records/fuel-sums";
import type { Db } from "../db/client";
import { type Columns, columnar } from "./columnar";
import { fuelRows, perBucket } from "./fuel-rows";
import type { Span } from "./span";

export type FuelBuckets = Columns<(typeof FUEL_SUM_FIELDS)[number]>;
/** Per bucket also the fuel per fuel type (`byType`: fuel type → t). */
export type FuelBucketsByType = FuelBuckets & { byType: Record<string, number>[] };

/** Per-bucket fuel sums of one ship over a span. */
export function fuelBuckets(db: Db, orgId: number, shipId: number, s: Span): Promise<FuelBuckets> {
  return columnar(db, perBucket(fuelRows(orgId, shipId, s)), FUEL_SUM_FIELDS);
}

/**
 * Per-bucket fuel sums of a span and, per bucket, the fuel per fuel type: one read of the fuel rows for
 * both (the sidebar prices the buckets and sums them).
 */
export async function fuelBucketsByType(
  db: Db,
  orgId: number,
  shipId: number,
  s: Span,
): Promise<FuelBucketsByType> {
  const c = await columnar(
    db,
    sql`(with r as materialized ${fuelRows(orgId, shipId, s)}
      select b.*, x.by_type from ${perBucket(sql`r`)} b
      left join (select t, json_object_agg(fuel_type, fuel_t) as by_type
        from (select t, fuel_type, sum(fuel_t) as fuel_t from r group by 1, 2) y group by t) x using (t))`,
    [...FUEL_SUM_FIELDS, "byType"] as const,
  );
  return c as unknown as FuelBucketsByType;
}

/** The sums of bucket `i`. */
export function bucketSums(b: FuelBuckets, i: number): FuelSums {
  const out = {} as FuelSums;
  for (const f of FUEL_SUM_FIELDS) out[f] = Number(b[f][i] ?? 0);
  return out;
}

/** The span's sums from its buckets (the same figures as `fuelTotals`). */
export function sumOfBuckets(b: FuelBuckets): FuelSums {
  const out = {} as FuelSums;
  for (const f of FUEL_SUM_FIELDS) out[f] = b[f].reduce((a, x) => a + Number(x ?? 0), 0);
  return out;
}

/** The buckets as spans to price (domain `priceSpans`): start, fuel per type, distance. */
export function pricedSpansOf(b: FuelBucketsByType): PricedSpanInput[] {
  return b.t.map((t, i) => ({
    t,
    fuels: Object.entries(b.byType[i] ?? {}).map(([fuelType, tonnes]) => ({
      fuelType: parseFuelType(fuelType),
      tonnes,
    })),
    distanceNm: Number(b.distanceNm[i] ?? 0),
  }));
}
