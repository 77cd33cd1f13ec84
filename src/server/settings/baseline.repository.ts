/** Ship baselines (shop-test SFOC, speed–power curve, reference displacement, pitch), scoped by organisation. */

import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { ShipBaselineResponse, shipBaselineBody } from "../../contracts/analysis/baselines";
import { DAY_MS } from "../../domain/time/units";
import type { Db } from "../db/client";
import { ships } from "../db/schema";
import { notifyShipChanged } from "../events/data-written";
import { notFound } from "../http/errors";

/** spec §4 / §9: a baseline older than 90 days 'Needs Refresh'. */
export const BASELINE_STALE_DAYS = 90;

export async function getBaseline(
  db: Db,
  orgId: number,
  shipId: number,
  now: Date,
): Promise<ShipBaselineResponse> {
  const [row] = await db
    .select()
    .from(ships)
    .where(and(eq(ships.orgId, orgId), eq(ships.id, shipId)));
  if (!row) throw notFound("Ship");
  const updated = row.baselineUpdatedAt;
  return {
    shipId: row.id,
    shopTestSfoc: row.shopTestSfoc
      ? [...row.shopTestSfoc].sort((a, b) => a.loadPercent - b.loadPercent)
      : null,
    speedPowerCurve: row.speedPowerCurve
      ? [...row.speedPowerCurve].sort((a, b) => a.speedKn - b.speedKn)
      : null,
    referenceDisplacementT: row.referenceDisplacementT,
    propellerPitchM: row.propellerPitchM,
    baselineUpdatedAt: updated?.toISOString() ?? null,
    baselineStatus: updated
      ? now.getTime() - updated.getTime() > BASELINE_STALE_DAYS * DAY_MS
        ? "Needs Refresh"
        : "Current"
      : null,
  };
}

export async function updateBaseline(
  db: Db,
  orgId: number,
  shipId: number,
  body: z.output<typeof shipBaselineBody>,
  now: Date,
): Promise<void> {
  const set: Partial<typeof ships.$inferInsert> = { baselineUpdatedAt: now, updatedAt: now };
  if (body.shopTestSfoc !== undefined) set.shopTestSfoc = body.shopTestSfoc;
  if (body.speedPowerCurve !== undefined) set.speedPowerCurve = body.speedPowerCurve;
  if (body.referenceDisplacementT !== undefined) set.referenceDisplacementT = body.referenceDisplacementT;
  if (body.propellerPitchM !== undefined) set.propellerPitchM = body.propellerPitchM;
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(ships)
      .set(set)
      .where(and(eq(ships.orgId, orgId), eq(ships.id, shipId)))
      .returning({ id: ships.id });
    if (updated.length === 0) throw notFound("Ship");
    await notifyShipChanged(tx, orgId, shipId);
  });
}
