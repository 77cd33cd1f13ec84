/**
 * Issue 29, 'never a silent loss': a noon file the reader cannot read right is refused with one sentence that
 * names the column and the cause, before anything is written; one that would lose reports, add two fuel columns
 * into one figure or give no fuel is held back (409 needs_confirmation) until the request confirms, and then
 * answers 'partial', never 'ok'. A workbook with reports on two sheets asks which.
 */
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fuelTonnesOver } from "../../../domain/records/record-arithmetic";
import { createTestApp, type TestUser } from "../../test/test-app";
import { uploadFile } from "../upload-test-helpers";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let shipId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  shipId = await t.addShip(owner, { name: "Kestrel", imo: "9074729" });
});
afterAll(async () => {
  await t.close();
});

const stored = async () =>
  (
    await t.database.pool.query("select count(*)::int as n from noon_reports where org_id = $1", [
      owner.orgId,
    ])
  ).rows[0].n as number;

const send = (filename: string, content: Buffer | string, config: Record<string, unknown> = {}) =>
  uploadFile(t.app, owner, { filename, content }, { dataType: "noon", shipId, ...config });

/** Thirty daily reports from 1 March 2025, at noon UTC: date, steaming hours, distance, ME and AE fuel. */
const days = [...Array(30).keys()].map((i) => {
  const d = new Date(Date.UTC(2025, 2, 1 + i, 12));
  return { d, iso: d.toISOString().slice(0, 16).replace("T", " "), me: 30 + (i % 3), ae: 2 };
});

