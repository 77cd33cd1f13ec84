/**
 * Fuel by grade (decision 008, "Grades"): two grades of one class (HSFO and VLSFO, both HFO) burnt by one consumer
 * at one instant are two records, from an upload and from the ingest API; reads return the grade and its
 * class; the rollups, annual figures and exports keep the grades apart and sum them into their class where a
 * figure needs the class (CO2 from the class's Cf); a write of an instant replaces that instant's grades as a
 * whole; another organisation can neither read nor write them.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FUEL_PROPERTIES } from "../../domain/fuels/fuel-types";
import { appWithShip, type createTestApp, shipBody, type TestUser } from "../test/test-app";
import { uploadFile } from "../uploads/upload-test-helpers";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let stranger: TestUser;
let shipId: number;
let strangerShipId: number;

const IMO = "9074729";
const T1 = "2025-03-01T12:00:00Z";
const T2 = "2025-03-02T12:00:00Z";
const CF_HFO = FUEL_PROPERTIES.HFO.cf;
const CF_MGO = FUEL_PROPERTIES.MGO.cf;

const inject = (user: TestUser, method: "GET" | "POST", url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) } as never);

const HEADER = "Ship ID,Date,Fuel Rate,Fuel Type,Consumer,Period (h)";
const csv = (rows: string[]) => `${HEADER}\n${rows.join("\n")}\n`;
const upload = (user: TestUser, rows: string[]) =>
  uploadFile(t.app, user, { filename: "grades.csv", content: csv(rows) }, { dataType: "fuel" });

/** The ship's stored records: consumer, instant, grade, class, rate and hours, in that order. */
async function stored(ship = shipId) {
  const res = await inject(owner, "GET", `/api/fuel-data?shipId=${ship}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as Record<string, unknown>[])
    .map((r) => [r.consumer, r.timestamp, r.fuelGrade, r.fuelType, r.fuelConsumptionRate, r.periodHours])
    .sort((a, b) => String(a).localeCompare(String(b)));
}

beforeAll(async () => {
  ({ t, owner, stranger, shipId } = await appWithShip({ name: "Alpha", imo: IMO }));
  strangerShipId = (
    await inject(stranger, "POST", "/api/ships", shipBody({ name: "Theirs", imo: "9312456" }))
  ).json().id;
});
afterAll(() => t.close());

describe("fuel by grade", () => {
  it("an upload keeps HSFO and VLSFO of one consumer at one instant apart, each with its class", async () => {
    // the main engine burnt 6 t HSFO (6 h at 24 t/day) and 18 t VLSFO (18 h), the auxiliaries 2.4 t LSMGO
    const rows = [
      `${IMO},${T1},24,HSFO,main,6`,
      `${IMO},${T1},24,vlsfo,main,18`,
      `${IMO},${T1},2.4,Low sulphur MGO,auxiliary,24`,
    ];
    const res = await upload(owner, rows);
    expect(res.json()).toMatchObject({ errors: [], data: { fuel: { new: 3, updated: 0, rejected: 0 } } });
    const iso = new Date(T1).toISOString();
    expect(await stored()).toEqual([
      ["auxiliary", iso, "LSMGO", "MGO", 2.4, 24],
      ["main", iso, "HSFO", "HFO", 24, 6],
      ["main", iso, "VLSFO", "HFO", 24, 18],
    ]);
    // the same file again changes nothing
    expect((await upload(owner, rows)).json().data.fuel).toEqual({
      new: 0,
      updated: 0,
      unchanged: 3,
      rejected: 0,
    });
    // CO2 from the class's Cf, each grade's record its own
    const records = (await inject(owner, "GET", `/api/fuel-data?shipId=${shipId}`)).json();
    for (const r of records)
      expect(r.co2Emissions).toBeCloseTo(r.fuelConsumptionRate * FUEL_PROPERTIES[r.fuelType as "HFO"].cf, 9);
  });

  it("the daily rollup has a row per grade, with its class", async () => {
    const res = await t.db.execute(sql`select consumer, fuel_grade, fuel_type, fuel_t from fuel_daily
      where org_id = ${owner.orgId} and ship_id = ${shipId} order by consumer, fuel_grade`);
    expect(res.rows.map((r) => [r.consumer, r.fuel_grade, r.fuel_type])).toEqual([
      ["auxiliary", "LSMGO", "MGO"],
      ["main", "HSFO", "HFO"],
      ["main", "VLSFO", "HFO"],
    ]);
    expect(res.rows.map((r) => Number(r.fuel_t))).toEqual([2.4, 6, 18].map((x) => expect.closeTo(x, 9)));
  });

  it("the annual figures list the grades with their class, the classes summed, CO2 from the class's Cf", async () => {
    const res = await inject(owner, "GET", `/api/ships/${shipId}/annual/2025`);
    expect(res.statusCode).toBe(200);
    const a = res.json();
    expect(a.fuelByType).toEqual([
      { fuelType: "HSFO", fuelClass: "HFO", tonnes: expect.closeTo(6, 9) },
      { fuelType: "VLSFO", fuelClass: "HFO", tonnes: expect.closeTo(18, 9) },
      { fuelType: "LSMGO", fuelClass: "MGO", tonnes: expect.closeTo(2.4, 9) },
    ]);
    expect(a.fuelByClass).toEqual([
      { fuelType: "HFO", tonnes: expect.closeTo(24, 9) },
      { fuelType: "MGO", tonnes: expect.closeTo(2.4, 9) },
    ]);
    expect(a.co2Tonnes).toBeCloseTo(24 * CF_HFO + 2.4 * CF_MGO, 9);
    expect(a.fuelByConsumer).toEqual([
      { consumer: "main", fuelType: "HSFO", fuelClass: "HFO", tonnes: expect.closeTo(6, 9) },
      { consumer: "main", fuelType: "VLSFO", fuelClass: "HFO", tonnes: expect.closeTo(18, 9) },
      { consumer: "auxiliary", fuelType: "LSMGO", fuelClass: "MGO", tonnes: expect.closeTo(2.4, 9) },
    ]);
  });

  it("the IMO DCS statement reports fuel by class with the grades under it", async () => {
    const res = await inject(owner, "GET", `/api/reports/statements/${shipId}/2025?kind=dcs&format=xlsx`);
    expect(res.statusCode).toBe(200);
    const ExcelJS = (await import("exceljs")).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const values = new Map<string, unknown>();
    wb.worksheets[0]!.eachRow((row) => values.set(String(row.getCell(2).value), row.getCell(3).value));
    expect(values.get("Fuel: HFO")).toBeCloseTo(24, 9);
    expect(values.get("Fuel: HFO, of which HSFO")).toBeCloseTo(6, 9);
    expect(values.get("Fuel: HFO, of which VLSFO")).toBeCloseTo(18, 9);
    expect(values.get("Fuel: MGO")).toBeCloseTo(2.4, 9);
    expect(values.get("Fuel: HFO, main engines")).toBeCloseTo(24, 9);
  });

  it("the CSV export's Fuel Type column shows the grade, so the file uploads back as the same records", async () => {
    const res = await inject(
      owner,
      "GET",
      `/api/exports/${shipId}?format=csv&type=fuel&engine=all&range=custom&from=2025-03-01&to=2025-03-03`,
    );
    expect(res.statusCode).toBe(200);
    const [header, ...lines] = res.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    const col = header!.split(",").indexOf("Fuel Type");
    expect(lines.map((l) => l.split(",")[col]).sort()).toEqual(["HSFO", "LSMGO", "VLSFO"]);
  });

  it("the ingest API stores two grades of one consumer at one instant from one batch", async () => {
    const res = await inject(owner, "POST", "/api/ingest/fuel", [
      { shipId, timestamp: T2, consumer: "main", fuelType: "HSFO", fuelConsumptionRate: 30, periodHours: 4 },
      {
        shipId,
        timestamp: T2,
        consumer: "main",
        fuelType: "VLSFO",
        fuelConsumptionRate: 30,
        periodHours: 20,
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ accepted: 2, new: 2, rejectedRecords: 0 });
    const at = (await stored()).filter((r) => r[1] === new Date(T2).toISOString());
    expect(at.map((r) => [r[2], r[3]])).toEqual([
      ["HSFO", "HFO"],
      ["VLSFO", "HFO"],
    ]);
  });

  it("a POST answers the grade and its class; a bio blend keeps its marker; an unknown name is refused", async () => {
    const post = (fuelType: string) =>
      inject(owner, "POST", "/api/fuel-data", {
        shipId,
        timestamp: "2025-03-05T12:00:00Z",
        consumer: "boiler",
        fuelType,
        fuelConsumptionRate: 1,
        periodHours: 24,
      });
    const res = await post("B24 vlsfo");
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ fuelGrade: "B24 VLSFO", fuelType: "HFO", co2Emissions: CF_HFO });
    const bad = await post("COAL");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe("fuelType");
  });

  it("a re-sent instant replaces its grades as a whole: by upload, and by a single POST", async () => {
    // T1's main engine re-sent with VLSFO only: its HSFO record goes, the auxiliaries' stays
    const res = await upload(owner, [`${IMO},${T1},24,VLSFO,main,24`]);
    expect(res.json()).toMatchObject({ errors: [], data: { fuel: { new: 0, updated: 1 } } });
    const t1 = (await stored()).filter((r) => r[1] === new Date(T1).toISOString());
    expect(t1).toEqual([
      ["auxiliary", new Date(T1).toISOString(), "LSMGO", "MGO", 2.4, 24],
      ["main", new Date(T1).toISOString(), "VLSFO", "HFO", 24, 24],
    ]);
    // a POST is one record of its instant: T2's two grades become the one posted
    const post = await inject(owner, "POST", "/api/fuel-data", {
      shipId,
      timestamp: T2,
      consumer: "main",
      fuelType: "ULSFO",
      fuelConsumptionRate: 30,
      periodHours: 24,
    });
    expect(post.statusCode, post.body).toBe(201);
    const t2 = (await stored()).filter((r) => r[1] === new Date(T2).toISOString());
    expect(t2.map((r) => r[2])).toEqual(["ULSFO"]);
    const daily = await t.db.execute(sql`select fuel_grade, fuel_t from fuel_daily
      where org_id = ${owner.orgId} and ship_id = ${shipId} and day = '2025-03-02'`);
    expect(daily.rows.map((r) => [r.fuel_grade, Number(r.fuel_t)])).toEqual([["ULSFO", 30]]);
  });
});

describe("tenancy", () => {
  it("another organisation can neither read nor write the grades of the first one's ship", async () => {
    const before = await stored();
    // reads: the records list, the annual figures
    const list = await inject(stranger, "GET", `/api/fuel-data?shipId=${shipId}`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([]);
    expect((await inject(stranger, "GET", `/api/ships/${shipId}/annual/2025`)).statusCode).toBe(404);
    // writes: a POST, an upload naming the ship's IMO, an ingest batch
    const post = await inject(stranger, "POST", "/api/fuel-data", {
      shipId,
      timestamp: T1,
      consumer: "main",
      fuelType: "HSFO",
      fuelConsumptionRate: 1,
    });
    expect(post.statusCode).toBe(400);
    expect(post.json().error.details[0].field).toBe("shipId");
    const up = await upload(stranger, [`${IMO},${T1},1,HSFO,main,24`]);
    expect(up.json().data.fuel).toMatchObject({ new: 0, updated: 0, rejected: 1 });
    const ingest = await inject(stranger, "POST", "/api/ingest/fuel", [
      { shipId, timestamp: T1, consumer: "main", fuelType: "HSFO", fuelConsumptionRate: 1 },
    ]);
    expect(ingest.json()).toMatchObject({ accepted: 0, rejectedRecords: 1 });
    // its own ship's grades at the same instant replace nothing of the first organisation's
    const own = await upload(stranger, [`9312456,${T1},5,HSFO,main,24`]);
    expect(own.json().data.fuel).toMatchObject({ new: 1, rejected: 0 });
    expect(await stored()).toEqual(before);
    const theirs = (await inject(stranger, "GET", `/api/fuel-data?shipId=${strangerShipId}`)).json();
    expect(theirs.map((r: { fuelGrade: string }) => r.fuelGrade)).toEqual(["HSFO"]);
  });
});
