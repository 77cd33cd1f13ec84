/**
 * Reports built in a report thread (HEAVY_WORK_THREADS=1), through the routes: the same answers as on the
 * server's thread, errors included (another organisation's ship 404, a bad range 400).
 */
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfText } from "../test/pdf-text";
import { createTestApp, type TestUser } from "../test/test-app";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let stranger: TestUser;
let shipId: number;
const year = new Date().getUTCFullYear();

beforeAll(async () => {
  t = await createTestApp({ HEAVY_WORK_THREADS: "1" });
  owner = await t.registerOwner();
  stranger = await t.registerOwner();
  shipId = await t.addShip(owner, { name: "Thread Runner" });
});
afterAll(() => t.close());

const get = (user: TestUser, url: string) => t.app.inject({ url, headers: { cookie: user.cookie } });

describe("reports built in a report thread", () => {
  it("answers the vessel report as a PDF of the ship", async () => {
    const res = await get(owner, `/api/reports/vessel/${shipId}?range=30days`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="Thread-Runner_vessel-report_/);
    expect((await pdfText(res.rawPayload)).text).toContain("Thread Runner — Vessel Report");
  }, 120_000);

  it("answers a statement and the fleet workbook as workbooks", async () => {
    for (const url of [
      `/api/reports/statements/${shipId}/${year}?kind=dcs&format=xlsx`,
      `/api/reports/statements/fleet/${year}`,
    ]) {
      const res = await get(owner, url);
      expect(res.statusCode, url).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect(wb.worksheets.length).toBeGreaterThan(0);
    }
  }, 120_000);

  it("answers 404 for another organisation's ship, as on the server's thread", async () => {
    const res = await get(stranger, `/api/reports/vessel/${shipId}?range=30days`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("not_found");
    expect(t.app.heavyWork.running()).toBe(0);
  }, 120_000);
});
