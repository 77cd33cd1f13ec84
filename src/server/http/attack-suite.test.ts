/**
 * The attack and fuzz suite (issue 12): every API operation, enumerated from the OpenAPI document (so a new
 * route is covered without editing this file), is called
 * - signed out (401 unless listed public),
 * - as another organisation with the first one's ids (never its data, never a change to it),
 * - as a viewer (403 on every change but the viewer's own account),
 * - and fuzzed: every body field, query parameter and path parameter with the inputs that used to answer
 *   500 (NUL bytes, 3 KB texts, ids above 2³¹−1, ±1e308, year 0000 and 9999, impossible dates, wrong types).
 * No answer may be a 500, and every error must be in the API's own shape. The counts are printed and kept
 * in docs/operations/abuse-suite.md.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, shipBody, type TestUser } from "../test/test-app";
import { multipartBody } from "../uploads/upload-test-helpers";

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  minItems?: number;
};
type Operation = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  pathParams: string[];
  queryParams: string[];
  body?: JsonSchema;
};

/** Operations anyone may call signed out. Every other operation must answer 401. */
const PUBLIC = new Set([
  "GET /api/health",
  "GET /api/ready",
  "POST /api/auth/register",
  "POST /api/auth/login",
  "POST /api/auth/logout",
  // a share link's read-only dashboard: the token is the credential (404 for any other)
  "GET /api/shared/{token}/dashboard",
  "GET /api/shared/{token}/analysis/{section}",
  "GET /api/shared/{token}/analysis-summary",
]);
/** Changes a viewer may make: to their own account and session only. */
const SELF_SERVICE = new Set([
  "POST /api/auth/logout",
  "POST /api/auth/password",
  "POST /api/auth/sessions/revoke-others",
  // ends the caller's own elevation (the admin panel's Logout)
  "DELETE /api/auth/step-up",
]);
/** Calculators: a POST that computes and stores nothing, open to every role. */
const COMPUTE_ONLY = new Set([
  "POST /api/calculate-cii",
  "POST /api/calculate-hull-performance",
  // the CII what-if reads the ship's records and stores nothing
  "POST /api/ships/{id}/cii-what-if",
]);
/** Operations that end the caller's session: called last, or not at all, by a signed-in caller. */
const ENDS_SESSION = new Set(["POST /api/auth/logout"]);

const key = (op: Operation) => `${op.method} ${op.path}`;

let t: Awaited<ReturnType<typeof createTestApp>>;
let operations: Operation[];
let victim: TestUser;
let victimIds: { ship: number; voyage: number; member: number };
const SECRET_SHIP = "Secret Vessel Alpha";
const SECRET_VOYAGE = "SECRET-V-77";
let attacker: TestUser;
let viewer: TestUser;
let fuzzer: TestUser;
let fuzzerIds: { ship: number; voyage: number; member: number };
let address = 0;
/** Each fuzzed call comes from an address of its own, so that the sign-in and sign-up throttles (429) do not
 * hide what the route would do. */
const nextAddress = () => {
  address += 1;
  return `10.${100 + ((address >> 16) & 127)}.${(address >> 8) & 255}.${address & 255}`;
};

async function seedOrganisation(owner: TestUser, shipName: string, voyageNumber: string, imo: string) {
  const cookie = owner.cookie;
  const ship = await t.app.inject({
    method: "POST",
    url: "/api/ships",
    headers: { cookie },
    payload: shipBody({ name: shipName, imo }),
  });
  const voyage = await t.app.inject({
    method: "POST",
    url: "/api/voyages",
    headers: { cookie },
    payload: {
      shipId: ship.json().id,
      voyageNumber,
      origin: "Rotterdam",
      destination: "Singapore",
      departureDate: "2025-01-01",
    },
  });
  await t.app.inject({
    method: "POST",
    url: "/api/fuel-data",
    headers: { cookie },
    payload: {
      shipId: ship.json().id,
      sfoc: 180,
      fuelConsumptionRate: 30,
      timestamp: "2025-01-02T00:00:00Z",
    },
  });
  const member = await t.addMember(owner, "analyst");
  return { ship: ship.json().id as number, voyage: voyage.json().id as number, member: member.userId };
}

