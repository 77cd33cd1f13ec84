/**
 * Issue 11 items 2 and 7 end to end, from a file in the specification's own fuel columns (no distance):
 * the SFOC column says 176–180 g/kWh while fuel rate ÷ power says 131.9 g/kWh. The report checks list the
 * records, the SFOC card is unverified (no green improvement), and the distance derived from SOG × hours
 * gives a CII rating, a cost per nm and an EEOI, each marked derived. Another organisation gets 404.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPORT_CHECK_FIRST_RECORDS } from "../../domain/report-checks/report-checks";
import { createTestApp, shipBody, type TestUser } from "../test/test-app";
import { uploadFile } from "../uploads/upload-test-helpers";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let stranger: TestUser;
let shipId: number;
let givenShipId: number;

const HOURS = 48;
const SOG = 12.5;
/** Power at which 24 t/day is 131.9 g/kWh: 24·10⁶ / (131.9 · 24). */
const POWER = 24e6 / (131.9 * 24);
const SPEC_HEADER =
  "Ship ID,Voyage ID,Date,SFOC,Fuel Rate,Engine Load,Speed STW,Speed SOG,Engine Power,Fuel Type,CO2 Emissions";
const stamp = (i: number) => new Date(Date.parse("2025-03-01T00:00:00Z") + i * 3_600_000).toISOString();

const post = (user: TestUser, url: string, payload: object) =>
  t.app.inject({ method: "POST", url, headers: { cookie: user.cookie }, payload });
const get = (user: TestUser, url: string) => t.app.inject({ url, headers: { cookie: user.cookie } });

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  stranger = await t.registerOwner();
  shipId = (await post(owner, "/api/ships", shipBody({ name: "Alpha", imo: "9074729" }))).json().id;
  givenShipId = (await post(owner, "/api/ships", shipBody({ name: "Beta", imo: "9312456" }))).json().id;
  for (const [ship, number] of [
    [shipId, "A-1"],
    [givenShipId, "B-1"],
  ] as const)
    await post(owner, "/api/voyages", {
      shipId: ship,
      voyageNumber: number,
      origin: "Rotterdam",
      destination: "Santos",
      departureDate: "2025-03-01T00:00:00Z",
      arrivalDate: "2025-03-03T00:00:00Z",
      cargoTonnes: 40_000,
    });
  // the specification's columns only: SFOC 176–180 g/kWh, 24 t/day at 7,582 kW, SOG 12.5 kn, no distance
  const spec = Array.from(
    { length: HOURS },
    (_, i) => `9074729,A-1,${stamp(i)},${176 + (i % 5)},24,75,12,${SOG},${POWER.toFixed(3)},HFO,`,
  );
  const res = await uploadFile(
    t.app,
    owner,
    { filename: "spec.csv", content: `${SPEC_HEADER}\n${spec.join("\n")}\n` },
    { dataType: "fuel" },
  );
  expect(res.statusCode, res.body).toBeLessThan(300);
  // a consistent file with a Distance (nm) column: 10 nm a record, not SOG × hours; 180 g/kWh both ways
  const given = Array.from(
    { length: HOURS },
    (_, i) => `9312456,B-1,${stamp(i)},180,24,75,12,${SOG},${(24e6 / (180 * 24)).toFixed(4)},HFO,,main,10,1`,
  );
  const res2 = await uploadFile(
    t.app,
    owner,
    {
      filename: "given.csv",
      content: `${SPEC_HEADER},Consumer,Distance (nm),Period (h)\n${given.join("\n")}\n`,
    },
    { dataType: "fuel" },
  );
  expect(res2.statusCode, res2.body).toBeLessThan(300);
});
afterAll(() => t.close());

const RANGE = "range=custom&from=2025-03-01T00:00:00Z&to=2025-03-03T00:00:00Z";

