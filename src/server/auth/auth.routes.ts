import type { FastifyInstance, FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ADMIN_ROLES,
  addMemberBody,
  changePasswordBody,
  changeRoleBody,
  currentUser,
  loginBody,
  member,
  registerBody,
  revokedSessions,
  stepUpBody,
  stepUpState,
} from "../../contracts/auth";
import { idParam } from "../../contracts/common";
import { PAGED_ARRAY_DESCRIPTION as PAGED, pageQueryOf } from "../../contracts/pagination";
import { findApiKey } from "../api-keys/api-keys";
import type { AppDeps } from "../app-deps";
import { audited, writeAudit } from "../audit/audit-log";
import { signInThrottleSettings } from "../config";
import type { Db } from "../db/client";
import { isApiPath, pathOf } from "../http/canonical-path";
import { forbidden, unauthorized } from "../http/errors";
import { sendPageHeaders } from "../http/pagination";
import { apiKeyRefusal, shipLimitRefusal } from "./api-key-access";
import {
  addMember,
  changePassword,
  changeRole,
  listMembers,
  registerOwner,
  removeMember,
  revokeOtherSessions,
  signIn,
  throttleSignUp,
} from "./auth.service";
import { adminsOnly, requireAdmin, requireAuth, signedInOnly } from "./guards";
import { registerPurgeJob } from "./purge-job";
import { type AuthListener, listenForAuthChanges, type SessionCache } from "./session-cache";
import { type AuthContext, createSession, deleteSession, findSession, SESSION_COOKIE } from "./sessions";
import type { ShipScope } from "./ship-scope";
import { rememberAddress } from "./sign-in-throttle";
import { elevateSession, endElevation, isElevated, requireElevatedSession } from "./step-up";

