/**
 * Charter-party performance through the API (issue 33): a noon sheet uploaded as a user would, the warranty set
 * on its voyage, and the answer checked against the arithmetic written here (the same voyage as the domain's
 * hand-worked case); another organisation can neither read nor write the terms.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appWithShip, type TestUser } from "../test/test-app";
import { CP_TERMS, uploadCpVoyage } from "./cp-test-voyage";

let t: Awaited<ReturnType<typeof appWithShip>>["t"];
let owner: TestUser;
let stranger: TestUser;
let shipId: number;
let voyageId: number;

// UTC instants: full away at 12:00 on 1 March, then noon reports 24, 24, 23 (clock advanced), 25 (retarded)
// and 24 h apart, and the end of sea passage 10 h after the last noon.

const TERMS = CP_TERMS;

beforeAll(async () => {
  ({ t, owner, stranger, shipId } = await appWithShip({ name: "Warranty Star", imo: "9074731" }));
  voyageId = await uploadCpVoyage(t, owner, shipId);
}, 60_000);
afterAll(() => t.close());

function as(user: TestUser, method: "GET" | "PUT" | "POST" | "DELETE", url: string, payload?: object) {
  return t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });
}

describe("charter-party terms", () => {
  it("a voyage without terms says so: null terms, and 409 for its performance", async () => {
    expect((await as(owner, "GET", `/api/voyages/${voyageId}/charter-party`)).json()).toEqual({
      terms: null,
    });
    const perf = await as(owner, "GET", `/api/voyages/${voyageId}/charter-party/performance`);
    expect(perf.statusCode).toBe(409);
    expect(perf.json().error.message).toMatch(/has no charter-party terms/);
  });

  it("refuses terms it cannot use, naming the field", async () => {
    const res = await as(owner, "PUT", `/api/voyages/${voyageId}/charter-party`, { ...TERMS, speedKn: -1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].field).toBe("speedKn");
    const extra = await as(owner, "PUT", `/api/voyages/${voyageId}/charter-party`, { ...TERMS, speed: 3 });
    expect(extra.statusCode).toBe(400);
  });

  it("stores the terms with the defaults filled in", async () => {
    const res = await as(owner, "PUT", `/api/voyages/${voyageId}/charter-party`, TERMS);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      ...TERMS,
      condition: "laden",
      aboutSpeedKn: 0.5,
      aboutConsumptionPercent: 5,
      goodWeather: { maxBeaufort: 4, maxDouglas: 3, maxWaveHeightM: null, wholeDay: true },
      consumers: ["main"],
      currency: "USD",
      source: "voyage",
    });
    expect((await as(owner, "GET", `/api/voyages/${voyageId}/charter-party`)).json().terms.speedKn).toBe(14);
  });

  it("another organisation can neither read nor write them (404)", async () => {
    for (const [method, url, body] of [
      ["GET", `/api/voyages/${voyageId}/charter-party`],
      ["GET", `/api/voyages/${voyageId}/charter-party/performance`],
      ["PUT", `/api/voyages/${voyageId}/charter-party`, TERMS],
      ["DELETE", `/api/voyages/${voyageId}/charter-party`],
      ["GET", `/api/ships/${shipId}/charter-party`],
      ["PUT", `/api/ships/${shipId}/charter-party/laden`, TERMS],
    ] as const) {
      const res = await as(stranger, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await as(owner, "GET", `/api/voyages/${voyageId}/charter-party`)).json().terms.speedKn).toBe(14);
  });
});

describe("the performance of the uploaded voyage", () => {
  it("agrees with the hand calculation to the tonne and the tenth of an hour", async () => {
    const res = await as(owner, "GET", `/api/voyages/${voyageId}/charter-party/performance`);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json();
    expect(p.basis).toBe("noon_reports");
    expect(p.days.filter((d: { covered: boolean }) => d.covered)).toHaveLength(6);
    // good weather: the days of Beaufort 3, 4 and 2: 24 + 23 + 25 = 72 h, 938.3 nm, 95.4 t
    expect(p.goodWeather).toEqual({
      days: 3,
      hours: 72,
      distanceNm: expect.closeTo(938.3, 6),
      speedKn: expect.closeTo(938.3 / 72, 6),
      consumptionTonnesPerDay: expect.closeTo((95.4 * 24) / 72, 6),
    });
    expect(p.voyage).toEqual({ seaHours: 130, distanceNm: expect.closeTo(1643.3, 6) });
    const vgw = 938.3 / 72;
    const timeLost = 1643.3 / vgw - 1643.3 / 13.5; // 4.37 h
    const over = (31.8 - 31.5) * (1643.3 / vgw / 24); // 1.58 t
    expect(p.timeLostHours).toBeCloseTo(timeLost, 1);
    expect(p.overConsumptionTonnes).toBeCloseTo(over, 0);
    expect(p.claim.total).toBeCloseTo((timeLost / 24) * 12_000 + over * 600, 0);
    expect(p.status).toBe("under_performing");
    expect(p.method).toMatch(/Didymi/);
  });

  it("a ship's default for laden voyages applies where the voyage has none of its own", async () => {
    expect((await as(owner, "DELETE", `/api/voyages/${voyageId}/charter-party`)).statusCode).toBe(204);
    const put = await as(owner, "PUT", `/api/ships/${shipId}/charter-party/laden`, { ...TERMS, speedKn: 13 });
    expect(put.statusCode, put.body).toBe(200);
    const terms = (await as(owner, "GET", `/api/voyages/${voyageId}/charter-party`)).json().terms;
    expect(terms).toMatchObject({ speedKn: 13, source: "ship", condition: "laden" });
    const p = (await as(owner, "GET", `/api/voyages/${voyageId}/charter-party/performance`)).json();
    expect(p.timeLostHours).toBe(0); // 13.03 kn against 12.5 kn allowed
    const ship = (await as(owner, "GET", `/api/ships/${shipId}/charter-party`)).json();
    expect(ship.laden.speedKn).toBe(13);
    expect(ship.ballast).toBeNull();
  });
});

describe("consumption warranted per grade (VLSFO at sea plus MGO)", () => {
  it("judges each grade against its own line and values it at its own price", async () => {
    const put = await as(owner, "PUT", `/api/voyages/${voyageId}/charter-party`, {
      ...TERMS,
      consumptionTonnesPerDay: 32,
      consumers: ["main", "auxiliary"],
      gradeConsumption: [
        { grade: "vlsfo", tonnesPerDay: 30, pricePerTonne: 600 },
        { grade: "MGO", tonnesPerDay: 1.5, pricePerTonne: 900 },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().gradeConsumption.map((g: { grade: string }) => g.grade)).toEqual(["VLSFO", "MGO"]);
    const p = (await as(owner, "GET", `/api/voyages/${voyageId}/charter-party/performance`)).json();
    const vgw = 938.3 / 72;
    const seaDays = 1643.3 / vgw / 24;
    // VLSFO: 95.4 t in 72 h = 31.8 t/day against 30 + 5 % = 31.5; MGO: 6.0 t in 72 h = 2.0 t/day against 1.575
    const [vlsfo, mgo] = p.byGrade;
    expect(vlsfo.goodWeatherTonnesPerDay).toBeCloseTo(31.8, 6);
    expect(vlsfo.overConsumptionTonnes).toBeCloseTo(0.3 * seaDays, 6);
    expect(mgo.goodWeatherTonnesPerDay).toBeCloseTo(2.0, 6);
    expect(mgo.overConsumptionTonnes).toBeCloseTo((2.0 - 1.575) * seaDays, 6);
    // the fuel claim: each grade at its own price
    expect(p.claim.fuel).toBeCloseTo(0.3 * seaDays * 600 + (2.0 - 1.575) * seaDays * 900, 4);
  });

  it("refuses a grade it does not know, naming the field", async () => {
    const res = await as(owner, "PUT", `/api/voyages/${voyageId}/charter-party`, {
      ...TERMS,
      gradeConsumption: [{ grade: "unobtainium", tonnesPerDay: 3 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].field).toBe("gradeConsumption.0.grade");
  });
});