describe("GET /api/ships/:id/report-checks", () => {
  it("lists the SFOC disagreement, the impossible SFOC and the derived distance with their first records", async () => {
    const res = await get(owner, `/api/ships/${shipId}/report-checks?from=2025-03-01&to=2025-03-02`);
    expect(res.statusCode, res.body).toBe(200);
    const checks = res.json().checks as {
      check: string;
      severity: string;
      count: number;
      records: unknown[];
    }[];
    const byId = Object.fromEntries(checks.map((c) => [c.check, c]));
    expect(Object.keys(byId).sort()).toEqual([
      "distance-derived",
      "sfoc-out-of-physical-range",
      "sfoc-reported-vs-derived",
    ]);
    // to=2025-03-02 (a bare date) includes that day: all 48 records
    expect(byId["sfoc-reported-vs-derived"]).toMatchObject({ severity: "warning", count: HOURS });
    expect(byId["sfoc-out-of-physical-range"]).toMatchObject({ severity: "error", count: HOURS });
    expect(byId["distance-derived"]).toMatchObject({ severity: "info", count: HOURS });
    const first = byId["sfoc-reported-vs-derived"]!.records;
    expect(first).toHaveLength(REPORT_CHECK_FIRST_RECORDS);
    expect(first[0]).toEqual({ type: "fuel", timestamp: "2025-03-01T00:00:00.000Z" });
    expect(first[1]).toEqual({ type: "fuel", timestamp: "2025-03-01T01:00:00.000Z" });
  });

  it("a period narrows the count; consistent records with a distance raise no check", async () => {
    const res = await get(
      owner,
      `/api/ships/${shipId}/report-checks?from=2025-03-01T00:00:00Z&to=2025-03-01T10:00:00Z`,
    );
    expect(res.json().checks.map((c: { count: number }) => c.count)).toEqual([10, 10, 10]);
    expect(res.json().recordsChecked).toBe(10);
    const clean = await get(owner, `/api/ships/${givenShipId}/report-checks`);
    expect(clean.json()).toEqual({ checks: [], recordsChecked: expect.any(Number) });
    expect(clean.json().recordsChecked).toBeGreaterThan(0);
  });

  it("an empty range (a voyage outside the date range) answers no records, not a 400", async () => {
    const at = "2025-03-01T05:00:00.000Z";
    const res = await get(owner, `/api/ships/${shipId}/report-checks?from=${at}&to=${at}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ checks: [], recordsChecked: 0 });
  });

  it("another organisation's ship answers 404, like a missing one; no session 401", async () => {
    const res = await get(stranger, `/api/ships/${shipId}/report-checks`);
    expect(res.statusCode).toBe(404);
    expect(JSON.stringify(res.json())).not.toContain("sfoc");
    expect((await t.app.inject({ url: `/api/ships/${shipId}/report-checks` })).statusCode).toBe(401);
  });

  it.each([
    ["from=yesterday", "from"],
    ["from=2025-03-02T00:00:00Z&to=2025-03-01T00:00:00Z", "to"],
  ])("400 naming the field for %s", async (query, field) => {
    const res = await get(owner, `/api/ships/${shipId}/report-checks?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
  });
});

describe("the SFOC card of the issue's file (item 2)", () => {
  it("shows the derived figure as unverified, with the reported SFOC as its cross-check", async () => {
    const res = await get(owner, `/api/dashboard/${shipId}?${RANGE}`);
    expect(res.statusCode, res.body).toBe(200);
    const sfoc = res.json().kpis.sfoc;
    expect(sfoc.value).toBeCloseTo(131.9, 1);
    expect(sfoc.differencePercent).toBeLessThan(-20);
    expect(sfoc.reported).toBeCloseTo(178, 0);
    expect(sfoc.reportedDifferencePercent).toBeGreaterThan(30);
    expect(sfoc.verified).toBe(false);
    expect(sfoc.flags).toEqual(["reported-vs-derived", "out-of-physical-range"]);
  });

  it("Performance Trends says the same (one function)", async () => {
    const res = await get(owner, `/api/ships/${shipId}/analysis/fuel-fuel-performance?${RANGE}`);
    const summary = res.json().summary;
    const card = (await get(owner, `/api/dashboard/${shipId}?${RANGE}`)).json().kpis.sfoc;
    expect(summary.vsBaselinePercent).toBeCloseTo(card.differencePercent, 9);
    expect(summary.reportedSfoc).toBeCloseTo(card.reported, 9);
    expect(summary.sfocVerified).toBe(false);
    expect(summary.sfocFlags).toEqual(card.flags);
  });

  it("a consistent file is verified, its reported SFOC shown beside the derived one", async () => {
    const sfoc = (await get(owner, `/api/dashboard/${givenShipId}?${RANGE}`)).json().kpis.sfoc;
    expect(sfoc.value).toBeCloseTo(180, 2);
    expect(sfoc.reported).toBeCloseTo(180, 9);
    expect(sfoc).toMatchObject({ verified: true, flags: [] });
  });
});

describe("distance from SOG × hours when the file has none (item 7)", () => {
  // each record covers the hour since the previous one (the first covers none): 47 h at 12.5 kn
  const derivedNm = (HOURS - 1) * SOG;

  it("the CII card rates the year on the derived distance and says so", async () => {
    const cii = (await get(owner, `/api/dashboard/${shipId}?${RANGE}`)).json().kpis.cii;
    expect(cii).not.toBeNull();
    expect(cii.distanceSource).toBe("derived");
  });

  it("cost per nm uses the derived distance, marked derived", async () => {
    const summary = (await get(owner, `/api/ships/${shipId}/analysis/fuel-fuel-cost?${RANGE}`)).json()
      .summary;
    expect(summary.distanceNm).toBeCloseTo(derivedNm, 6);
    expect(summary.costPerNm).not.toBeNull();
    expect(summary.distanceSource).toBe("derived");
    const sidebar = (await get(owner, `/api/ships/${shipId}/analysis-summary?${RANGE}`)).json().fuel;
    expect(sidebar.costPerNm).toBeCloseTo(summary.costPerNm, 9);
    expect(sidebar.distanceSource).toBe("derived");
    const consumption = (
      await get(owner, `/api/ships/${shipId}/analysis/fuel-fuel-consumption?${RANGE}`)
    ).json();
    expect(consumption.summary.distanceNm).toBeCloseTo(derivedNm, 6);
    expect(consumption.summary.distanceSource).toBe("derived");
  });

  it("EEOI uses the derived distance, marked derived", async () => {
    const res = (await get(owner, `/api/ships/${shipId}/analysis/fuel-fuel-eeoi?${RANGE}`)).json();
    expect(res.summary.eeoi).not.toBeNull();
    expect(res.byVoyage.distanceNm).toEqual([derivedNm]);
    expect(res.summary.distanceSource).toBe("derived");
  });

  it("with a distance column the given distance is used", async () => {
    const cost = (await get(owner, `/api/ships/${givenShipId}/analysis/fuel-fuel-cost?${RANGE}`)).json()
      .summary;
    expect(cost.distanceNm).toBeCloseTo(HOURS * 10, 9);
    expect(cost.distanceSource).toBe("reported");
    const eeoi = (await get(owner, `/api/ships/${givenShipId}/analysis/fuel-fuel-eeoi?${RANGE}`)).json();
    expect(eeoi.byVoyage.distanceNm).toEqual([HOURS * 10]);
    expect(eeoi.summary.distanceSource).toBe("reported");
    expect((await get(owner, `/api/dashboard/${givenShipId}?${RANGE}`)).json().kpis.cii.distanceSource).toBe(
      "reported",
    );
  });
});