export const authRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  const throttle = signInThrottleSettings(config);
  const signUpLimit = (key: string) => ({ key, limit: config.SIGN_UP_MAX_ATTEMPTS });
  registerPurgeJob(app, db, throttle);
  // Every change these routes make to sessions, members or users reaches this process's session cache before
  // the answer leaves; other processes hear of it by NOTIFY (auth/session-cache.ts).
  app.addHook("onSend", async (request) => {
    if (request.method !== "GET" && request.method !== "HEAD") app.sessionCache.invalidate();
  });

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
    {
      config: { audit: false },
      schema: { tags: ["auth"], body: registerBody, response: { 201: currentUser } },
    },
    async (request, reply) => {
      await throttleSignUp(db, signUpLimit(`sign-up:${request.ip}`), config.SIGN_IN_WINDOW_MINUTES);
      const { userId, orgId } = await registerOwner(db, request.body);
      // the address the owner chose their password from is their usual one (sign-in-rules.ts: known)
      await rememberAddress(db, request.body.email, request.ip);
      const token = await startSession(reply, request.cookies[SESSION_COOKIE], userId, orgId);
      return reply.status(201).send(present(await userOf(token)));
    },
  );

  app.post(
    "/api/auth/login",
    { config: { audit: false }, schema: { tags: ["auth"], body: loginBody, response: { 200: currentUser } } },
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
    // the analysis answers this browser kept for revalidation (cache/answer-cache.ts) leave with the session
    reply.header("clear-site-data", '"cache"');
  }

  app.post(
    "/api/auth/logout",
    { config: { audit: false }, schema: { tags: ["auth"] } },
    async (request, reply) => {
      await endSession(request.cookies[SESSION_COOKIE], reply);
      return reply.status(204).send();
    },
  );

  // Browser navigation (spec §7): /api/login leads to the sign-in page; the Logout button posts a form to
  // /api/logout, which signs out and returns to /. A GET never changes state (a link or an <img> on another
  // site could sign the user out): it answers a page whose button posts the same form.
  app.get("/api/login", { schema: { hide: true } }, async (_request, reply) => reply.redirect("/login", 303));
  app.get("/api/logout", { schema: { hide: true } }, async (_request, reply) =>
    reply.type("text/html; charset=utf-8").send(LOGOUT_PAGE),
  );
  await app.register(async (form) => {
    // The browser's form post has an empty url-encoded body; nothing in it is read.
    form.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 1024 },
      (_r, _b, done) => done(null, {}),
    );
    form.post("/api/logout", { config: { audit: false }, schema: { hide: true } }, async (request, reply) => {
      await endSession(request.cookies[SESSION_COOKIE], reply);
      return reply.redirect("/", 303);
    });
  });

  app.post(
    "/api/auth/password",
    {
      onRequest: signedInOnly,
      schema: { tags: ["auth"], body: changePasswordBody, response: { 200: revokedSessions } },
    },
    async (request) => ({
      revoked: await changePassword(db, requireAuth(request), request.body, request.ip, throttle),
    }),
  );

  app.post(
    "/api/auth/sessions/revoke-others",
    { onRequest: signedInOnly, schema: { tags: ["auth"], response: { 200: revokedSessions } } },
    async (request) => {
      const auth = requireAuth(request);
      return { revoked: await revokeOtherSessions(db, auth.userId, auth.sessionId) };
    },
  );

  // Step-up (auth/step-up.ts): the caller's password again elevates this session for STEP_UP_MINUTES.
  const presentElevation = (until: Date | null) => ({
    elevatedUntil: until && until.getTime() > Date.now() ? until.toISOString() : null,
  });

  app.get(
    "/api/auth/step-up",
    { onRequest: signedInOnly, schema: { tags: ["auth"], response: { 200: stepUpState } } },
    async (request) => {
      const auth = requireAuth(request);
      return presentElevation(isElevated(auth) ? auth.elevatedUntil : null);
    },
  );

  app.post(
    "/api/auth/step-up",
    {
      onRequest: adminsOnly,
      schema: { tags: ["auth"], body: stepUpBody, response: { 200: stepUpState } },
    },
    async (request) => {
      const until = await elevateSession(
        db,
        request,
        request.body.password,
        throttle,
        config.STEP_UP_MINUTES,
      );
      await writeAudit(db, request, {
        kind: "auth.step-up",
        details: { elevatedUntil: until.toISOString() },
      });
      return presentElevation(until);
    },
  );

  app.delete(
    "/api/auth/step-up",
    { onRequest: signedInOnly, schema: { tags: ["auth"], response: { 200: stepUpState } } },
    async (request) => {
      await endElevation(db, requireAuth(request).sessionId);
      return presentElevation(null);
    },
  );

  app.get(
    "/api/org/members",
    {
      // signed out is a 401 before the query is validated
      onRequest: signedInOnly,
      schema: {
        tags: ["organisation"],
        querystring: pageQueryOf("text"), // by e-mail
        response: { 200: z.array(member) },
        description: PAGED,
      },
    },
    async (request, reply) => {
      const { members, page } = await listMembers(db, requireAuth(request).orgId, request.query);
      sendPageHeaders(reply, page);
      return members;
    },
  );

  app.post(
    "/api/org/members",
    {
      onRequest: adminsOnly,
      // An owner or admin added by a stolen session would outlive it: that takes the password again
      // (issue 30 finding 6). Read from the validated body, so it runs after the schema (a 400 first).
      preHandler: async (request) => {
        if (ADMIN_ROLES.includes(request.body.role)) await requireElevatedSession(request);
      },
      schema: {
        tags: ["organisation"],
        description:
          "Adds a member with a role. Adding an owner or admin needs an elevated session (POST " +
          "/api/auth/step-up; else 403 step_up_required); only an owner adds an owner.",
        body: addMemberBody,
        response: { 201: member },
      },
    },
    async (request, reply) => {
      const auth = requireAdmin(request);
      await throttleSignUp(db, signUpLimit(`add-member:${auth.userId}`), config.SIGN_IN_WINDOW_MINUTES);
      const added = await addMember(db, auth.orgId, auth.role, request.body);
      await writeAudit(db, request, { kind: "member.add", target: { userId: added.userId }, after: added });
      return reply.status(201).send(added);
    },
  );

  const memberParams = z.object({ userId: idParam }).strict();

  app.patch(
    "/api/org/members/:userId",
    {
      onRequest: [adminsOnly, requireElevatedSession],
      schema: {
        tags: ["organisation"],
        params: memberParams,
        body: changeRoleBody,
        response: { 200: member },
      },
    },
    async (request) => {
      const auth = requireAdmin(request);
      const { userId } = request.params;
      return audited(db, request, async (tx) => {
        const { result, before } = await changeRole(tx, auth.orgId, auth.role, userId, request.body.role);
        return { result, entry: { kind: "member.role", target: { userId }, before, after: result } };
      });
    },
  );

  app.delete(
    "/api/org/members/:userId",
    {
      onRequest: [adminsOnly, requireElevatedSession],
      schema: { tags: ["organisation"], params: memberParams },
    },
    async (request, reply) => {
      const auth = requireAdmin(request);
      const { userId } = request.params;
      await audited(db, request, async (tx) => {
        const before = await removeMember(tx, auth.orgId, auth.role, userId);
        return { result: undefined, entry: { kind: "member.remove", target: { userId }, before } };
      });
      return reply.status(204).send();
    },
  );
};

