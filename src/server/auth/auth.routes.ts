import type { FastifyInstance, FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { addMemberBody, currentUser, loginBody, member, registerBody } from "../../contracts/auth";
import type { AppDeps } from "../app-deps";
import type { Db } from "../db/client";
import { unauthorized } from "../http/errors";
import { addMember, listMembers, registerOwner, signIn } from "./auth.service";
import { adminsOnly, requireAdmin, requireAuth } from "./guards";
import { type AuthContext, createSession, deleteSession, findSession, SESSION_COOKIE } from "./sessions";

export const authRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  const throttle = { maxFailures: config.SIGN_IN_MAX_FAILURES, windowMinutes: config.SIGN_IN_WINDOW_MINUTES };

  /** Ends the caller's current session (if any) and issues a new one: the cookie is renewed at sign-in. */
  async function startSession(reply: FastifyReply, token: string | undefined, userId: number, orgId: number) {
    if (token) await deleteSession(db, token);
    const session = await createSession(db, userId, orgId, config.SESSION_TTL_HOURS);
    reply.setCookie(SESSION_COOKIE, session.token, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: config.COOKIE_SECURE,
      expires: session.expiresAt,
    });
    return session.token;
  }

  async function userOf(token: string): Promise<AuthContext> {
    const auth = await findSession(db, token);
    if (!auth) throw unauthorized();
    return auth;
  }

  const present = (auth: AuthContext) => ({
    id: auth.userId,
    email: auth.email,
    firstName: auth.firstName,
    lastName: auth.lastName,
    role: auth.role,
    organization: auth.organization,
  });

  app.post(
    "/api/auth/register",
    { schema: { tags: ["auth"], body: registerBody, response: { 201: currentUser } } },
    async (request, reply) => {
      const { userId, orgId } = await registerOwner(db, request.body);
      const token = await startSession(reply, request.cookies[SESSION_COOKIE], userId, orgId);
      return reply.status(201).send(present(await userOf(token)));
    },
  );

  app.post(
    "/api/auth/login",
    { schema: { tags: ["auth"], body: loginBody, response: { 200: currentUser } } },
    async (request, reply) => {
      const { email, password } = request.body;
      const { userId, orgId } = await signIn(db, email, password, request.ip, throttle);
      const token = await startSession(reply, request.cookies[SESSION_COOKIE], userId, orgId);
      return present(await userOf(token));
    },
  );

  app.get("/api/auth/user", { schema: { tags: ["auth"], response: { 200: currentUser } } }, async (request) =>
    present(requireAuth(request)),
  );

  async function endSession(token: string | undefined, reply: FastifyReply) {
    if (token) await deleteSession(db, token);
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
  }

  app.post("/api/auth/logout", { schema: { tags: ["auth"] } }, async (request, reply) => {
    await endSession(request.cookies[SESSION_COOKIE], reply);
    return reply.status(204).send();
  });

  // Browser navigation (spec §7): /api/login leads to the sign-in page, /api/logout signs out and returns to /.
  app.get("/api/login", { schema: { hide: true } }, async (_request, reply) => reply.redirect("/login", 303));
  app.get("/api/logout", { schema: { hide: true } }, async (request, reply) => {
    await endSession(request.cookies[SESSION_COOKIE], reply);
    return reply.redirect("/", 303);
  });

  app.get(
    "/api/org/members",
    { schema: { tags: ["organisation"], response: { 200: z.array(member) } } },
    async (request) => listMembers(db, requireAuth(request).orgId),
  );

  app.post(
    "/api/org/members",
    {
      onRequest: adminsOnly,
      schema: { tags: ["organisation"], body: addMemberBody, response: { 201: member } },
    },
    async (request, reply) => {
      const auth = requireAdmin(request);
      return reply.status(201).send(await addMember(db, auth.orgId, auth.role, request.body));
    },
  );
};

/** Paths that never read a session: liveness must answer without the database, readiness probes it alone. */
const SESSIONLESS = new Set(["/api/health", "/api/ready"]);

/**
 * Loads the caller's session from the cookie on every API request; `request.auth` is null when signed out.
 * Registered on the root instance (not as an encapsulated plugin) so that every route sees it.
 */
export function registerSessionLoader(app: FastifyInstance, db: Db): void {
  app.decorateRequest("auth", null);
  app.addHook("onRequest", async (request) => {
    if (!request.url.startsWith("/api/") || SESSIONLESS.has(request.url.split("?")[0]!)) return;
    const token = request.cookies[SESSION_COOKIE];
    request.auth = token ? await findSession(db, token) : null;
  });
}
