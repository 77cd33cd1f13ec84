/**
 * Regulatory statements on the demo fleet (simulator's full model): the PDF's and the XLSX's figures equal the
 * compliance issue's domain results (GET /api/ships/:id/annual/:year, domain assessCii on the year's inputs,
 * the environment-compliance section's CII); the fleet workbook has one row per ship; tenants never leak.
 */
import fs from "node:fs";
import path from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnnualFigures } from "../../../contracts/analysis/annual-figures";
import { assessCii } from "../../../domain/cii/cii-assessment";
import { ciiYearToDate } from "../../../domain/cii/cii-year-to-date";
import { createShip } from "../../analysis/test-fixtures";
import { DEMO_EMAIL } from "../../demo/seed-demo";
import { ciiYearRecords } from "../../metrics/cii-year";
import { getShipProfile } from "../../ships/ships.repository";
import { seedAndSignInDemo } from "../../test/demo-sign-in";
import { pdfText } from "../../test/pdf-text";
import { createTestApp, type TestUser } from "../../test/test-app";
import { fmt } from "../report-format";

let t: Awaited<ReturnType<typeof createTestApp>>;
let demo: string;
let other: TestUser;
let shipIds: number[];
let orgId: number;
const now = new Date();
const lastYear = now.getUTCFullYear() - 1;

beforeAll(async () => {
  t = await createTestApp();
  demo = await seedAndSignInDemo(t, now);
  other = await t.registerOwner();
  const ships = (await t.database.pool.query("select id, org_id from ships order by id")).rows;
  shipIds = ships.map((s) => s.id);
  orgId = ships[0].org_id;
}, 300_000);
afterAll(() => t?.close());

const get = (url: string, cookie = demo) => t.app.inject({ url, headers: { cookie } });

async function sheetValues(body: Buffer): Promise<Map<string, unknown>> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as never);
  const out = new Map<string, unknown>();
  wb.worksheets[0]!.eachRow((row) => {
    out.set(String(row.getCell(2).value), row.getCell(3).value);
  });
  return out;
}

async function domainCii(shipId: number, year: number) {
  const ship = await getShipProfile(t.db, orgId, shipId);
  const inputs = ciiYearToDate(
    await ciiYearRecords(t.db, orgId, ship, year, new Date(Date.UTC(year + 1, 0, 1))),
  );
  if ("reason" in inputs) throw new Error(inputs.reason);
  return assessCii({
    shipType: inputs.shipType,
    capacity: inputs.capacity,
    year,
    fuels: inputs.yearToDateFuels,
    distanceNm: inputs.yearToDateDistanceNm,
  });
}