function operationsOf(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!path.startsWith("/api/") || path.startsWith("/api/docs")) continue;
    for (const [method, op] of Object.entries(methods)) {
      const params = (op.parameters ?? []) as { in: string; name: string }[];
      const content = (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)
        ?.content;
      ops.push({
        method: method.toUpperCase() as Operation["method"],
        path,
        pathParams: params.filter((p) => p.in === "path").map((p) => p.name),
        queryParams: params.filter((p) => p.in === "query").map((p) => p.name),
        body: content?.["application/json"]?.schema,
      });
    }
  }
  return ops;
}

/** A plausible value for a schema (best effort: enough for most bodies to pass validation). */
function sample(
  schema: JsonSchema | undefined,
  name: string,
  ids: { ship: number; voyage: number },
): unknown {
  if (!schema) return "x";
  if (name === "shipId") return ids.ship;
  if (name === "voyageId") return ids.voyage;
  if (name === "imo") return "9428712";
  if (name === "type") return "Bulk Carrier";
  if (name === "shipType") return "Bulk carrier";
  if (/password/i.test(name)) return "lighthouse keeper 42";
  if (name === "email") return `fuzz${address}@example.com`;
  if (/date|timestamp|validFrom/i.test(name)) return "2025-01-15";
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    const chosen = variants.find((v) => v.type !== "null") ?? variants[0];
    return sample(chosen, name, ids);
  }
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== "null") : schema.type;
  switch (type) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [prop, sub] of Object.entries(schema.properties ?? {})) out[prop] = sample(sub, prop, ids);
      return out;
    }
    case "array":
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items, name, ids));
    case "number":
    case "integer": {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
      return Math.min(Math.max(min, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case "boolean":
      return false;
    default:
      return "x".repeat(Math.max(1, schema.minLength ?? 1));
  }
}

/** The inputs that used to answer 500, and wrong types. */
const ABUSIVE_VALUES: unknown[] = [
  "Ne\u0000ptune",
  "x".repeat(3000),
  2 ** 31,
  -(2 ** 31) - 1,
  1e308,
  -1e308,
  0,
  -1,
  0.5,
  "0000-01-01",
  "9999-12-31T23:59:59-05:00",
  "0001-01-01",
  "2025-02-30",
  "",
  null,
  true,
  [],
  {},
  "1e308",
];
const ABUSIVE_PATH_VALUES = [
  "2147483648",
  "-1",
  "0",
  "abc",
  "1e308",
  "%00",
  "%E0%A4%A",
  "1.5",
  "9".repeat(400),
];
const ABUSIVE_WHOLE_BODIES = [
  "null",
  "[]",
  '"x"',
  "{",
  '{"__proto__":{"admin":true}}',
  `${"[".repeat(5000)}${"]".repeat(5000)}`,
];

function urlOf(op: Operation, values: Record<string, string>, query = ""): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => values[name] ?? "1");
  return query ? `${path}?${query}` : path;
}

/** Path parameter values that point at an organisation's own objects. */
function pathValues(
  op: Operation,
  ids: { ship: number; voyage: number; member: number },
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of op.pathParams) {
    if (name === "section") values[name] = "fuel-consumption";
    else if (name === "userId") values[name] = String(ids.member);
    else if (name === "voyageId") values[name] = String(ids.voyage);
    else if (name === "year") values[name] = "2025";
    else if (op.path.startsWith("/api/voyages")) values[name] = String(ids.voyage);
    else values[name] = String(ids.ship);
  }
  return values;
}

type Tally = { attempts: number; failures: { request: string; status: number; body: string }[] };
const tally: Tally = { attempts: 0, failures: [] };

