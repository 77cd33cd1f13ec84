/**
 * Column mappings of noon-report sheets remembered per organisation under their header signature
 * (`noon_mappings`): the upload applies a remembered one to a later file with the same headers, the Column
 * Mapping tab lists, edits and deletes them. Every query is scoped by the caller's organisation.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { SavedNoonMapping } from "../../../contracts/noon-reports";
import { headerSignature } from "../../../domain/noon-reports";
import type { Db } from "../../db/client";
import { noonMappings } from "../../db/schema";
import { notFound } from "../../http/errors";

type Queryable = Pick<Db, "select" | "insert" | "delete">;

const view = (r: typeof noonMappings.$inferSelect): SavedNoonMapping => ({
  signature: r.signature,
  headers: r.headers,
  columnMappings: r.columnMappings,
  updatedAt: r.updatedAt.toISOString(),
});

export async function listNoonMappings(db: Queryable, orgId: number): Promise<SavedNoonMapping[]> {
  const rows = await db
    .select()
    .from(noonMappings)
    .where(eq(noonMappings.orgId, orgId))
    .orderBy(asc(noonMappings.updatedAt));
  return rows.map(view);
}

export async function findNoonMapping(
  db: Queryable,
  orgId: number,
  signature: string,
): Promise<Record<string, string> | undefined> {
  const [row] = await db
    .select({ columnMappings: noonMappings.columnMappings })
    .from(noonMappings)
    .where(and(eq(noonMappings.orgId, orgId), eq(noonMappings.signature, signature)));
  return row?.columnMappings;
}

/** Remembers (or replaces) the mapping of a header row; answers it with its signature. */
export async function saveNoonMapping(
  db: Queryable,
  orgId: number,
  headers: string[],
  columnMappings: Record<string, string>,
): Promise<SavedNoonMapping> {
  const signature = headerSignature(headers);
  const [row] = await db
    .insert(noonMappings)
    .values({ orgId, signature, headers, columnMappings })
    .onConflictDoUpdate({
      target: [noonMappings.orgId, noonMappings.signature],
      set: { headers, columnMappings, updatedAt: sql`now()` },
    })
    .returning();
  return view(row!);
}

/** Forgets a mapping; 404 when the organisation has none under that signature (another's included). */
export async function deleteNoonMapping(db: Queryable, orgId: number, signature: string): Promise<void> {
  const gone = await db
    .delete(noonMappings)
    .where(and(eq(noonMappings.orgId, orgId), eq(noonMappings.signature, signature)))
    .returning({ signature: noonMappings.signature });
  if (gone.length === 0) throw notFound("Column mapping");
}
