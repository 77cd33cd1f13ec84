/**
 * Keyset pages of the organisation-wide lists (contract: src/contracts/pagination.ts). A list is ordered by
 * one sort column then the id in the same direction, so `(sort, id) > (after, id)` (or `<` when descending)
 * starts the next page where the previous one ended, on the list's index, whatever the page's depth.
 */
import { type AnyColumn, asc, desc, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { FastifyReply } from "fastify";
import { encodeCursor, type PageCursor, type PageInfo, type PageQuery } from "../../contracts/pagination";
import { PAGE_HEADERS } from "../../contracts/wire-constants";
import type { Db } from "../db/client";

export type KeysetOrder = { sort: AnyColumn; id: AnyColumn; direction: "asc" | "desc" };

/** The condition that starts a page after the cursor (undefined on the first page). */
export function afterCursor(order: KeysetOrder, cursor: PageCursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const op = order.direction === "asc" ? sql`>` : sql`<`;
  return sql`(${order.sort}, ${order.id}) ${op} (${cursor.after}, ${cursor.id})`;
}

/** The ORDER BY of a keyset list. */
export function keysetOrderBy(order: KeysetOrder): SQL[] {
  const dir = order.direction === "asc" ? asc : desc;
  return [dir(order.sort), dir(order.id)];
}

/**
 * A page from rows fetched with `limit + 1` (the extra row only tells that a next page exists).
 * `position` gives a row's sort value and id (dates as ISO strings, which PostgreSQL reads back exactly).
 */
export function pageOf<R>(
  rows: R[],
  query: PageQuery,
  total: number,
  position: (row: R) => { after: string | number | Date; id: number },
): { items: R[]; page: PageInfo } {
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  const more = rows.length > query.limit && last !== undefined;
  let nextCursor: string | null = null;
  if (more) {
    const { after, id } = position(last);
    nextCursor = encodeCursor({ after: after instanceof Date ? after.toISOString() : after, id });
  }
  return { items, page: { nextCursor, total } };
}

/** Sets the page headers every paged answer carries (PAGE_HEADERS). */
export function sendPageHeaders(reply: FastifyReply, page: PageInfo): void {
  reply.header(PAGE_HEADERS.total, String(page.total));
  if (page.nextCursor) reply.header(PAGE_HEADERS.nextCursor, page.nextCursor);
}

/** The rows of a list's table matching its condition (without the cursor's), as a number. */
export function countWhere(db: Db, table: PgTable, where: SQL | undefined) {
  return db.select({ n: sql<number>`count(*)::int` }).from(table).where(where);
}

/** A page: the list's query (`limit + 1` rows from the cursor on) and its count, run at once. */
export async function keysetPage<R>(
  rows: PromiseLike<R[]>,
  count: PromiseLike<{ n: number }[]>,
  query: PageQuery,
  position: (row: R) => { after: string | number | Date; id: number },
): Promise<{ items: R[]; page: PageInfo }> {
  const [list, [total]] = await Promise.all([rows, count]);
  return pageOf(list, query, total?.n ?? 0, position);
}
