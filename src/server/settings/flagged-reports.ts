/**
 * The organisation's choice to leave flagged noon reports out of the figures (decision 008). The figures read
 * the setting where they are made (metrics/flagged-reports-sql.ts); the daily rollups already made are
 * recomputed here, in the transaction that changes it, so no figure ever mixes the two choices.
 */

import { sql } from "drizzle-orm";
import type { ExcludeFlaggedReportsResponse } from "../../contracts/analysis/settings";
import { bumpOrganisationVersion } from "../cache/data-version";
import type { Db } from "../db/client";
import { orgSettings } from "../db/schema";
import { lockShipRollups } from "../rollups/daily-rollup";
import { WrittenSpans } from "../rollups/written-spans";
import { getOrgSettings } from "./settings.repository";

export async function excludeFlaggedReportsView(
  db: Db,
  orgId: number,
): Promise<ExcludeFlaggedReportsResponse> {
  const [settings, count] = await Promise.all([
    getOrgSettings(db, orgId),
    db.execute(sql`select count(*)::int as n from noon_reports where org_id = ${orgId} and flagged`),
  ]);
  return {
    excludeFlaggedReports: settings.excludeFlaggedReports,
    flaggedReports: Number(count.rows[0]?.n ?? 0),
  };
}

/**
 * Sets the choice and recomputes the rollups of the days holding flagged reports, in one transaction. Every
 * ship's rollup lock is taken first (ascending ids, as every writer does): an upload in progress finishes
 * before the flagged reports are listed, and one that starts later computes its days with the new choice.
 */
export async function setExcludeFlaggedReports(db: Db, orgId: number, exclude: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await getOrgSettings(tx as unknown as Db, orgId);
    await tx
      .insert(orgSettings)
      .values({ orgId, excludeFlaggedReports: exclude })
      .onConflictDoUpdate({
        target: orgSettings.orgId,
        set: { excludeFlaggedReports: exclude, updatedAt: new Date() },
      });
    if (before.excludeFlaggedReports === exclude) return;
    const ships = await tx.execute(sql`select id from ships where org_id = ${orgId}`);
    await lockShipRollups(
      tx,
      ships.rows.map((r) => Number(r.id)),
    );
    const flagged = await tx.execute(sql`
      select ship_id, min(ts) as first, max(ts) as last from noon_reports
      where org_id = ${orgId} and flagged group by ship_id`);
    const spans = new WrittenSpans();
    for (const r of flagged.rows) {
      // the tables of a report's records: WrittenSpans refreshes the span and the hours after it
      spans.note("fuel_data", Number(r.ship_id), new Date(r.first as string).getTime());
      spans.note("fuel_data", Number(r.ship_id), new Date(r.last as string).getTime());
    }
    await spans.refresh(tx, orgId);
    await bumpOrganisationVersion(tx, orgId);
  });
}
