/**
 * A ship's latest records up to an instant (exclusive), one query per record type: what the hull calculator
 * section is prefilled with. Each reads one row backwards along the series key `(org_id, ship_id, ts)`.
 */
import { and, desc, eq, gt, isNotNull, lt } from "drizzle-orm";
import { AT_SEA_MIN_STW_KN } from "../../domain/records/record-arithmetic";
import type { Db } from "../db/client";
import { environmentalData, fuelData, hullCondition, trimData } from "../db/schema";

/** The main engine's latest record at sea (speed through water above AT_SEA_MIN_STW_KN) with a power. */
export async function latestMainFuelAtSea(db: Db, orgId: number, shipId: number, before: Date) {
  const [row] = await db
    .select({
      ts: fuelData.ts,
      enginePowerKw: fuelData.enginePower,
      speedKn: fuelData.speedThroughWater,
      fuelRateTPerDay: fuelData.fuelConsumptionRate,
      reportedSfoc: fuelData.sfoc,
      loadPercent: fuelData.engineLoadFactor,
      fuelType: fuelData.fuelType,
    })
    .from(fuelData)
    .where(
      and(
        eq(fuelData.orgId, orgId),
        eq(fuelData.shipId, shipId),
        eq(fuelData.consumer, "main"),
        lt(fuelData.ts, before),
        gt(fuelData.speedThroughWater, AT_SEA_MIN_STW_KN),
        isNotNull(fuelData.enginePower),
      ),
    )
    .orderBy(desc(fuelData.ts))
    .limit(1);
  return row ?? null;
}

export async function latestEnvironmental(db: Db, orgId: number, shipId: number, before: Date) {
  const [row] = await db
    .select({
      ts: environmentalData.ts,
      windSpeedKn: environmentalData.windSpeed,
      waveHeightM: environmentalData.waveHeight,
      seaState: environmentalData.seaState,
    })
    .from(environmentalData)
    .where(
      and(
        eq(environmentalData.orgId, orgId),
        eq(environmentalData.shipId, shipId),
        lt(environmentalData.ts, before),
      ),
    )
    .orderBy(desc(environmentalData.ts))
    .limit(1);
  return row ?? null;
}

export async function latestTrimRecord(db: Db, orgId: number, shipId: number, before: Date) {
  const [row] = await db
    .select({
      ts: trimData.ts,
      draughtForeM: trimData.draughtForeM,
      draughtAftM: trimData.draughtAftM,
      displacementT: trimData.displacementT,
    })
    .from(trimData)
    .where(and(eq(trimData.orgId, orgId), eq(trimData.shipId, shipId), lt(trimData.ts, before)))
    .orderBy(desc(trimData.ts))
    .limit(1);
  return row ?? null;
}

/** The latest hull record: what the hull calculator section and Hull Condition show of it. */
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
