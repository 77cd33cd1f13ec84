/** The organisation's settings the analysis reads: its fuel pricing and its EEOI target (settings repository). */
import { type Pricing, pricingOf } from "../../domain/cost/fuel-pricing";
import { DEFAULT_HULL_CLEANING_COST } from "../../domain/hull/cleaning-decision";
import type { Db } from "../db/client";
import { datedPrices, getOrgSettings, listFuelPrices } from "../settings/settings.repository";

/** The organisation's dated fuel prices as a domain Pricing (the specification's default while it has none). */
export async function loadPricing(db: Db, orgId: number): Promise<Pricing> {
  const table = await listFuelPrices(db, orgId);
  return pricingOf(datedPrices(table), table.currency);
}

/** The organisation's EEOI target, g CO2/(t·nm), or null when it has set none. */
export async function loadEeoiTarget(db: Db, orgId: number): Promise<number | null> {
  return (await getOrgSettings(db, orgId)).eeoiTarget;
}

/** The organisation's hull cleaning cost, or the documented default (domain DEFAULT_HULL_CLEANING_COST). */
export async function loadHullCleaningCost(
  db: Db,
  orgId: number,
): Promise<{ cost: number; isDefault: boolean }> {
  const c = (await getOrgSettings(db, orgId)).hullCleaningCost;
  return { cost: c ?? DEFAULT_HULL_CLEANING_COST, isDefault: c === null };
}
