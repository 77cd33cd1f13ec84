/**
 * App-wide request guards, one rule each, for every API route (present and future), read from the canonical
 * path (canonical-path.ts: `/%61pi/…` and `//api/…` are `/api/…` here; dot-segments are refused first):
 * - Origin: a mutating call that names an origin must name ours (CSRF defence beside SameSite=Lax). `null`
 *   (sandboxed frames, some redirects) is not ours; a malformed Origin is a 400, not a crash.
 * - NUL characters: PostgreSQL text cannot hold U+0000 (SQLSTATE 22021), so a NUL anywhere in the query,
 *   path parameters or JSON body is refused with a 400 naming the field, before any schema or query runs.
 * - Cache-Control: API answers carry `no-store` (they hold one organisation's data; OWASP Session Management:
 *   authenticated responses must not be kept by shared or browser caches).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { isApiPath, pathOf, pathRefusal } from "./canonical-path";
import { ApiError, badRequest } from "./errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function checkOrigin(request: FastifyRequest): void {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.origin;
  if (origin === undefined) return;
  let same = false;
  if (origin !== "null") {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      throw badRequest([{ field: "Origin header", reason: "is not a valid origin (scheme://host[:port])" }]);
    }
    // Host read the same way as the origin (a default port dropped, case folded).
    const host = URL.canParse(`${url.protocol}//${request.headers.host}`)
      ? new URL(`${url.protocol}//${request.headers.host}`).host
      : undefined;
    same = host !== undefined && url.host === host;
  }
  if (!same) {
    throw new ApiError(403, "forbidden_origin", "Cross-origin requests are not allowed");
  }
}

/** Deepest nesting walked; no API body nests more than a few levels (a deeper one is refused). */
export const MAX_NESTING = 32;

/**
 * Path of the first string (value or key) holding U+0000 in `value`, or null. Iterative, so a body nested
 * thousands of levels deep cannot exhaust the stack; past MAX_NESTING it answers a 400 itself.
 */
export function nulPath(value: unknown): string | null {
  const stack: { item: unknown; path: string; depth: number }[] = [{ item: value, path: "", depth: 0 }];
  while (stack.length > 0) {
    const { item, path, depth } = stack.pop()!;
    if (typeof item === "string") {
      if (item.includes("\u0000")) return path;
      continue;
    }
    if (item === null || typeof item !== "object") continue;
    if (depth >= MAX_NESTING) {
      throw badRequest([{ field: path || "body", reason: `must not nest more than ${MAX_NESTING} levels` }]);
    }
    for (const [key, child] of Object.entries(item)) {
      const at = path ? `${path}.${key}` : key;
      if (key.includes("\u0000")) return at;
      stack.push({ item: child, path: at, depth: depth + 1 });
    }
  }
  return null;
}

function checkNul(request: FastifyRequest): void {
  const parts = { params: request.params, query: request.query, body: request.body } as const;
  for (const [part, value] of Object.entries(parts)) {
    const at = nulPath(value);
    if (at !== null) {
      throw badRequest([{ field: at || part, reason: "must not contain the NUL character (U+0000)" }]);
    }
  }
}

export function registerRequestGuards(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    const path = pathOf(request.url);
    const refusal = pathRefusal(path);
    if (refusal) {
      reply.header("cache-control", "no-store");
      throw badRequest([{ field: "path", reason: refusal }], "The request's path is not canonical");
    }
    if (!isApiPath(path)) return;
    reply.header("cache-control", "no-store");
    checkOrigin(request);
  });
  app.addHook("preValidation", async (request) => {
    if (isApiPath(pathOf(request.url))) checkNul(request);
  });
}