/** Sends one request and records it; a 5xx, or an error not in the API's shape, is a failure. */
async function send(
  request: { method: string; url: string; cookie?: string; payload?: unknown; rawBody?: string },
  remoteAddress = "127.0.0.1",
) {
  tally.attempts += 1;
  const headers: Record<string, string> = {};
  if (request.cookie) headers.cookie = request.cookie;
  let payload: string | undefined;
  if (request.rawBody !== undefined) payload = request.rawBody;
  else if (request.payload !== undefined) payload = JSON.stringify(request.payload);
  if (payload !== undefined) headers["content-type"] = "application/json";
  const res = await t.app.inject({
    method: request.method as "GET",
    url: request.url,
    headers,
    payload,
    remoteAddress,
  });
  const label = `${request.method} ${request.url.slice(0, 120)} ${String(payload ?? "").slice(0, 120)}`;
  if (res.statusCode >= 500)
    tally.failures.push({ request: label, status: res.statusCode, body: res.body.slice(0, 300) });
  else if (res.statusCode >= 400 && res.headers["content-type"]?.toString().includes("json")) {
    const body = res.json() as { error?: { code?: unknown; message?: unknown } };
    if (typeof body.error?.code !== "string" || typeof body.error?.message !== "string") {
      tally.failures.push({
        request: label,
        status: res.statusCode,
        body: `not the API's error shape: ${res.body.slice(0, 200)}`,
      });
    }
  }
  return res;
}

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: "silent" });
  operations = operationsOf(
    (t.app as unknown as { swagger: () => Parameters<typeof operationsOf>[0] }).swagger(),
  );
  victim = await t.registerOwner({ organizationName: "Victim Shipping" });
  victimIds = await seedOrganisation(victim, SECRET_SHIP, SECRET_VOYAGE, "9074729");
  attacker = await t.registerOwner({ organizationName: "Attacker Shipping" });
  await seedOrganisation(attacker, "Attacker Vessel", "ATT-1", "9074729");
  viewer = await t.addMember(attacker, "viewer");
  fuzzer = await t.registerOwner({ organizationName: "Fuzz Shipping" });
  fuzzerIds = await seedOrganisation(fuzzer, "Fuzz Vessel", "FUZZ-1", "9312456");
}, 60_000);
afterAll(async () => {
  // The counts docs/operations/abuse-suite.md quotes.
  console.log(`abuse suite: ${tally.attempts} requests, ${tally.failures.length} failures`);
  await t.close();
});

