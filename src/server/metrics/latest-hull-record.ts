/** A ship's latest hull record before an instant, with every figure the Hull Condition section shows. */
import { and, desc, eq, lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { hullCondition } from "../db/schema";

export async function latestHullRecord(db: Db, orgId: number, shipId: number, before: Date) {
  const [row] = await db
    .select({
      ts: hullCondition.ts,
      roughnessIndex: hullCondition.roughnessIndex,
      hullEfficiency: hullCondition.hullEfficiency,
      propellerSlip: hullCondition.propellerSlip,
    })
    .from(hullCondition)
    .where(
      and(eq(hullCondition.orgId, orgId), eq(hullCondition.shipId, shipId), lt(hullCondition.ts, before)),
    )
    .orderBy(desc(hullCondition.ts))
    .limit(1);
  return row ?? null;
}
