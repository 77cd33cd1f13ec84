/**
 * The fleet page's 'CP performance' column (issue 33 item 5): a ship's active voyage with terms shows the
 * status its own panel answers (the same function), a new or changed warranty shows at once (the kept answer's
 * fingerprint covers voyages and terms), a ship without an active voyage with terms shows none, and another
 * organisation sees nothing of it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FleetResponse, FleetShip } from "../../contracts/fleet";
import { CP_SHEET_LINES, CP_TERMS } from "../charter-party/cp-test-voyage";
import { appWithShip, shipBody, type TestUser } from "../test/test-app";
import { uploadFile } from "../uploads/upload-test-helpers";

let t: Awaited<ReturnType<typeof appWithShip>>["t"];
let owner: TestUser;
let stranger: TestUser;
let shipId: number;
let voyageId: number;

// The charter-party route test's noon sheet: good-weather days at 13.03 kn and 31.8 t/day.
const SHEET = CP_SHEET_LINES.slice(0, -1).join("\n"); // no end of sea passage: the voyage is active

const TERMS = CP_TERMS;

function as(user: TestUser, method: "GET" | "PUT" | "POST", url: string, payload?: object) {
  return t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });
}
const lineOf = async (user: TestUser, id: number): Promise<FleetShip | undefined> => {
  const res = await as(user, "GET", "/api/fleet");
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as FleetResponse).ships.find((s) => s.id === id);
};

beforeAll(async () => {
  ({ t, owner, stranger, shipId } = await appWithShip({ name: "Column Star", imo: "9074731" }));
  const res = await uploadFile(t.app, owner, { filename: "noon.csv", content: SHEET }, { dataType: "noon" });
  expect(res.statusCode, res.body).toBe(200);
  const created = await as(owner, "POST", "/api/voyages", {
    shipId,
    voyageNumber: "CP-LIVE",
    origin: "Santos",
    destination: "Qingdao",
    departureDate: "2026-03-01T12:00:00Z",
    status: "active",
  });
  expect(created.statusCode, created.body).toBe(201);
  voyageId = created.json().id;
}, 60_000);
afterAll(() => t.close());

describe("GET /api/fleet: CP performance", () => {
  it("is null while the active voyage has no terms, and while only the other condition has a default", async () => {
    expect((await lineOf(owner, shipId))?.charterParty).toBeNull();
    const ballast = await as(owner, "PUT", `/api/ships/${shipId}/charter-party/ballast`, TERMS);
    expect(ballast.statusCode, ballast.body).toBe(200);
    expect((await lineOf(owner, shipId))?.charterParty).toBeNull();
  });

  it("shows the status the voyage's own performance answers, at once after the terms change", async () => {
    const put = await as(owner, "PUT", `/api/voyages/${voyageId}/charter-party`, TERMS);
    expect(put.statusCode, put.body).toBe(200);
    const perf = (await as(owner, "GET", `/api/voyages/${voyageId}/charter-party/performance`)).json();
    expect(perf.status).toBe("under_performing"); // 13.03 kn against 13.5 kn allowed
    expect((await lineOf(owner, shipId))?.charterParty).toEqual({
      voyageId,
      voyageNumber: "CP-LIVE",
      status: perf.status,
    });
    // a warranty the ship meets: 13 kn (12.5 allowed) and 32 t/day (33.6 allowed)
    await as(owner, "PUT", `/api/voyages/${voyageId}/charter-party`, {
      ...TERMS,
      speedKn: 13,
      consumptionTonnesPerDay: 32,
    });
    const again = (await as(owner, "GET", `/api/voyages/${voyageId}/charter-party/performance`)).json();
    expect((await lineOf(owner, shipId))?.charterParty?.status).toBe(again.status);
    expect(again.status).not.toBe("under_performing");
  });

  it("is null again once the voyage is no longer active", async () => {
    const done = await t.app.inject({
      method: "PATCH",
      url: `/api/voyages/${voyageId}`,
      headers: { cookie: owner.cookie },
      payload: { status: "completed", arrivalDate: "2026-03-06T22:00:00Z" },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await lineOf(owner, shipId))?.charterParty).toBeNull();
  });

  it("shows another organisation nothing of it", async () => {
    const res = await as(stranger, "GET", "/api/fleet");
    expect(res.statusCode).toBe(200);
    expect((res.json() as FleetResponse).ships).toEqual([]);
    const own = await as(stranger, "POST", "/api/ships", shipBody({ name: "Other Star" }));
    expect(own.statusCode, own.body).toBe(201);
    const line = await lineOf(stranger, own.json().id);
    expect(line?.charterParty).toBeNull();
  });
});