describe("every operation of the OpenAPI document", () => {
  it("finds the operations (the document lists the API)", () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.map(key)).toContain("PATCH /api/org/members/{userId}");
  });

  it("answers 401 signed out, except the public ones", async () => {
    const unexpected: string[] = [];
    for (const op of operations) {
      const res = await send(
        {
          method: op.method,
          url: urlOf(op, pathValues(op, victimIds)),
          payload: op.body ? sample(op.body, "", victimIds) : undefined,
        },
        nextAddress(),
      );
      if (!PUBLIC.has(key(op)) && res.statusCode !== 401) unexpected.push(`${key(op)} → ${res.statusCode}`);
    }
    expect(unexpected).toEqual([]);
  });

  it("never shows or changes another organisation's data", async () => {
    const leaks: string[] = [];
    const secrets = [SECRET_SHIP, SECRET_VOYAGE, victim.email];
    for (const op of operations.filter((o) => !ENDS_SESSION.has(key(o)))) {
      const query = op.queryParams.includes("shipId") ? `shipId=${victimIds.ship}` : "";
      const res = await send(
        {
          method: op.method,
          url: urlOf(op, pathValues(op, victimIds), query),
          cookie: attacker.cookie,
          payload: op.body ? sample(op.body, "", victimIds) : undefined,
        },
        nextAddress(),
      );
      if (op.pathParams.length > 0 && op.path !== "/api/auth/user" && res.statusCode < 300) {
        leaks.push(`${key(op)} with the victim's ids → ${res.statusCode}`);
      }
      if (secrets.some((s) => res.body.includes(s))) leaks.push(`${key(op)} shows the victim's data`);
    }
    expect(leaks).toEqual([]);
    // The victim's ship, voyage, record and member are all still there, unchanged.
    const get = (url: string) => t.app.inject({ url, headers: { cookie: victim.cookie } });
    expect((await get(`/api/ships/${victimIds.ship}`)).json().name).toBe(SECRET_SHIP);
    expect((await get(`/api/voyages/${victimIds.voyage}`)).json().voyageNumber).toBe(SECRET_VOYAGE);
    expect((await get(`/api/fuel-data?shipId=${victimIds.ship}`)).json()).toHaveLength(1);
    const members = (await get("/api/org/members")).json() as { userId: number; role: string }[];
    expect(members.find((m) => m.userId === victimIds.member)?.role).toBe("analyst");
  });

  it("refuses every change to a viewer (403), but their own account", async () => {
    const allowed: string[] = [];
    const attackerIds = { ship: 0, voyage: 0, member: attacker.userId };
    for (const op of operations.filter(
      (o) =>
        o.method !== "GET" && !PUBLIC.has(key(o)) && !SELF_SERVICE.has(key(o)) && !COMPUTE_ONLY.has(key(o)),
    )) {
      const res = await send({
        method: op.method,
        url: urlOf(op, pathValues(op, attackerIds)),
        cookie: viewer.cookie,
        payload: op.body ? sample(op.body, "", attackerIds) : undefined,
      });
      if (res.statusCode !== 403) allowed.push(`${key(op)} → ${res.statusCode}`);
    }
    expect(allowed).toEqual([]);
  });

  it("fuzzes every body field, query and path parameter: no 500, every error in the API's shape", async () => {
    for (const op of operations.filter((o) => !ENDS_SESSION.has(key(o)))) {
      const values = pathValues(op, fuzzerIds);
      const base = op.body ? (sample(op.body, "", fuzzerIds) as Record<string, unknown>) : undefined;
      // Deleting the fuzzer's own objects would leave nothing to fuzz: real ids only for other methods.
      const realIds = op.method !== "DELETE";
      if (op.body && base && typeof base === "object") {
        for (const field of Object.keys(op.body.properties ?? {})) {
          for (const value of ABUSIVE_VALUES) {
            await send(
              {
                method: op.method,
                url: urlOf(op, realIds ? values : { ...values, id: "2147483648", userId: "2147483648" }),
                cookie: fuzzer.cookie,
                payload: { ...base, [field]: value },
              },
              nextAddress(),
            );
          }
        }
        for (const rawBody of ABUSIVE_WHOLE_BODIES) {
          await send(
            { method: op.method, url: urlOf(op, values), cookie: fuzzer.cookie, rawBody },
            nextAddress(),
          );
        }
      }
      for (const param of op.queryParams) {
        for (const value of ABUSIVE_VALUES) {
          const text = typeof value === "string" ? value : JSON.stringify(value);
          await send(
            {
              method: op.method,
              url: urlOf(op, realIds ? values : {}, `${param}=${encodeURIComponent(text)}`),
              cookie: fuzzer.cookie,
              payload: base,
            },
            nextAddress(),
          );
        }
        await send({
          method: op.method,
          url: urlOf(op, values, `${param}=%E0%A4%A`),
          cookie: fuzzer.cookie,
          payload: base,
        });
      }
      for (const param of op.pathParams) {
        for (const value of ABUSIVE_PATH_VALUES) {
          await send(
            {
              method: op.method,
              url: urlOf(op, { ...values, [param]: value }),
              cookie: fuzzer.cookie,
              payload: base,
            },
            nextAddress(),
          );
        }
      }
    }
    expect(tally.failures).toEqual([]);
  }, 240_000);

  it("uploads files with the same inputs in their cells: no 500, every error in the API's shape", async () => {
    const cells = [
      "Ne\u0000ptune",
      "x".repeat(3000),
      "2147483648",
      "1e308",
      "0000-01-01",
      "9999-12-31",
      "2025-02-30",
    ];
    const files: { dataType: string; header: string; row: (cell: string) => string }[] = [
      {
        dataType: "ships",
        header: "Vessel Name,IMO Number,Ship Type,Deadweight (MT)",
        row: (c) => `"${c}",9555034,Bulk Carrier,${c.length < 20 ? c : 1}`,
      },
      {
        dataType: "voyages",
        header: "Ship ID,Voyage Number,Departure Port,Arrival Port,Start Date",
        row: (c) => `${fuzzerIds.ship},"${c}","${c}",Santos,${c.length < 20 ? c : "2025-01-01"}`,
      },
      { dataType: "fuel", header: "Ship ID,Date,SFOC", row: (c) => `"${c}","${c}","${c}"` },
    ];
    for (const file of files) {
      for (const cell of cells) {
        const { payload, contentType } = multipartBody([
          { name: "mappingConfig", value: JSON.stringify({ dataType: file.dataType }) },
          {
            name: "dataFile",
            filename: `fuzz${cell.slice(0, 8)}.csv`,
            content: `${file.header}\n${file.row(cell)}\n`,
          },
        ]);
        tally.attempts += 1;
        const res = await t.app.inject({
          method: "POST",
          url: "/api/upload-data",
          headers: { cookie: fuzzer.cookie, "content-type": contentType },
          payload,
        });
        if (res.statusCode >= 500) {
          tally.failures.push({
            request: `upload ${file.dataType} ${cell.slice(0, 30)}`,
            status: res.statusCode,
            body: res.body.slice(0, 300),
          });
        }
      }
    }
    expect(tally.failures).toEqual([]);
  }, 60_000);
});