describe("refused before anything is written, naming the column and the cause once", () => {
  it("a time column of times of day and no date: 400, one sentence", async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("Noon");
    ws.addRow(["Time (LT)", "Steaming hrs", "Dist OG (nm)", "ME Cons VLSFO (MT)"]);
    for (const r of days) ws.addRow([0.5, 24, 300, r.me]);
    ws.getColumn(1).numFmt = "hh:mm";
    const res = await send("times.xlsx", Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.statusCode, res.body).toBe(400);
    const { error } = res.json();
    expect(error.message).toMatch(
      /^No report of the file could be read: 'Time \(LT\)' holds a time of day without a date/,
    );
    expect(error.causes).toHaveLength(1);
    expect(error.causes[0]).toMatchObject({ column: "Time (LT)", example: "12:00", rows: 30 });
    expect(await stored()).toBe(0);
  });

  it("a fuel column in m³ (no density): held back, the column and the reason named once; confirmed: partial", async () => {
    const csv = [
      "Date/Time (UTC),Steaming hrs,Dist OG (nm),ME Cons VLSFO (m3),AE Cons LSMGO (MT)",
      ...days.map((r) => `${r.iso},24,300,${r.me},${r.ae}`),
    ].join("\n");
    const res = await send("m3.csv", csv);
    expect(res.statusCode, res.body).toBe(409);
    const { error } = res.json();
    expect(error.code).toBe("needs_confirmation");
    expect(error.causes).toEqual([
      expect.objectContaining({
        column: "ME Cons VLSFO (m3)",
        rows: 30,
        cause: expect.stringContaining("is in m3, which cannot be converted to tonnes in 30 of 30 reports"),
      }),
    ]);
    expect(error.message).toMatch(/^0 of 30 reports can be stored whole; 'ME Cons VLSFO \(m3\)'/);
    expect(await stored()).toBe(0);
    const confirmed = await send("m3.csv", csv, { confirm: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().outcome).toBe("partial");
    expect(confirmed.json().causes).toHaveLength(1);
    expect(await stored()).toBe(30);
    await t.database.pool.query("delete from noon_reports where org_id = $1", [owner.orgId]);
    await t.database.pool.query("delete from fuel_data where org_id = $1", [owner.orgId]);
  });

  it("two columns of one figure: held back; confirmed, their tonnes add up", async () => {
    const csv = [
      "Date/Time (UTC),Steaming hrs,Dist OG (nm),ME Cons VLSFO (MT),ME VLSFO (MT)",
      ...days.map((r) => `${r.iso},24,300,${r.me},1`),
    ].join("\n");
    const held = await send("twice.csv", csv);
    expect(held.statusCode, held.body).toBe(409);
    expect(held.json().error.causes).toEqual([
      expect.objectContaining({
        cause: expect.stringMatching(
          /^'ME Cons VLSFO \(MT\)' and 'ME VLSFO \(MT\)' give one figure \(fuel\.main\.VLSFO\)/,
        ),
      }),
    ]);
    const preview = await send("twice.csv", csv, { dryRun: true });
    expect(preview.json()).toMatchObject({ needsConfirmation: true, causes: [expect.any(Object)] });
    expect(await stored()).toBe(0);
    const confirmed = await send("twice.csv", csv, { confirm: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().outcome).toBe("partial");
    const fuel = await t.database.pool.query(
      "select fuel_consumption_rate as rate, period_hours as h from fuel_data where org_id = $1 and fuel_grade = 'VLSFO'",
      [owner.orgId],
    );
    const tonnes = fuel.rows.reduce((s, r) => s + fuelTonnesOver(r.rate, r.h), 0);
    expect(tonnes).toBeCloseTo(
      days.reduce((s, r) => s + r.me + 1, 0),
      6,
    );
    await t.database.pool.query("delete from noon_reports where org_id = $1", [owner.orgId]);
    await t.database.pool.query("delete from fuel_data where org_id = $1", [owner.orgId]);
  });

  it("dates both day first and month first: no order reads them, held back naming both", async () => {
    const csv = [
      "Date,Time,Steaming hrs,Dist OG (nm),ME Cons VLSFO (MT)",
      "13/03/2025,12:00,24,300,30",
      "03/14/2025,12:00,24,300,30",
      ...days.slice(15).map((r) => `${r.iso.slice(8, 10)}/03/2025,12:00,24,300,${r.me}`),
    ].join("\n");
    const res = await send("dates.csv", csv);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.causes[0].cause).toBe(
      "'Date' writes dates both day first ('13/03/2025') and month first ('03/14/2025'): no one order reads them all",
    );
    expect(await stored()).toBe(0);
  });

  it("month-first dates are decided from the column and said so", async () => {
    const csv = [
      "Date,Time,Steaming hrs,Dist OG (nm),ME Cons VLSFO (MT)",
      ...days.map((r) => `03/${r.iso.slice(8, 10)}/2025,12:00,24,300,${r.me}`),
    ].join("\n");
    const res = await send("us.csv", csv, { dryRun: true });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.mapping.dateOrder).toBe("mdy");
    expect(body.mapping.notes).toContain(
      "Dates in 'Date' are read month first (mm/dd/yyyy): '03/13/2025' has no month 13.",
    );
    expect(body.rows[12].reportedAt).toBe("2025-03-13T12:00:00.000Z");
  });

  it("a sheet without any fuel column is held back: no CO2 or CII can come of it", async () => {
    const csv = ["Date/Time (UTC),Steaming hrs,Dist OG (nm)", ...days.map((r) => `${r.iso},24,300`)].join(
      "\n",
    );
    const res = await send("nofuel.csv", csv);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.causes[0].cause).toMatch(/^no column gives the fuel consumed/);
  });

  it("a workbook with reports on two sheets asks which; named, it reads that one", async () => {
    const wb = new ExcelJS.Workbook();
    for (const [name, part] of [
      ["Jan-Jun", days.slice(0, 15)],
      ["Jul-Dec", days.slice(15)],
    ] as const) {
      const ws = wb.addWorksheet(name);
      ws.addRow(["Date/Time (UTC)", "Steaming hrs", "Dist OG (nm)", "ME Cons VLSFO (MT)"]);
      for (const r of part) ws.addRow([r.d, 24, 300, r.me]);
      ws.getColumn(1).numFmt = "yyyy-mm-dd hh:mm";
    }
    const content = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await send("halves.xlsx", content, { dryRun: true });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.details[0].field).toBe("mappingConfig.sheet");
    expect(res.json().error.sheets).toEqual([
      { name: "Jan-Jun", reports: 15 },
      { name: "Jul-Dec", reports: 15 },
    ]);
    const chosen = await send("halves.xlsx", content, { dryRun: true, sheet: "Jul-Dec" });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().mapping.sheet).toBe("Jul-Dec");
    expect(chosen.json().rowsTotal).toBe(15);
    expect((await send("halves.xlsx", content, { sheet: "Summary" })).json().error.details[0]).toEqual({
      field: "mappingConfig.sheet",
      reason: "is not a sheet of the workbook (its sheets: 'Jan-Jun', 'Jul-Dec')",
    });
  });

  it("another organisation's file names its own fleet only: the ship of the first is unknown to it", async () => {
    const other = await t.registerOwner();
    const csv = [
      "Date/Time (UTC),IMO,Steaming hrs,Dist OG (nm),ME Cons VLSFO (MT)",
      `2025-03-01 12:00,9074729,24,300,30`,
    ].join("\n");
    const res = await uploadFile(t.app, other, { filename: "x.csv", content: csv }, { dataType: "noon" });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.causes[0]).toMatchObject({ column: "IMO", example: "9074729" });
    expect(await stored()).toBe(0);
  });
});
