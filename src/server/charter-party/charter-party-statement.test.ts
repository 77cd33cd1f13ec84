/**
 * The charter-party statement through the API (issue 33 item 4): the noon sheet of charter-party.routes.test.ts
 * uploaded as a user would, the warranty set on its voyage, then the PDF's text and the XLSX's cells read back.
 * Every figure must be the performance API's (GET …/charter-party/performance), as printed: the PDF with the
 * statement's decimals (fmt), the XLSX as the number itself. Tenants never leak; a voyage without terms is a 409.
 */
import fs from "node:fs";
import path from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CharterPartyPerformanceAnswer } from "../../contracts/charter-party";
import { fmt } from "../reports/report-format";
import { pdfText } from "../test/pdf-text";
import { appWithShip, type TestUser } from "../test/test-app";
import { utcMinute } from "./charter-party-statement";
import { CP_TERMS, uploadCpVoyage } from "./cp-test-voyage";

let t: Awaited<ReturnType<typeof appWithShip>>["t"];
let owner: TestUser;
let stranger: TestUser;
let shipId: number;
let voyageId: number;
let perf: CharterPartyPerformanceAnswer;

// The voyage of charter-party.routes.test.ts: full away at 12:00 on 1 March, noon reports 24, 24, 23 (clock
// advanced), 25 (retarded) and 24 h apart, end of sea passage 10 h after the last noon. Good weather on the
// days of Beaufort 3, 4 and 2; the ship is slow (13.03 kn against 13.5 allowed) and over-consumes.

const TERMS = CP_TERMS;

function as(user: TestUser, method: "GET" | "PUT" | "POST" | "PATCH", url: string, payload?: object) {
  return t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });
}
const statement = (format: "pdf" | "xlsx", user = owner, id = voyageId) =>
  as(user, "GET", `/api/voyages/${id}/charter-party/statement?format=${format}`);

beforeAll(async () => {
  ({ t, owner, stranger, shipId } = await appWithShip({ name: "Warranty Star", imo: "9074731" }));
  voyageId = await uploadCpVoyage(t, owner, shipId);
  const put = await as(owner, "PUT", `/api/voyages/${voyageId}/charter-party`, TERMS);
  expect(put.statusCode, put.body).toBe(200);
  const p = await as(owner, "GET", `/api/voyages/${voyageId}/charter-party/performance`);
  expect(p.statusCode, p.body).toBe(200);
  perf = p.json();
  expect(perf.status).toBe("under_performing"); // the figures below are not zeros
  expect(perf.claim).not.toBeNull();
}, 60_000);
afterAll(() => t.close());

/** The 'Statement' sheet as field → value, and the 'Days' sheet. */
async function workbook(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as never);
  const summary = wb.getWorksheet("Statement")!;
  const fields = new Map<string, ExcelJS.Cell>();
  summary.eachRow((row, n) => {
    if (n > 1) fields.set(String(row.getCell(2).value), row.getCell(3));
  });
  return { fields, summary, days: wb.getWorksheet("Days")! };
}

