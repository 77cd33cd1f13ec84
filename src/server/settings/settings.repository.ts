/** Organisation settings the analytics read: the dated fuel price table, the currency and the EEOI target. */

import { asc, eq } from "drizzle-orm";
import type { FuelPricesResponse } from "../../contracts/analysis/settings";
import { type DatedFuelPrice, SPEC_DEFAULT_FUEL_PRICE_PER_TONNE } from "../../domain/cost/price-table";
import { parseFuelType } from "../../domain/fuels/fuel-types";
import { bumpOrganisationVersion } from "../cache/data-version";
import type { Db } from "../db/client";
import { fuelPrices, orgSettings } from "../db/schema";

export async function getOrgSettings(db: Db, orgId: number) {
  const [row] = await db.select().from(orgSettings).where(eq(orgSettings.orgId, orgId));
  return {
    eeoiTarget: row?.eeoiTarget ?? null,
    currency: row?.currency ?? "USD",
    hullCleaningCost: row?.hullCleaningCost ?? null,
    euaPrice: row?.euaPrice ?? null,
    excludeFlaggedReports: row?.excludeFlaggedReports ?? false,
  };
}

export async function listFuelPrices(db: Db, orgId: number): Promise<FuelPricesResponse> {
  const [rows, settings] = await Promise.all([
    db
      .select()
      .from(fuelPrices)
      .where(eq(fuelPrices.orgId, orgId))
      .orderBy(asc(fuelPrices.fuelType), asc(fuelPrices.validFrom)),
    getOrgSettings(db, orgId),
  ]);
  return {
    currency: settings.currency,
    prices: rows.map((r) => ({
      fuelType: parseFuelType(r.fuelType),
      pricePerTonne: r.pricePerTonne,
      validFrom: r.validFrom,
    })),
    initialPricePerTonne: SPEC_DEFAULT_FUEL_PRICE_PER_TONNE,
    usingInitialPrice: rows.length === 0,
  };
}

/** The price table in the domain's shape (`effectiveFrom` = midnight UTC of `validFrom`). */
export function datedPrices(table: FuelPricesResponse): DatedFuelPrice[] {
  return table.prices.map((p) => ({
    fuelType: p.fuelType,
    effectiveFrom: new Date(`${p.validFrom}T00:00:00Z`),
    pricePerTonne: p.pricePerTonne,
  }));
}

export async function replaceFuelPrices(
  db: Db,
  orgId: number,
  prices: { fuelType: string; pricePerTonne: number; validFrom: string }[],
  currency: string | undefined,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(fuelPrices).where(eq(fuelPrices.orgId, orgId));
    if (prices.length > 0) await tx.insert(fuelPrices).values(prices.map((p) => ({ ...p, orgId })));
    if (currency)
      await tx
        .insert(orgSettings)
        .values({ orgId, currency })
        .onConflictDoUpdate({ target: orgSettings.orgId, set: { currency, updatedAt: new Date() } });
    await bumpOrganisationVersion(tx, orgId);
  });
}

type FigureSetting = Partial<
  Pick<typeof orgSettings.$inferInsert, "eeoiTarget" | "hullCleaningCost" | "euaPrice">
>;

/** Sets settings that change the figures of every ship: their cached answers are stale (decision 020). */
async function setFigureSetting(db: Db, orgId: number, values: FigureSetting): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(orgSettings)
      .values({ orgId, ...values })
      .onConflictDoUpdate({ target: orgSettings.orgId, set: { ...values, updatedAt: new Date() } });
    await bumpOrganisationVersion(tx, orgId);
  });
}

export function setEeoiTarget(db: Db, orgId: number, eeoiTarget: number | null): Promise<void> {
  return setFigureSetting(db, orgId, { eeoiTarget });
}

export function setHullCleaningCost(db: Db, orgId: number, hullCleaningCost: number | null): Promise<void> {
  return setFigureSetting(db, orgId, { hullCleaningCost });
}

/** The organisation's EU ETS allowance price (currency of its settings per EUA); null clears it. */
export function setEuaPrice(db: Db, orgId: number, euaPrice: number | null): Promise<void> {
  return setFigureSetting(db, orgId, { euaPrice });
}
