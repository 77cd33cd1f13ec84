/**
 * Reports and exports built in a report thread (HEAVY_WORK_THREADS=1), through the routes: the same answers
 * as on the server's thread, errors included (another organisation's ship 404); an export streamed from the
 * thread holds every record, and stops when its client leaves.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
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
  // 20 days of 15-minute main-engine records (1,920 rows)
  await t.db.execute(sql`insert into fuel_data (org_id, ship_id, ts, consumer, sfoc, fuel_consumption_rate,
      engine_power, speed_over_ground, fuel_grade, fuel_type)
    select ${owner.orgId}, ${shipId}, now() - interval '20 days' + g * interval '15 minutes', 'main',
      180, 24, 8000, 12, 'VLSFO', 'HFO'
    from generate_series(0, 20 * 96 - 1) g`);
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

  it("streams an export from the thread with every record of the range", async () => {
    const res = await get(owner, `/api/exports/${shipId}?format=csv&type=fuel&range=30days&engine=main`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-export-records"]).toBe("1920");
    expect(res.body.trimEnd().split("\r\n")).toHaveLength(1 + 1920);
    const xlsx = await get(owner, `/api/exports/${shipId}?format=xlsx&range=30days&engine=main`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(wb.getWorksheet("Fuel")?.actualRowCount).toBe(1 + 1920);
  }, 120_000);

  it("gives the slot back when the client of a thread's export leaves half-way", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const req = http.get({
      host: "127.0.0.1",
      port,
      path: `/api/exports/${shipId}?format=xlsx&range=30days&engine=main`,
      headers: { cookie: owner.cookie },
    });
    req.on("error", () => {});
    const res = await new Promise<http.IncomingMessage>((resolve) => req.on("response", resolve));
    expect(res.statusCode).toBe(200);
    req.destroy();
    for (let i = 0; i < 500 && t.app.heavyWork.running() > 0; i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(t.app.heavyWork.running()).toBe(0);
    // the thread said the export closed: it no longer counts as the thread's work (it kept the process alive)
    for (let i = 0; i < 500 && t.app.reportThreads.pendingJobs() > 0; i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(t.app.reportThreads.pendingJobs()).toBe(0);
  }, 120_000);

  it("ends a thread at its own turn when the app closes with an export under way (terminate aborted Node)", async () => {
    // terminate() stops a thread's JavaScript anywhere; stopped between creating a zlib stream and initialising
    // it (the xlsx writer, still running after its client left), Node 20 aborted the whole process
    const other = await createTestApp({ HEAVY_WORK_THREADS: "1" });
    const user = await other.registerOwner();
    const ship = await other.addShip(user, { name: "Closing Time" });
    await other.db.execute(sql`insert into fuel_data (org_id, ship_id, ts, consumer, sfoc, fuel_consumption_rate,
        engine_power, fuel_grade, fuel_type)
      select ${user.orgId}, ${ship}, now() - interval '20 days' + g * interval '15 minutes', 'main', 180, 24,
        8000, 'VLSFO', 'HFO'
      from generate_series(0, 20 * 96 - 1) g`);
    await other.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = other.app.server.address() as AddressInfo;
    const req = http.get({
      host: "127.0.0.1",
      port,
      path: `/api/exports/${ship}?format=xlsx&range=30days&engine=main`,
      headers: { cookie: user.cookie },
    });
    req.on("error", () => {});
    const res = await new Promise<http.IncomingMessage>((resolve) => req.on("response", resolve));
    expect(res.statusCode).toBe(200);
    req.destroy();
    // 0: the thread ended at its own turn (terminated, it would be 1)
    expect(await other.app.reportThreads.close()).toEqual([0]);
    await other.close();
  }, 120_000);
});
