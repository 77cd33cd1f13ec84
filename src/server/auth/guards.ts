import type { FastifyRequest } from "fastify";
import { ADMIN_ROLES, type Role, WRITER_ROLES } from "../../contracts/auth";
import { forbidden, unauthorized } from "../http/errors";
import type { SessionCache } from "./session-cache";
import type { AuthContext } from "./sessions";

declare module "fastify" {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** Signed-in sessions of this process (auth/session-cache.ts). */
    sessionCache: SessionCache;
  }
}

/** The caller's session, or 401. Every fleet query takes its organisation from here, never from the request. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** The caller's session when their role is one of `roles`; 401 signed out, 403 otherwise. */
export function requireRole(request: FastifyRequest, roles: readonly Role[]): AuthContext {
  const auth = requireAuth(request);
  if (!roles.includes(auth.role)) throw forbidden();
  return auth;
}

/** Owners, admins and analysts change fleet data; viewers only read (403). */
export const requireWriter = (request: FastifyRequest) => requireRole(request, WRITER_ROLES);
/** Owners and admins manage the organisation. */
export const requireAdmin = (request: FastifyRequest) => requireRole(request, ADMIN_ROLES);

/** Route hooks, so that 401 and 403 come before the body is validated (no field details for strangers). */
export const signedInOnly = async (request: FastifyRequest) => {
  requireAuth(request);
};
export const writersOnly = async (request: FastifyRequest) => {
  requireWriter(request);
};
export const adminsOnly = async (request: FastifyRequest) => {
  requireAdmin(request);
};
