/**
 * Database Admin right after an upload (issue 35 item 2): it said 'No records in the last 30 days' of an upload
 * whose records are older than the 30-day window. The data quality of the window has no value then, and every
 * place that shows it (the stats, System Status, the Analysis Center's sidebar) says why: the newest record's
 * date and that nothing lies in the window; a later upload of recent records gives it a value at once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestUser } from "../test/test-app";
import { uploadFile } from "../uploads/upload-test-helpers";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let shipId: number;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const IMO = "9074729";

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  shipId = await t.addShip(owner, { imo: IMO, name: "Old Data" });
});
afterAll(() => t?.close());

const HEADER = "Ship ID,Date,SFOC,Fuel Rate,Engine Load,Speed STW,Speed SOG,Engine Power,Fuel Type";
/** `hours` hourly main-engine records ending at `end` (ms). */
const fuelCsv = (end: number, hours: number, imo: string) =>
  `${HEADER}\n${Array.from(
    { length: hours },
    (_, i) =>
      `${imo},${new Date(end - (hours - i) * HOUR).toISOString()},180,${24 + (i % 5) / 10},75,12,12.5,${7000 + i},HFO`,
  ).join("\n")}\n`;
const upload = async (end: number, hours: number, imo = IMO) => {
  const res = await uploadFile(
    t.app,
    owner,
    { filename: "fuel.csv", content: fuelCsv(end, hours, imo) },
    { dataType: "fuel" },
  );
  expect(res.statusCode, res.body).toBe(200);
};
const get = async (url: string) => {
  const res = await t.app.inject({ method: "GET", url, headers: { cookie: owner.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const stats = () => get("/api/database/stats");
const status = () => get(`/api/system-status?shipId=${shipId}`);
const summary = () => {
  const to = new Date(Date.now() + DAY).toISOString().slice(0, 10);
  return get(`/api/ships/${shipId}/analysis-summary?range=custom&from=2026-01-01&to=${to}`);
};

describe("Database Admin stats right after an upload", () => {
  it("say there is no fuel record yet before any upload", async () => {
    const s = await stats();
    expect(s.dataQuality).toBeNull();
    expect(s.dataQualityEmptyReason).toMatch(/^No fuel records yet: add them/);
  });

  it("name the newest record of an upload older than 30 days, not 'no records'", async () => {
    const end = Date.now() - 60 * DAY;
    await upload(end, 48);
    const newest = new Date(end - HOUR);
    const day = newest.toISOString().slice(0, 10);
    const s = await stats();
    expect(s.totalFuelRecords).toBe(48);
    expect(s.newestRecord).toBe(newest.toISOString());
    expect(s.dataQuality).toBeNull();
    expect(s.dataQualityEmptyReason).toBe(
      `The newest fuel record is ${day}: nothing in the last 30 days to measure. Add or upload recent records.`,
    );
    // the same reason wherever the figure is shown
    expect((await status()).dataQualityEmptyReason).toBe(s.dataQualityEmptyReason);
    expect((await summary()).database.dataQualityEmptyReason).toBe(s.dataQualityEmptyReason);
  });

  it("answer afresh once recent records are uploaded", async () => {
    await upload(Date.now() - HOUR, 48);
    const s = await stats();
    expect(s.totalFuelRecords).toBe(96);
    expect(s.dataQuality).toBeGreaterThan(0);
    expect(s.dataQualityEmptyReason).toBeNull();
    expect((await status()).dataQualityPercent).toBe(s.dataQuality);
    expect((await summary()).database.dataQualityEmptyReason).toBeNull();
  });

  it("say when the window holds too few records to measure", async () => {
    const other = await t.addShip(owner, { imo: "9312456", name: "One Record" });
    await upload(Date.now() - HOUR, 1, "9312456");
    const one = await get(`/api/system-status?shipId=${other}`);
    expect(one.dataQualityPercent).toBeNull();
    expect(one.dataQualityEmptyReason).toMatch(/^Too few fuel records in the last 30 days to measure/);
  });
});
