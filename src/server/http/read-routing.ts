/**
 * The requests' side of the read replicas (decision 044, db/read-replicas.ts): `app.reads` for the routes that
 * only read, and read-your-writes. After a write of a signed-in caller (a mutating request answered below 400,
 * its transaction committed), the primary's WAL position is remembered for the organisation in this process
 * and sent back in a cookie, so that the writer's next reads, on any Sextant process behind the load balancer,
 * wait for a replica that has replayed it (until then the primary answers).
 *
 * With no replica named nothing is registered but `app.reads`, whose reads run on the primary.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppDeps } from "../app-deps";
import { requireAuth } from "../auth/guards";
import type { Db } from "../db/client";
import { type ReadNeed, ReadReplicas } from "../db/read-replicas";
import { lsnOrUndefined } from "../db/wal-position";

declare module "fastify" {
  interface FastifyInstance {
    /** Where read-only work runs: a fit replica, else the primary (db/read-replicas.ts). */
    reads: ReadReplicas;
  }
}

/** The cookie of the caller's last write's WAL position (not a secret: a position, harmless if changed). */
export const WRITTEN_COOKIE = "sextant_written";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export async function registerReadRouting(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { config, database } = deps;
  const reads = new ReadReplicas(database, config.DATABASE_REPLICA_URLS, {
    maxLagMs: config.DATABASE_REPLICA_MAX_LAG_MS,
    connections: database.pool.options.max ?? 10,
    timeouts: {
      connectMs: config.DB_CONNECT_TIMEOUT_MS,
      statementMs: config.DB_STATEMENT_TIMEOUT_MS,
      longStatementMs: config.DB_LONG_STATEMENT_TIMEOUT_MS,
    },
  });
  app.decorate("reads", reads);
  if (!reads.enabled) return;
  await reads.start();
  app.addHook("onClose", () => reads.close());
  // the writer's own reads: a replica must have replayed this write (a cookie outlives the lag bound by far)
  const maxAge = Math.max(60, Math.ceil((config.DATABASE_REPLICA_MAX_LAG_MS * 2) / 1000));
  app.addHook("onSend", async (request, reply, payload) => {
    if (!MUTATING.has(request.method) || reply.statusCode >= 400 || !request.auth) return payload;
    const lsn = await reads.noteWrite(request.auth.orgId).catch(() => undefined);
    if (lsn)
      reply.setCookie(WRITTEN_COOKIE, lsn, {
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure: config.COOKIE_SECURE,
        maxAge,
      });
    return payload;
  });
}

/**
 * Runs the request's read-only `work` on a replica fit for the caller (their organisation's and their own last
 * writes replayed, `fresh` holding there), else on `primary`.
 */
export function readFor<T>(
  request: FastifyRequest,
  work: (db: Db) => Promise<T>,
  options: { fresh?: ReadNeed["fresh"]; primary?: Db } = {},
): Promise<T> {
  const { orgId } = requireAuth(request);
  const lsn = lsnOrUndefined(request.cookies?.[WRITTEN_COOKIE]);
  return request.server.reads.read({ orgId, lsn, fresh: options.fresh }, work, options.primary);
}

/**
 * The replica (its index) that the request's read-only heavy work (a report, an export, built in a report
 * thread) reads on, chosen as `readFor` chooses; undefined: the primary.
 */
export function readTarget(request: FastifyRequest): number | undefined {
  const { orgId } = requireAuth(request);
  return request.server.reads.target({ orgId, lsn: lsnOrUndefined(request.cookies?.[WRITTEN_COOKIE]) });
}
