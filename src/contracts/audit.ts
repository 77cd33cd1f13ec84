/**
 * The audit trail's contract (issue 18 item 5): `GET /api/audit?from=&to=&actor=&kind=&before=&limit=`, newest
 * first, in keyset pages (`nextBefore` is the `before` of the next page; null on the last).
 */
import { z } from "zod";
import { isoInstant } from "./common";

export const AUDIT_PAGE_MAX = 200;

/** Text filters: no NUL, bounded. */
const filterText = z.string().trim().max(254, "must be at most 254 characters");

export const auditQuery = z
  .object({
    from: isoInstant.optional(),
    /** Exclusive. */
    to: isoInstant.optional(),
    /** Part of the actor's email (case-insensitive). */
    actor: filterText.optional(),
    /** A kind (`ship.update`) or its first part (`ship`: every ship entry). */
    kind: filterText.optional(),
    /** Entries older than this id (the previous page's `nextBefore`). */
    before: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
    limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
  })
  .strict();
export type AuditQuery = z.input<typeof auditQuery>;

/**
 * An entry that came from a backup (POST /api/database/restore): when it was restored, from a backup of which
 * organisation and taken when. The entry names no user of this server (`userId` null): only its `actorEmail`
 * as the backup wrote it. Stored under this key of `details` (audit_log has no column for it).
 */
export const RESTORED_KEY = "restored";
export const restoredFrom = z.object({ at: z.string(), backupOf: z.string(), backupCreatedAt: z.string() });
export type RestoredFrom = z.infer<typeof restoredFrom>;

export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  userId: z.number().int().nullable(),
  actorEmail: z.string().nullable(),
  kind: z.string(),
  method: z.string().nullable(),
  route: z.string().nullable(),
  status: z.number().int().nullable(),
  target: z.record(z.string(), z.unknown()).nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  /** Set on an entry restored from a backup: it was not written by this organisation's own actions. */
  restored: restoredFrom.nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditPage = z.object({ entries: z.array(auditEntry), nextBefore: z.number().int().nullable() });
export type AuditPage = z.infer<typeof auditPage>;
