/**
 * Issue 30 finding 9: a percent-encoded prefix (`/%61pi/auth/login`) reached the login route (the router
 * decodes it) while the API guards, which read the raw path, let it by: no Origin check, no `no-store`. Every
 * path is made canonical before routing and guards (canonical-path.ts); what cannot be made canonical safely
 * (dot-segments, an encoded slash in the first segment) is a 400 naming the path. Sent over a real socket:
 * `app.inject` parses the URL and would resolve some of these forms before the app sees them.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../test/test-app";
import { canonicalUrl, isApiPath, pathRefusal } from "./canonical-path";

let t: Awaited<ReturnType<typeof createTestApp>>;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** One request with `path` sent exactly as written (Node's client does not resolve or re-encode it). */
function send(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => {
        text += c;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const LOGIN = JSON.stringify({ email: "nobody@example.com", password: "not the password" });
const crossSiteLogin = (path: string) =>
  send("POST", path, { "content-type": "application/json", origin: "https://evil.example" }, LOGIN);

describe("every spelling of an API path meets the API guards", () => {
  it.each([
    ["the plain path", "/api/auth/login"],
    ["an encoded letter in the prefix", "/%61pi/auth/login"],
    ["the whole prefix encoded, lower-case hex", "/%61%70%69/auth/login"],
    ["an encoded letter further on", "/api/auth/%6Cogin"],
    ["a doubled leading slash", "//api/auth/login"],
    ["doubled slashes inside", "/api//auth///login"],
  ])("%s (%s) reaches the login route only through the Origin check: 403", async (_case, path) => {
    const res = await crossSiteLogin(path);
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body).error.code).toBe("forbidden_origin");
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it.each([
    ["another case", "/API/auth/login"],
    ["mixed case", "/Api/auth/login"],
  ])(
    "%s (%s) is checked as the API (403 cross-site; 404 JSON, not the web page, same-site)",
    async (_c, path) => {
      expect((await crossSiteLogin(path)).status).toBe(403);
      const same = await send("POST", path, { "content-type": "application/json" }, LOGIN);
      expect(same.status).toBe(404);
      expect(JSON.parse(same.body).error.code).toBe("not_found");
      expect(same.headers["cache-control"]).toBe("no-store");
    },
  );

  it.each([
    ["a dot segment", "/api/./auth/login"],
    ["a dot-dot segment", "/api/../api/auth/login"],
    ["a dot-dot segment before the prefix", "/x/../api/auth/login"],
    ["an encoded dot segment", "/%2e/api/auth/login"],
    ["an encoded dot-dot segment", "/api/%2E%2E/api/auth/login"],
    ["an encoded slash in the prefix", "/api%2Fauth/login"],
    ["an encoded slash in the prefix, lower-case", "/api%2fauth/login"],
    ["an encoded backslash in the prefix", "/api%5Cauth/login"],
    ["a backslash in the prefix", "/api\\auth/login"],
  ])("%s (%s) is a 400 naming the path, with no-store", async (_case, path) => {
    for (const res of [await crossSiteLogin(path), await send("GET", path)]) {
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body).error.details).toEqual([{ field: "path", reason: expect.any(String) }]);
      expect(res.headers["cache-control"]).toBe("no-store");
    }
  });

  it("a GET through an encoded prefix is answered no-store, as the API", async () => {
    const res = await send("GET", "/%61pi/health");
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("the query string is left as sent (a cursor's or a filter's escapes are the route's to read)", async () => {
    const res = await send("GET", "/api//health?x=%2e%2e/%61");
    expect(res.status).toBe(200);
  });
});

describe("canonicalUrl, isApiPath, pathRefusal", () => {
  it.each([
    ["/%61pi/auth/login", "/api/auth/login"],
    ["/%7Euser/%2D%5F%2E", "/~user/-_."],
    ["//api///x", "/api/x"],
    ["/api/a%2Fb", "/api/a%2Fb"], // reserved characters stay encoded
    ["/api/%25%61", "/api/%25a"], // %25 is '%': kept, so no new escape is built
    ["/api/%2561", "/api/%2561"],
    ["/api/x?a=%61//b", "/api/x?a=%61//b"],
    ["/api/%zz", "/api/%zz"], // malformed escapes are the router's 400
  ])("canonicalUrl(%s) = %s", (url, canonical) => {
    expect(canonicalUrl(url)).toBe(canonical);
  });

  it.each([
    ["/api/x", true],
    ["/api", true],
    ["/API/x", true],
    ["/apix/y", false],
    ["/dashboard", false],
  ])("isApiPath(%s) = %s", (path, api) => {
    expect(isApiPath(path)).toBe(api);
  });

  it.each([
    ["/api/./x", true],
    ["/api/..", true],
    ["/a/b/..", true],
    ["/api%2Fx", true],
    ["/api/a%2Fb", false], // an encoded slash inside a parameter is the route's
    ["/api/x.y/..z", false],
    ["/assets/app.js", false],
  ])("pathRefusal(%s) refuses: %s", (path, refused) => {
    expect(pathRefusal(path) !== null).toBe(refused);
  });
});