describe("GET /api/reports/statements/:shipId/:year", () => {
  it("DCS and MRV figures equal the annual figures, as XLSX numbers and as PDF text", async () => {
    const annual = (await get(`/api/ships/${shipIds[0]}/annual/${lastYear}`)).json() as AnnualFigures;
    expect(annual.distanceNm).toBeGreaterThan(0);
    const xlsx = await get(`/api/reports/statements/${shipIds[0]}/${lastYear}?kind=mrv&format=xlsx`);
    expect(xlsx.statusCode, xlsx.body.slice(0, 200)).toBe(200);
    expect(xlsx.headers["content-disposition"]).toMatch(new RegExp(`_mrv_${lastYear}\\.xlsx"$`));
    const v = await sheetValues(xlsx.rawPayload);
    expect(v.get("Distance travelled")).toBe(annual.distanceNm);
    expect(v.get("Time at sea")).toBe(annual.hoursUnderway);
    expect(v.get("CO₂ emitted")).toBe(annual.co2Tonnes);
    for (const f of annual.fuelByClass) expect(v.get(`Fuel: ${f.fuelType}`)).toBe(f.tonnes);
    const pdf = await get(`/api/reports/statements/${shipIds[0]}/${lastYear}?kind=dcs&format=pdf`);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    // REPORT_PNG_DIR keeps the statement for a look (pdftoppm), as vessel-report.test.ts does the report
    if (process.env.REPORT_PNG_DIR)
      fs.writeFileSync(path.join(process.env.REPORT_PNG_DIR, "dcs.pdf"), pdf.rawPayload);
    const text = (await pdfText(pdf.rawPayload)).text;
    expect(text).toContain("IMO DCS annual data");
    expect(text).toContain(`Distance travelled ${fmt(annual.distanceNm, 1)} nm`);
    expect(text).toContain(`Hours underway ${fmt(annual.hoursUnderway, 1)} h`);
    for (const f of annual.fuelByClass) expect(text).toContain(`Fuel: ${f.fuelType} ${fmt(f.tonnes, 2)} t`);
  }, 60_000);

  it("the CII statement equals the domain's assessment of the year (attained, required, Z, boundaries, rating)", async () => {
    const a = await domainCii(shipIds[1]!, lastYear);
    const v = await sheetValues(
      (await get(`/api/reports/statements/${shipIds[1]}/${lastYear}?kind=cii&format=xlsx`)).rawPayload,
    );
    expect(v.get("Attained CII")).toBe(a.attainedCii);
    expect(v.get("Required CII")).toBe(a.requiredCii);
    expect(v.get("Reduction factor Z")).toBe(a.reductionPercent);
    expect(v.get("Capacity basis")).toBe(a.capacityBasis);
    expect(v.get("Boundary superior (A|B)")).toBe(a.boundaries.superior);
    expect(v.get("Rating")).toBe(a.rating);
    const text = (
      await pdfText((await get(`/api/reports/statements/${shipIds[1]}/${lastYear}?kind=cii`)).rawPayload)
    ).text;
    expect(text).toContain(`Attained CII ${fmt(a.attainedCii, 3)}`);
    expect(text).toContain(`Rating ${a.rating}`);
  }, 60_000);

  it("this year's statement is the year to date and its CII is the section's", async () => {
    const year = now.getUTCFullYear();
    const section = (
      await get(`/api/ships/${shipIds[0]}/analysis/environment-compliance?range=7days`)
    ).json();
    const text = (
      await pdfText((await get(`/api/reports/statements/${shipIds[0]}/${year}?kind=cii`)).rawPayload)
    ).text;
    expect(text).toContain("these are the figures of the year to date");
    expect(text).toContain(`Attained CII ${fmt(section.cii.yearToDate.attained, 3)}`);
  }, 60_000);

  it("another organisation's ship answers 404; a viewer may download; a bad kind is a 400", async () => {
    expect(
      (await get(`/api/reports/statements/${shipIds[0]}/${lastYear}?kind=dcs`, other.cookie)).statusCode,
    ).toBe(404);
    const viewer = await t.addMember(
      { cookie: demo, email: DEMO_EMAIL, password: "", orgId, userId: 0 },
      "viewer",
    );
    expect(
      (await get(`/api/reports/statements/${shipIds[0]}/${lastYear}?kind=dcs`, viewer.cookie)).statusCode,
    ).toBe(200);
    const bad = await get(`/api/reports/statements/${shipIds[0]}/${lastYear}?kind=eedi`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe("kind");
  }, 60_000);
});

describe("GET /api/reports/statements/fleet/:year", () => {
  it("has one row per ship of the caller's organisation with the annual figures", async () => {
    const res = await get(`/api/reports/statements/fleet/${lastYear}`);
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(1 + shipIds.length);
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    const col = (name: string) => header.indexOf(name) + 1;
    for (let r = 2; r <= ws.rowCount; r++) {
      const row = ws.getRow(r);
      const imo = String(row.getCell(col("IMO number")).value);
      const id = (
        await t.database.pool.query("select id from ships where imo_number = $1 and org_id = $2", [
          imo,
          orgId,
        ])
      ).rows[0].id;
      const annual = (await get(`/api/ships/${id}/annual/${lastYear}`)).json() as AnnualFigures;
      expect(row.getCell(col("Distance (nm)")).value).toBe(annual.distanceNm);
      expect(row.getCell(col("CO2 (t)")).value).toBe(annual.co2Tonnes);
      expect(row.getCell(col("Attained CII (g CO2/(t·nm))")).value).toBe(
        (await domainCii(id, lastYear)).attainedCii,
      );
    }
  }, 120_000);

  it("holds only the caller's ships, and a formula-like ship name stays text", async () => {
    await createShip(t, other, 3, { name: '=HYPERLINK("http://x")' });
    const res = await get(`/api/reports/statements/fleet/${lastYear}`, other.cookie);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(2);
    const cell = ws.getRow(2).getCell(1);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe('=HYPERLINK("http://x")');
  }, 60_000);
});
