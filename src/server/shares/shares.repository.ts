/**
 * The only code that reads and writes share links and the organisation's embed origins. A link is looked up
 * by the SHA-256 of its token on every request, never cached: revoking it (or its expiry) takes effect on
 * the next request in every process (unlike sessions, src/server/auth/session-cache.ts, whose cache is
 * emptied by notifications; a share view is a few requests, not thousands).
 */
import { and, eq, sql } from "drizzle-orm";
import type { PageInfo, PageQuery } from "../../contracts/pagination";
import type { ShareFilters, ShareLink } from "../../contracts/shares";
import { DAY_MS } from "../../domain/time/units";
import { digest, newToken } from "../auth/sessions";
import type { Db } from "../db/client";
import { orgSettings, shareLinks, ships, users } from "../db/schema";
import { notFound } from "../http/errors";
import { afterCursor, countWhere, type KeysetOrder, keysetOrderBy, keysetPage } from "../http/pagination";
import { getShipProfile } from "../ships/ships.repository";

/** Creates a link to the caller's ship (404 for another organisation's); answers the token once. */
export async function createShare(
  db: Db,
  orgId: number,
  userId: number,
  input: { shipId: number; filters: ShareFilters; expiresInDays: number },
  now = new Date(),
) {
  await getShipProfile(db, orgId, input.shipId);
  const token = newToken();
  const expiresAt = new Date(now.getTime() + input.expiresInDays * DAY_MS);
  const [row] = await db
    .insert(shareLinks)
    .values({
      orgId,
      shipId: input.shipId,
      tokenHash: digest(token),
      filters: input.filters,
      createdBy: userId,
      expiresAt,
    })
    .returning({ id: shareLinks.id });
  return { id: row!.id, token, expiresAt };
}

const shareOrder: KeysetOrder = { sort: shareLinks.id, id: shareLinks.id, direction: "desc" };

/** A page of the organisation's links, newest first (ids follow creation), with their state. */
export async function listShares(
  db: Db,
  orgId: number,
  query: PageQuery,
  now = new Date(),
): Promise<{ shares: ShareLink[] } & PageInfo> {
  const list = db
    .select({
      link: shareLinks,
      shipName: ships.name,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(shareLinks)
    .innerJoin(ships, and(eq(ships.orgId, shareLinks.orgId), eq(ships.id, shareLinks.shipId)))
    .leftJoin(users, eq(users.id, shareLinks.createdBy))
    .where(and(eq(shareLinks.orgId, orgId), afterCursor(shareOrder, query.cursor)))
    .orderBy(...keysetOrderBy(shareOrder))
    .limit(query.limit + 1);
  const { items, page } = await keysetPage(
    list,
    countWhere(db, shareLinks, eq(shareLinks.orgId, orgId)),
    query,
    (r) => ({ after: r.link.id, id: r.link.id }),
  );
  const shares = items.map(
    ({ link, shipName, firstName, lastName }): ShareLink => ({
      id: link.id,
      shipId: link.shipId,
      shipName,
      filters: link.filters as ShareFilters,
      createdAt: link.createdAt.toISOString(),
      expiresAt: link.expiresAt.toISOString(),
      revokedAt: link.revokedAt?.toISOString() ?? null,
      status: link.revokedAt ? "revoked" : link.expiresAt <= now ? "expired" : "active",
      views: link.views,
      lastViewedAt: link.lastViewedAt?.toISOString() ?? null,
      createdBy: firstName ? [firstName, lastName].filter(Boolean).join(" ") : null,
    }),
  );
  return { shares, ...page };
}

/** Revokes a link of the organisation at once (404 for another organisation's or a missing one). */
export async function revokeShare(db: Db, orgId: number, id: number): Promise<void> {
  const rows = await db
    .update(shareLinks)
    .set({ revokedAt: sql`coalesce(${shareLinks.revokedAt}, now())` })
    .where(and(eq(shareLinks.orgId, orgId), eq(shareLinks.id, id)))
    .returning({ id: shareLinks.id });
  if (rows.length === 0) throw notFound("Share link");
}

export type OpenShare = { orgId: number; shipId: number; filters: ShareFilters };

/**
 * The link a token opens, or 404 (unknown, revoked or expired alike). `countView` counts the view in the
 * same statement (the dashboard call; the page's further calls do not count).
 */
export async function openShare(db: Db, token: string, countView: boolean): Promise<OpenShare> {
  const live = and(
    eq(shareLinks.tokenHash, digest(token)),
    sql`${shareLinks.revokedAt} is null`,
    sql`${shareLinks.expiresAt} > now()`,
  );
  const columns = { orgId: shareLinks.orgId, shipId: shareLinks.shipId, filters: shareLinks.filters };
  const [row] = countView
    ? await db
        .update(shareLinks)
        .set({ views: sql`${shareLinks.views} + 1`, lastViewedAt: sql`now()` })
        .where(live)
        .returning(columns)
    : await db.select(columns).from(shareLinks).where(live);
  if (!row) throw notFound("Share link");
  return { ...row, filters: row.filters as ShareFilters };
}

/** Origins allowed to frame the organisation's embeddable share views. */
export async function getEmbedOrigins(db: Db, orgId: number): Promise<string[]> {
  const [row] = await db
    .select({ origins: orgSettings.embedOrigins })
    .from(orgSettings)
    .where(eq(orgSettings.orgId, orgId));
  return row?.origins ?? [];
}

export async function setEmbedOrigins(db: Db, orgId: number, origins: string[]): Promise<void> {
  const unique = [...new Set(origins.map((o) => o.toLowerCase()))];
  await db
    .insert(orgSettings)
    .values({ orgId, embedOrigins: unique })
    .onConflictDoUpdate({ target: orgSettings.orgId, set: { embedOrigins: unique, updatedAt: new Date() } });
}
