/** The latest hull record and trim of a ship within a range (the sidebar's hull and trim figures). */
import { and, desc, eq, gte, lt } from "drizzle-orm";
import { trimFromDraughts } from "../../domain/performance/trim-analysis";
import type { Db } from "../db/client";
import { hullCondition, trimData } from "../db/schema";

type Range = { from: Date; to: Date };

const inRange = <T extends typeof hullCondition | typeof trimData>(
  t: T,
  orgId: number,
  shipId: number,
  r: Range,
) => and(eq(t.orgId, orgId), eq(t.shipId, shipId), gte(t.ts, r.from), lt(t.ts, r.to));

/** The range's latest hull record's figures, or null. */
export async function latestHullInRange(db: Db, orgId: number, shipId: number, r: Range) {
  const [row] = await db
    .select({
      roughnessIndex: hullCondition.roughnessIndex,
      hullEfficiency: hullCondition.hullEfficiency,
    })
    .from(hullCondition)
    .where(inRange(hullCondition, orgId, shipId, r))
    .orderBy(desc(hullCondition.ts))
    .limit(1);
  return row ?? null;
}

/** The range's latest trim record's trim (aft − fore draught when not reported), m; null without one. */
export async function latestTrimInRange(
  db: Db,
  orgId: number,
  shipId: number,
  r: Range,
): Promise<number | null> {
  const [row] = await db
    .select({ trimM: trimData.trimM, fore: trimData.draughtForeM, aft: trimData.draughtAftM })
    .from(trimData)
    .where(inRange(trimData, orgId, shipId, r))
    .orderBy(desc(trimData.ts))
    .limit(1);
  if (!row) return null;
  return row.trimM ?? (row.aft !== null && row.fore !== null ? trimFromDraughts(row.fore, row.aft) : null);
}
