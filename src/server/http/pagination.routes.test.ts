/**
 * The organisation-wide lists in pages (issue 20 item 7, contracts/pagination.ts): walked to the end with a
 * small limit, each item comes once, in the list's order, only the caller's organisation's, whatever is
 * written between two pages; a bad cursor or limit is a 400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DB_ID_MAX } from "../../contracts/common";
import { PAGE_HEADERS, PAGE_LIMIT_MAX } from "../../contracts/wire-constants";
import { createTestApp, shipBody, type TestUser, VALID_IMOS } from "../test/test-app";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let other: TestUser;
const NAMES = ["Tern", "Ærø Ψ", "Albatross", "Kittiwake", "Petrel", "Fulmar"];
const shipIds: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  other = await t.registerOwner();
  for (const [i, name] of NAMES.entries()) {
    const res = await call(owner, "POST", "/api/ships", shipBody({ name, imo: VALID_IMOS[i] }));
    shipIds.push(res.json().id);
  }
  await call(other, "POST", "/api/ships", shipBody({ name: "Stranger", imo: VALID_IMOS[0] }));
});
afterAll(() => t.close());

const call = (user: TestUser, method: "GET" | "POST", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });

/** Every page of a list, `limit` at a time: the pages' items (through `items`) and the totals answered. */
async function walk<T>(user: TestUser, path: string, limit: number, items = (body: unknown) => body as T[]) {
  const pages: T[][] = [];
  const totals: number[] = [];
  let cursor: string | undefined;
  do {
    const sep = path.includes("?") ? "&" : "?";
    const res = await call(user, "GET", `${path}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`);
    expect(res.statusCode).toBe(200);
    pages.push(items(res.json()));
    totals.push(Number(res.headers[PAGE_HEADERS.total]));
    cursor = res.headers[PAGE_HEADERS.nextCursor] as string | undefined;
  } while (cursor && pages.length < 50);
  return { pages, all: pages.flat(), totals };
}

