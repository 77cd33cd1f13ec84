/**
 * The only code that reads and writes charter-party terms; every query is scoped by the caller's organisation.
 * A voyage's own terms have its voyage id; a ship's default for a condition has none.
 */
import { and, desc, eq, exists, isNull, or, sql } from "drizzle-orm";
import type { CharterPartyTermsBody } from "../../contracts/charter-party";
import type { Voyage } from "../../contracts/voyages";
import type { CpCondition } from "../../domain/charter-party/terms";
import type { Db } from "../db/client";
import { charterPartyTerms, voyages } from "../db/schema";
import { presentVoyage } from "../voyages/voyages.repository";

export type StoredTerms = { body: CharterPartyTermsBody; condition: CpCondition; source: "voyage" | "ship" };

/** The terms set on the voyage, else null. */
export async function voyageTerms(db: Db, orgId: number, voyageId: number): Promise<StoredTerms | null> {
  const [row] = await db
    .select()
    .from(charterPartyTerms)
    .where(and(eq(charterPartyTerms.orgId, orgId), eq(charterPartyTerms.voyageId, voyageId)));
  return row ? { body: row.terms, condition: row.condition, source: "voyage" } : null;
}

/** The ship's default terms per condition. */
export async function shipTerms(
  db: Db,
  orgId: number,
  shipId: number,
): Promise<Map<CpCondition, StoredTerms>> {
  const rows = await db
    .select()
    .from(charterPartyTerms)
    .where(
      and(
        eq(charterPartyTerms.orgId, orgId),
        eq(charterPartyTerms.shipId, shipId),
        isNull(charterPartyTerms.voyageId),
      ),
    );
  return new Map(
    rows.map((r) => [r.condition, { body: r.terms, condition: r.condition, source: "ship" as const }]),
  );
}

/** Sets the voyage's terms (replacing earlier ones): one row per voyage. */
export async function putVoyageTerms(
  db: Db,
  orgId: number,
  shipId: number,
  voyageId: number,
  body: CharterPartyTermsBody,
  condition: CpCondition,
): Promise<void> {
  await db
    .insert(charterPartyTerms)
    .values({ orgId, shipId, voyageId, condition, terms: body })
    .onConflictDoUpdate({
      target: [charterPartyTerms.orgId, charterPartyTerms.voyageId],
      targetWhere: sql`voyage_id is not null`,
      set: { condition, terms: body, updatedAt: new Date() },
    });
}

/** Sets the ship's default for a condition. */
export async function putShipTerms(
  db: Db,
  orgId: number,
  shipId: number,
  condition: CpCondition,
  body: CharterPartyTermsBody,
): Promise<void> {
  await db
    .insert(charterPartyTerms)
    .values({ orgId, shipId, voyageId: null, condition, terms: body })
    .onConflictDoUpdate({
      target: [charterPartyTerms.orgId, charterPartyTerms.shipId, charterPartyTerms.condition],
      targetWhere: sql`voyage_id is null`,
      set: { terms: body, updatedAt: new Date() },
    });
}

/** Removes the voyage's own terms (the ship's default applies again); whether there were any. */
export async function deleteVoyageTerms(db: Db, orgId: number, voyageId: number): Promise<boolean> {
  const res = await db
    .delete(charterPartyTerms)
    .where(and(eq(charterPartyTerms.orgId, orgId), eq(charterPartyTerms.voyageId, voyageId)))
    .returning({ id: charterPartyTerms.id });
  return res.length > 0;
}

/**
 * The organisation's active voyages that may have terms (their own, or a default of their ship for either
 * condition), latest departure first: one query, so that a fleet without terms costs nothing more. Which
 * terms apply (the condition) is `applicableTerms`'s to say.
 */
export async function activeVoyagesWithTerms(db: Db, orgId: number): Promise<Voyage[]> {
  const rows = await db
    .select()
    .from(voyages)
    .where(
      and(
        eq(voyages.orgId, orgId),
        eq(voyages.status, "active"),
        exists(
          db
            .select({ one: sql`1` })
            .from(charterPartyTerms)
            .where(
              and(
                eq(charterPartyTerms.orgId, orgId),
                or(
                  eq(charterPartyTerms.voyageId, voyages.id),
                  and(isNull(charterPartyTerms.voyageId), eq(charterPartyTerms.shipId, voyages.shipId)),
                ),
              ),
            ),
        ),
      ),
    )
    .orderBy(desc(voyages.departureDate), desc(voyages.id));
  return rows.map(presentVoyage);
}
