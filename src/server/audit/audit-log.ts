/**
 * The audit trail (issue 18 item 5): one `audit_log` entry per write, with who (user id and an email snapshot),
 * when, the organisation, what (`kind`), the ids written and, for edits, the row before and after.
 *
 * Two ways in:
 * - **Rich entries**, written by a route in the same transaction as its write (`audited`, `writeAudit`): a
 *   rolled-back write leaves no entry, and a committed one always has its entry.
 * - **Generic entries** (audit-hook.ts) for every other successful mutating /api request: method, route pattern,
 *   parameters and status, so a route added later is audited without a change here.
 * A route that writes its own entry elsewhere (the upload log: one entry per upload with its counts, never one
 * per record) says so with `config: { audit: "self" }`; a POST that changes nothing (a calculator) with
 * `config: { audit: false }`.
 *
 * The table is append-only for the application: a trigger refuses UPDATE, DELETE and TRUNCATE (migration
 * `admin_audit`; Sextant connects as the tables' owner, so a REVOKE would not bind it).
 */
import type { FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { auditLog } from "../db/schema";

/** How a route is audited: by the generic hook (default), by itself, or not at all (it writes nothing). */
export type AuditRouteConfig = { audit?: "self" | false };

declare module "fastify" {
  interface FastifyContextConfig {
    audit?: "self" | false;
  }
  interface FastifyRequest {
    /** Set when the route wrote its own (rich) audit entry: the generic hook then writes none. */
    audited: boolean;
  }
}

export type AuditEntry = {
  /** `ship.update`, `record.create`, `member.remove`, `settings.update`, `upload`… */
  kind: string;
  target?: Record<string, unknown>;
  before?: unknown;
  after?: unknown;
  details?: Record<string, unknown>;
};

type Inserter = Pick<Db, "insert">;

/** Writes the request's entry (actor from its session, route from its pattern) with `db`, a transaction or not. */
export async function writeAudit(db: Inserter, request: FastifyRequest, entry: AuditEntry): Promise<void> {
  const auth = request.auth;
  if (!auth) return; // nobody to name: only signed-in writes reach here
  await db.insert(auditLog).values({
    orgId: auth.orgId,
    userId: auth.userId,
    actorEmail: auth.email,
    kind: entry.kind,
    method: request.method,
    route: request.routeOptions.url ?? null,
    target: entry.target ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    details: entry.details ?? null,
  });
  request.audited = true;
}

/**
 * Runs `write` in one transaction with its audit entry: both commit or neither. `write` answers the route's
 * result and what to record.
 */
export async function audited<T>(
  db: Db,
  request: FastifyRequest,
  write: (tx: Db) => Promise<{ result: T; entry: AuditEntry }>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const { result, entry } = await write(tx);
    await writeAudit(tx, request, entry);
    return result;
  });
}