describe("GET /api/ships in pages", () => {
  it("walks every ship once, by name, with the organisation's total; the other organisation sees its own", async () => {
    const { pages, all, totals } = await walk<{ name: string }>(owner, "/api/ships", 4);
    expect(pages.map((p) => p.length)).toEqual([4, 2]);
    expect(all.map((s) => s.name).sort()).toEqual([...NAMES].sort());
    expect(new Set(totals)).toEqual(new Set([NAMES.length]));
    const theirs = await walk<{ name: string }>(other, "/api/ships", 4);
    expect(theirs.all.map((s) => s.name)).toEqual(["Stranger"]);
    expect(theirs.totals).toEqual([1]);
  });

  it("a ship added between two pages before the cursor neither repeats nor hides the others", async () => {
    const first = await call(owner, "GET", "/api/ships?limit=3");
    const seen = (first.json() as { name: string }[]).map((s) => s.name);
    await call(owner, "POST", "/api/ships", shipBody({ name: "Aaa first", imo: "9000003" }));
    const cursor = first.headers[PAGE_HEADERS.nextCursor] as string;
    const rest = await call(owner, "GET", `/api/ships?limit=50&cursor=${cursor}`);
    const after = (rest.json() as { name: string }[]).map((s) => s.name);
    expect([...seen, ...after].sort()).toEqual([...NAMES].sort());
    expect(rest.headers[PAGE_HEADERS.total]).toBe(String(NAMES.length + 1));
    expect(rest.headers[PAGE_HEADERS.nextCursor]).toBeUndefined();
  });

  it.each([
    ["a limit over the maximum", `limit=${PAGE_LIMIT_MAX + 1}`, "limit"],
    ["a limit of zero", "limit=0", "limit"],
    ["a cursor this API never answered", "cursor=not-a-cursor!", "cursor"],
    ["a well-formed string that is not a cursor", `cursor=${btoa("hello")}`, "cursor"],
  ])("%s is a 400 naming the field", async (_case, query, field) => {
    const res = await call(owner, "GET", `/api/ships?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
  });
});

describe("GET /api/voyages in pages", () => {
  it("voyages leaving at the same instant are ordered by id: each once across pages, the ship's only", async () => {
    const [a, b] = shipIds as [number, number];
    for (const n of ["V1", "V2", "V3", "V4", "V5"])
      await call(owner, "POST", "/api/voyages", {
        shipId: a,
        voyageNumber: n,
        origin: "Rotterdam",
        destination: "Santos",
        departureDate: "2026-03-01T06:00:00Z",
      });
    await call(owner, "POST", "/api/voyages", {
      shipId: b,
      voyageNumber: "B1",
      origin: "Rotterdam",
      destination: "Santos",
      departureDate: "2026-04-01T06:00:00Z",
    });
    const { pages, all, totals } = await walk<{ voyageNumber: string }>(owner, `/api/voyages?shipId=${a}`, 2);
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(all.map((v) => v.voyageNumber).sort()).toEqual(["V1", "V2", "V3", "V4", "V5"]);
    expect(totals).toEqual([5, 5, 5]);
    const fleet = await walk<{ voyageNumber: string }>(owner, "/api/voyages", 4);
    expect(fleet.all.map((v) => v.voyageNumber)[0]).toBe("B1"); // latest departure first
    expect(fleet.all).toHaveLength(6);
    expect((await walk(other, "/api/voyages", 4)).all).toEqual([]);
  });
});

describe("object answers carry nextCursor and total", () => {
  it("GET /api/shares: {shares, nextCursor, total}", async () => {
    const filters = { range: "custom", from: "2025-05-01", to: "2025-05-20", engine: "all" };
    for (let i = 0; i < 3; i++)
      await call(owner, "POST", "/api/shares", { shipId: shipIds[0], filters, expiresInDays: 7 });
    const first = (await call(owner, "GET", "/api/shares?limit=2")).json();
    expect(first).toMatchObject({ total: 3, nextCursor: expect.any(String) });
    expect(first.shares).toHaveLength(2);
    const second = (await call(owner, "GET", `/api/shares?limit=2&cursor=${first.nextCursor}`)).json();
    expect(second).toMatchObject({ total: 3, nextCursor: null });
    const ids = [...first.shares, ...second.shares].map((s: { id: number }) => s.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x)); // newest first
    expect(new Set(ids).size).toBe(3);
    expect((await call(other, "GET", "/api/shares")).json()).toMatchObject({ shares: [], total: 0 });
  });

  it("GET /api/fleet: {ships, groups, nextCursor, total}; without a limit, every ship up to the maximum", async () => {
    const whole = (await call(owner, "GET", "/api/fleet")).json();
    expect(whole).toMatchObject({ total: NAMES.length + 1, nextCursor: null });
    const { all, totals } = await walk<{ id: number }>(
      owner,
      "/api/fleet",
      3,
      (b) => (b as { ships: [] }).ships,
    );
    expect(all.map((s) => s.id)).toEqual(whole.ships.map((s: { id: number }) => s.id));
    expect(new Set(totals)).toEqual(new Set([NAMES.length + 1]));
    expect((await call(other, "GET", "/api/fleet")).json().ships).toHaveLength(1);
  });
});

describe("the other org-wide lists answer the page headers", () => {
  it.each(["/api/org/members", "/api/uploads", "/api/api-keys"])("%s", async (path) => {
    const res = await call(owner, "GET", `${path}?limit=1`);
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers[PAGE_HEADERS.total])).toBeGreaterThanOrEqual(res.json().length);
  });
});

describe("GET /api/alerts/deliveries", () => {
  it("answers its page fields (an organisation without deliveries: none)", async () => {
    const res = await call(owner, "GET", "/api/alerts/deliveries?limit=5");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deliveries: [], nextCursor: null, total: 0 });
    expect(res.headers[PAGE_HEADERS.total]).toBe("0");
  });
});

/**
 * Issue 30 finding 9: cursors that decode to JSON of the wrong shape or types answered 500 (52 of them across
 * the lists) when their values reached SQL. Each list's cursor carries its own sort column's type (a name, an
 * instant, an id) and ids PostgreSQL can hold; anything else is a 400 naming `cursor`, on every paged list.
 */
describe("crafted cursors on every paged list", () => {
  const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value), "utf8").toString("base64url");
  const INT_BEYOND = DB_ID_MAX + 1;
  // each list, what it sorts by, and the first id its table cannot hold (deliveries: a bigint identity)
  const LISTS = [
    ["/api/ships", "text", INT_BEYOND],
    ["/api/fleet", "text", INT_BEYOND],
    ["/api/org/members", "text", INT_BEYOND],
    ["/api/voyages", "instant", INT_BEYOND],
    ["/api/shares", "id", INT_BEYOND],
    ["/api/uploads", "id", INT_BEYOND],
    ["/api/api-keys", "id", INT_BEYOND],
    ["/api/alerts/deliveries", "id", Number.MAX_SAFE_INTEGER + 1],
  ] as const;
  type Sort = (typeof LISTS)[number][1];
  const VALID: Record<Sort, unknown> = { text: "Petrel", instant: "2026-03-01T06:00:00.000Z", id: 3 };

  // Refused on every list, whatever it sorts by.
  const ANY: [string, unknown][] = [
    ["an object", { at: 5, id: "x" }],
    ["an empty array", []],
    ["null", null],
    ["a bare number", 5],
    ["a one-item array", ["x"]],
    ["three items", ["x", 1, 2]],
    ["a null sort value", [null, 1]],
    ["a boolean sort value", [true, 1]],
    ["an array sort value", [["x"], 1]],
    ["an object sort value", [{ a: 1 }, 1]],
    ["a null id", ["x", null]],
    ["a string id", ["x", "1"]],
    ["a fractional id", ["x", 1.5]],
    ["a negative id", ["x", -1]],
    ["a huge id", ["x", 1e300]],
    ["a huge sort value", [1e300, 1]],
    ["a NUL in the sort value", ["a\u0000b", 1]],
    ["a sort value of 10,000 characters", ["x".repeat(10_000), 1]],
  ];
  // Refused where the list's sort column is of another type.
  const WRONG_TYPE: Record<Sort, [string, unknown][]> = {
    text: [
      ["a number for a name", [5, 1]],
      ["a fractional number for a name", [1.5, 1]],
    ],
    instant: [
      ["a number for an instant", [5, 1]],
      ["a word for an instant", ["not a date", 1]],
      ["a calendar date that does not exist", ["2026-02-30T00:00:00.000Z", 1]],
      ["an instant without its zone", ["2026-03-01T06:00:00", 1]],
      ["an instant PostgreSQL reads but JavaScript does not", ["infinity", 1]],
      ["an instant beyond year 9999", ["+275760-09-13T00:00:00.000Z", 1]],
    ],
    id: [
      ["a name for an id", ["Petrel", 1]],
      ["an instant for an id", ["2026-03-01T06:00:00.000Z", 1]],
      ["a digit string for an id", ["9999999999", 1]],
      ["a fractional id to sort by", [1.5, 1]],
    ],
  };
  const beyond = (first: number): [string, unknown][] => [
    ["an id its table cannot hold", [VALID.text, first]],
    ["an id to sort by its table cannot hold", [first, 1]],
  ];
  const cases = LISTS.flatMap(([path, sort, first]) =>
    [...ANY, ...WRONG_TYPE[sort], ...beyond(first)].map(([name, value]) => [path, name, value] as const),
  );

  it.each(cases)("%s: %s is a 400 naming cursor", async (path, _name, value) => {
    const res = await call(owner, "GET", `${path}?cursor=${cursorOf(value)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([{ field: "cursor", reason: expect.any(String) }]);
  });

  it.each(LISTS)("%s: a cursor of its own sort type answers a page", async (path, sort, first) => {
    const res = await call(owner, "GET", `${path}?cursor=${cursorOf([VALID[sort], 3])}`);
    expect(res.statusCode).toBe(200);
    const last = await call(owner, "GET", `${path}?cursor=${cursorOf([VALID[sort], first - 1])}`);
    expect(last.statusCode).toBe(200);
  });

  it("a name of 254 three-byte characters (the longest sorted by) still makes a cursor the API reads", async () => {
    const res = await call(owner, "GET", `/api/org/members?cursor=${cursorOf(["\u20ac".repeat(254), 3])}`);
    expect(res.statusCode).toBe(200);
  });
});