/** The page GET /api/logout answers: one button posting the sign-out form (no script: the CSP allows none). */
const LOGOUT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign out · Sextant</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; display: grid; place-items: center; min-height: 90vh">
<form method="post" action="/api/logout"><p>Sign out of Sextant?</p><button type="submit">Sign out</button>
<a href="/" style="margin-left: 1em">Cancel</a></form></body></html>
`;

/** Paths that never read a session: liveness must answer without the database, readiness probes it alone. */
const SESSIONLESS = new Set(["/api/health", "/api/ready"]);

/** The key of an `Authorization: Bearer <key>` header; undefined without one, '' when malformed. */
export function bearerKey(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const match = /^Bearer +(\S+) *$/i.exec(header);
  return match ? match[1]! : "";
}

/** A route as registered, with the ship scope it declares (the walk in api-keys.routes.test.ts reads these). */
export type RouteShipScope = {
  method: string;
  url: string;
  readonly shipScope: ShipScope | undefined;
  /** The route's zod schemas of its parameters and query (what a declared ship is validated by). */
  params: unknown;
  querystring: unknown;
};

declare module "fastify" {
  interface FastifyInstance {
    /** Every route of the app with the ship scope it declares (registerRouteShipScopes). */
    routeShipScopes: readonly RouteShipScope[];
  }
}

/**
 * Records every route registered from now on with the ship scope it declares, so that a test can walk them all
 * and fail on one that declares none. Called first in buildApp: an onRoute hook sees only the routes added
 * after it, and the plugins' routes (the API docs) must be seen too.
 */
export function registerRouteShipScopes(app: FastifyInstance): void {
  const routes: RouteShipScope[] = [];
  app.decorate("routeShipScopes", routes);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat())
      routes.push({
        method,
        url: route.url,
        // read when asked: an encapsulating plugin's own onRoute hook (app.ts, the API docs) runs after this one
        get shipScope() {
          return route.config?.shipScope;
        },
        params: route.schema?.params,
        querystring: route.schema?.querystring,
      });
  });
}

/**
 * Loads the caller on every API request: an API key when the request carries `Authorization: Bearer` (the
 * cookie is then ignored, and an unknown key is signed out), else the session of the cookie; `request.auth` is
 * null when signed out. A key's call is checked against its grant (auth/api-key-access.ts: 403) twice: before
 * anything is read, and, for a key limited to ships, once the route's schema has validated what it reads.
 * Registered on the root instance (not as an encapsulated plugin) so that every route sees it.
 */
export function registerSessionLoader(app: FastifyInstance, db: Db, cache: SessionCache): void {
  app.decorateRequest("auth", null);
  app.addHook("onRequest", async (request) => {
    const path = pathOf(request.url);
    if (!isApiPath(path) || SESSIONLESS.has(path)) return;
    const key = bearerKey(request.headers.authorization);
    if (key !== undefined) {
      request.auth = key ? await findApiKey(db, key, cache) : null;
      const grant = request.auth?.apiKey;
      if (!grant) return;
      const { url, config } = request.routeOptions;
      const refusal = apiKeyRefusal(grant, request.method, url, config.shipScope);
      if (refusal) throw forbidden(refusal);
      return;
    }
    const token = request.cookies[SESSION_COOKIE];
    request.auth = token ? await findSession(db, token, cache) : null;
  });
  // After validation, before the route's own preHandlers (a heavy route's slot is not taken for a refusal).
  app.addHook("preHandler", async (request) => {
    const grant = request.auth?.apiKey;
    if (!grant || grant.shipIds === null) return;
    const params = request.params as Record<string, unknown> | undefined;
    const query = request.query as Record<string, unknown> | undefined;
    const { shipScope } = request.routeOptions.config;
    const refusal = await shipLimitRefusal(grant, shipScope, request.auth!.orgId, params, query);
    if (refusal) throw forbidden(refusal);
  });
}

/** Keeps the session cache fed with the database's auth notifications from start to close. */
export function registerAuthListener(app: FastifyInstance, url: string, cache: SessionCache): void {
  let listener: AuthListener | undefined;
  app.addHook("onReady", async () => {
    listener = listenForAuthChanges(url, cache, app.log);
  });
  app.addHook("onClose", async () => {
    await listener?.stop();
  });
}