describe("GET /api/voyages/:id/charter-party/statement", () => {
  it("the PDF prints the performance API's figures with the statement's decimals", async () => {
    const res = await statement("pdf");
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="Warranty-Star_.+_cp-statement\.pdf"$/,
    );
    // REPORT_PNG_DIR keeps the statement for a look (pdftoppm), as statements.test.ts does
    if (process.env.REPORT_PNG_DIR)
      fs.writeFileSync(path.join(process.env.REPORT_PNG_DIR, "cp-statement.pdf"), res.rawPayload);
    const { text } = await pdfText(res.rawPayload);
    const v = (await as(owner, "GET", `/api/voyages/${voyageId}`)).json();
    expect(text).toContain(`Warranty Star — voyage ${v.voyageNumber}`);
    expect(text).toContain(`${v.origin} → ${v.destination}`);
    expect(text).toContain(`Time lost ${fmt(perf.timeLostHours, 1)} h`);
    expect(text).toContain(`Over-consumption ${fmt(perf.overConsumptionTonnes, 2)} t`);
    expect(text).toContain(`Under-consumption ${fmt(perf.underConsumptionTonnes, 2)} t`);
    expect(text).toContain(`Good-weather speed ${fmt(perf.goodWeather.speedKn, 2)} kn`);
    expect(text).toContain(
      `Good-weather consumption ${fmt(perf.goodWeather.consumptionTonnesPerDay, 2)} t/day`,
    );
    expect(text).toContain(`Good-weather days ${perf.goodWeather.days}`);
    expect(text).toContain(`Claim total ${fmt(perf.claim!.total, 2)} USD`);
    expect(text).toContain(`Hire for the time lost ${fmt(perf.claim!.hire, 2)} USD`);
    expect(text).toContain("Speed allowed (warranted − about) 13.50 kn");
    expect(text).toContain("Rule applied Warranted laden: about 14 kn on about 30 t/day");
    expect(text).toContain('The "Didymi" [1988] 2 Lloyd\'s Rep 108');
    // the weather-corrected method: its figures, or the reason it has none (noon sheets carry no power)
    if (perf.weatherCorrected)
      expect(text).toContain(
        `Time lost (weather-corrected) ${fmt(perf.weatherCorrected.timeLostHours, 1)} h`,
      );
    else expect(text).toMatch(/Weather-corrected method no figure: The weather-corrected method needs power/);
    for (const r of perf.reasons) expect(text).toContain(r.slice(0, 40));
  });

  it("the PDF's day-by-day table has one row per day, with its hours, distance, weather and reason", async () => {
    const { text } = await pdfText((await statement("pdf")).rawPayload);
    const table = text.slice(text.indexOf("Day by day"), text.lastIndexOf("Notes"));
    const rows = table.match(/\d{4}-\d\d-\d\d \d\d:\d\d \d{4}-\d\d-\d\d \d\d:\d\d/g) ?? [];
    expect(rows).toHaveLength(perf.days.length);
    for (const d of perf.days) {
      const yn = (b: boolean) => (b ? "yes" : "no");
      expect(table).toContain(
        `${utcMinute(d.from)} ${utcMinute(d.to)} ${fmt(d.hours, 1)} ` +
          `${fmt(d.distanceNm, 1)} ${d.speedKn === null ? "—" : fmt(d.speedKn, 2)} ${fmt(d.consumptionTonnes, 2)} ` +
          `${d.beaufort ?? "—"} ${d.douglas ?? "—"} ${yn(d.goodWeather)} ${d.reason.split(" ")[0]}`,
      );
    }
    expect(table).toContain("wind Beaufort 6 above 4");
  });

  it("the XLSX holds the same figures as numbers, and one 'Days' row per day", async () => {
    const res = await statement("xlsx");
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers["content-type"]).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(res.headers["content-disposition"]).toMatch(/_cp-statement\.xlsx"$/);
    const { fields, days } = await workbook(res.rawPayload);
    const value = (field: string) => fields.get(field)?.value;
    expect(value("Time lost")).toBe(perf.timeLostHours);
    expect(value("Over-consumption")).toBe(perf.overConsumptionTonnes);
    expect(value("Under-consumption")).toBe(perf.underConsumptionTonnes);
    expect(value("Claim total")).toBe(perf.claim!.total);
    expect(value("Good-weather speed")).toBe(perf.goodWeather.speedKn);
    expect(value("Good-weather hours")).toBe(perf.goodWeather.hours);
    expect(value("Warranted speed")).toBe(14);
    expect(value("Rule applied")).toBe(perf.terms.rule);
    expect(fields.get("Time lost")!.type).toBe(ExcelJS.ValueType.Number);

    expect(days.rowCount).toBe(1 + perf.days.length);
    const header = (days.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(
      expect.arrayContaining(["Hours (h)", "Distance (nm)", "Speed (kn)", "Good weather"]),
    );
    const col = (name: string) => header.indexOf(name) + 1;
    perf.days.forEach((d, i) => {
      const row = days.getRow(i + 2);
      expect(row.getCell(col("From (UTC)")).value).toEqual(new Date(d.from));
      expect(row.getCell(col("Hours (h)")).value).toBe(d.hours);
      expect(row.getCell(col("Distance (nm)")).value).toBe(d.distanceNm);
      expect(row.getCell(col("Fuel (t)")).value).toBe(d.consumptionTonnes);
      expect(row.getCell(col("Beaufort")).value ?? null).toBe(d.beaufort);
      expect(row.getCell(col("Good weather")).value).toBe(d.goodWeather ? "yes" : "no");
      expect(row.getCell(col("Sea passage")).value).toBe(d.covered ? "yes" : "no");
      expect(row.getCell(col("Reason")).value).toBe(d.reason);
    });
  });

  it("a voyage numbered like a formula stays text in the workbook", async () => {
    const patched = await as(owner, "PATCH", `/api/voyages/${voyageId}`, { voyageNumber: '=HYPERLINK("x")' });
    expect(patched.statusCode, patched.body).toBe(200);
    const { fields, summary } = await workbook((await statement("xlsx")).rawPayload);
    const cell = fields.get("Voyage")!;
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe('\'=HYPERLINK("x")');
    let formulas = 0;
    summary.eachRow((row) =>
      row.eachCell((c) => {
        if (c.type === ExcelJS.ValueType.Formula) formulas++;
      }),
    );
    expect(formulas).toBe(0);
  });

  it("another organisation's voyage answers 404; a viewer may download; a bad format is a 400", async () => {
    expect((await statement("pdf", stranger)).statusCode).toBe(404);
    expect((await statement("xlsx", stranger)).statusCode).toBe(404);
    const viewer = await t.addMember(owner, "viewer");
    expect((await statement("pdf", viewer)).statusCode).toBe(200);
    const bad = await as(owner, "GET", `/api/voyages/${voyageId}/charter-party/statement?format=docx`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe("format");
  });

  it("a voyage without terms answers 409, as its performance does", async () => {
    const other = await as(owner, "POST", "/api/voyages", {
      shipId,
      voyageNumber: "NO-CP",
      origin: "Qingdao",
      destination: "Santos",
      departureDate: "2026-04-01T00:00:00Z",
      arrivalDate: "2026-04-20T00:00:00Z",
      status: "completed",
    });
    expect(other.statusCode, other.body).toBe(201);
    for (const format of ["pdf", "xlsx"] as const) {
      const res = await statement(format, owner, other.json().id);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toMatch(/has no charter-party terms/);
    }
  });
});
