/**
 * One spelling of every request path, before the router and the guards read it (issue 30 finding 9). The
 * router decodes percent-escapes to match a route while the guards compared the raw path with '/api/': so
 * `/%61pi/auth/login` reached the login route without the Origin check or `no-store`. Now:
 * - canonicalUrl (Fastify's `rewriteUrl`, run before routing): escapes of unreserved characters decoded
 *   (RFC 3986 §6.2.2.2: `%61` and `a` are the same path), runs of slashes made one. Other escapes, and the
 *   query string, are left exactly as sent.
 * - pathRefusal (the first onRequest guard): what has no single meaning is refused rather than guessed at
 *   (a 400 naming the path): dot-segments, which browsers resolve before sending and proxies may resolve
 *   differently, and an encoded slash or a backslash in the first segment, where it decides API or not.
 * - isApiPath: the guards' test, blind to case, so that `/API/…` is answered as the API (a JSON 404 with
 *   `no-store`), not as a page of the web app.
 */

/** RFC 3986 unreserved characters: an escape of one of these means the character itself. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/** The request target with its path canonical (see above); the query string untouched. */
export function canonicalUrl(url: string): string {
  const q = url.indexOf("?");
  const path = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? "" : url.slice(q);
  const decoded = path.replace(/%([0-9A-Fa-f]{2})/g, (encoded, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : encoded;
  });
  return decoded.replace(/\/{2,}/g, "/") + query;
}

/** The path of a request target, without its query string. */
export const pathOf = (url: string) => url.split("?", 1)[0]!;

/** Whether a (canonical) path is the API's: its first segment is `api`, in any case. */
export function isApiPath(path: string): boolean {
  return /^\/api(\/|$)/i.test(path);
}

/** Why a canonical path is refused, or null. */
export function pathRefusal(path: string): string | null {
  const segments = path.split("/");
  if (segments.some((s) => s === "." || s === "..")) {
    return "must not contain '.' or '..' segments";
  }
  if (/%2F|%5C|\\/i.test(segments[1] ?? "")) {
    return "must not hold an encoded slash or a backslash in its first segment";
  }
  return null;
}
