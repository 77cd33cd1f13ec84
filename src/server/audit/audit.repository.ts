/** Reads the organisation's audit trail, newest first, one keyset page at a time (by id). */
import { and, desc, eq, gte, like, lt, or, sql } from "drizzle-orm";
import { type AuditPage, RESTORED_KEY, type RestoredFrom, restoredFrom } from "../../contracts/audit";
import type { Db } from "../db/client";
import { auditLog } from "../db/schema";

export type AuditFilter = {
  from?: Date;
  to?: Date;
  actor?: string;
  kind?: string;
  before?: number;
  limit: number;
};

/** `%` and `_` match themselves in a filter typed by a person. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** An entry's details without the restore's mark, and the mark (audit_log has no column for it). */
function splitRestored(details: Record<string, unknown> | null): {
  details: Record<string, unknown> | null;
  restored: RestoredFrom | null;
} {
  const mark = restoredFrom.safeParse(details?.[RESTORED_KEY]);
  if (!details || !mark.success) return { details, restored: null };
  const { [RESTORED_KEY]: _mark, ...rest } = details;
  return { details: Object.keys(rest).length > 0 ? rest : null, restored: mark.data };
}

export async function listAudit(db: Db, orgId: number, f: AuditFilter): Promise<AuditPage> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.orgId, orgId),
        f.before !== undefined ? lt(auditLog.id, f.before) : undefined,
        f.from ? gte(auditLog.at, f.from) : undefined,
        f.to ? lt(auditLog.at, f.to) : undefined,
        f.actor
          ? sql`lower(${auditLog.actorEmail}) like ${`%${escapeLike(f.actor.toLowerCase())}%`}`
          : undefined,
        f.kind ? or(eq(auditLog.kind, f.kind), like(auditLog.kind, `${escapeLike(f.kind)}.%`)) : undefined,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(f.limit + 1);
  const page = rows.slice(0, f.limit);
  return {
    entries: page.map(({ orgId: _org, at, details, ...row }) => ({
      ...row,
      at: at.toISOString(),
      ...splitRestored(details),
    })),
    nextBefore: rows.length > f.limit ? page[page.length - 1]!.id : null,
  };
}
