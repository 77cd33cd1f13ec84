/**
 * Issue 30 finding 9: CR/LF and bidirectional controls were accepted in ship names (and every other name a
 * person types): a line break splits a CSV export's or an e-mail's line, a U+202E turns 'Evergreen' into
 * what it is not on every screen and report. Each single-line name of the API refuses C0 and C1 controls (tab
 * and line breaks included), the Unicode line and paragraph separators and the bidi controls, with a 400
 * naming the field; names in any script, with emoji and joiners, are kept.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, shipBody, type TestUser } from "../test/test-app";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let shipId: number;
let voyageId: number;
let address = 0;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  shipId = await t.addShip(owner);
  const voyage = await send("POST", "/api/voyages", voyageBody());
  voyageId = voyage.json().id;
  await t.stepUp(owner);
});
afterAll(() => t.close());

function send(method: "POST" | "PATCH", url: string, payload: object) {
  address += 1;
  // registrations are throttled per address: each call comes from one of its own
  const remoteAddress = `10.77.${(address >> 8) & 255}.${address & 255}`;
  // and signed out: registering while signed in ends the session presented (rotated at sign-in)
  const headers = url === "/api/auth/register" ? {} : { cookie: owner.cookie };
  return t.app.inject({ method, url, payload, remoteAddress, headers });
}

const voyageBody = (fields: object = {}) => ({
  shipId,
  voyageNumber: `V${address}`,
  origin: "Rotterdam",
  destination: "Santos",
  departureDate: "2026-03-01T06:00:00Z",
  ...fields,
});

/** Each single-line name the API takes: where, and the body with `value` in that field. */
const FIELDS: [string, "POST" | "PATCH", () => string, (value: string) => object][] = [
  ["name", "POST", () => "/api/ships", (name) => shipBody({ name, imo: "9074729" })],
  ["name", "PATCH", () => `/api/ships/${shipId}`, (name) => ({ name })],
  ["voyageNumber", "POST", () => "/api/voyages", (voyageNumber) => voyageBody({ voyageNumber })],
  ["origin", "POST", () => "/api/voyages", (origin) => voyageBody({ origin })],
  ["destination", "POST", () => "/api/voyages", (destination) => voyageBody({ destination })],
  [
    "origin",
    "PATCH",
    () => `/api/voyages/${voyageId}`,
    (origin) => ({ ...voyageBody({ origin }), shipId: undefined }),
  ],
  ...(["firstName", "lastName", "organizationName"] as const).map(
    (field) =>
      [
        field,
        "POST",
        () => "/api/auth/register",
        (value: string) => ({
          email: `new${address}@example.com`,
          password: "correct horse battery",
          firstName: "Ada",
          organizationName: "Ada Shipping",
          [field]: value,
        }),
      ] as (typeof FIELDS)[number],
  ),
  ...(["firstName", "lastName"] as const).map(
    (field) =>
      [
        field,
        "POST",
        () => "/api/org/members",
        (value: string) => ({
          email: `member${address}@example.com`,
          password: "another long password",
          firstName: "Grace",
          role: "viewer",
          [field]: value,
        }),
      ] as (typeof FIELDS)[number],
  ),
  ["name", "POST", () => "/api/api-keys", (name) => ({ name, scopes: ["read"] })],
  ...(["coating", "coatingType"] as const).map(
    (field) =>
      [
        field,
        "POST",
        () => "/api/maintenance-events",
        (value: string) => ({ shipId, type: "dry-docking", date: "2025-06-01", [field]: value }),
      ] as (typeof FIELDS)[number],
  ),
];

const REFUSED: [string, string][] = [
  ["a line feed", "\n"],
  ["a carriage return", "\r"],
  ["CR LF", "\r\n"],
  ["a tab", "\t"],
  ["a bell (C0)", "\u0007"],
  ["an escape (C0)", "\u001b"],
  ["a delete", "\u007f"],
  ["a next line (C1)", "\u0085"],
  ["a control sequence introducer (C1)", "\u009b"],
  ["a line separator", "\u2028"],
  ["a paragraph separator", "\u2029"],
  ["a left-to-right mark", "\u200e"],
  ["a right-to-left mark", "\u200f"],
  ["an Arabic letter mark", "\u061c"],
  ["a left-to-right embedding", "\u202a"],
  ["a right-to-left override", "\u202e"],
  ["a left-to-right isolate", "\u2066"],
  ["a first-strong isolate", "\u2068"],
  ["a pop directional isolate", "\u2069"],
];

const cases = FIELDS.flatMap(([field, method, url, body]) =>
  REFUSED.map(
    ([what, char]) =>
      [`${method} ${url().replace(/\d+$/, ":id")} ${field}`, what, char, field, method, url, body] as const,
  ),
);

describe("single-line names refuse controls, naming the field", () => {
  it.each(cases)("%s: %s is a 400", async (_where, _what, char, field, method, url, body) => {
    const res = await send(method, url(), body(`Ever${char}green`));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.details).toEqual([{ field, reason: expect.stringMatching(/control/) }]);
  });

  it.each([
    ["Latin with diacritics", "São Tomé – Ærø"],
    ["Greek", "Ψ Ωμέγα"],
    ["Arabic (right-to-left text needs no control)", "الإسكندرية"],
    ["Hebrew", "חיפה"],
    ["CJK", "横浜"],
    ["an emoji with a zero-width joiner", "👩\u200d✈️ Pilot"],
    ["a Persian word with a zero-width non-joiner", "می\u200cخواهم"],
  ])("%s is kept as typed", async (_what, name) => {
    const res = await send("PATCH", `/api/ships/${shipId}`, { name });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().name).toBe(name);
  });

  it("a line break at either end is trimmed away, as spaces are", async () => {
    const res = await send("PATCH", `/api/ships/${shipId}`, { name: "\r\nEvergreen\n" });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe("Evergreen");
  });
});
