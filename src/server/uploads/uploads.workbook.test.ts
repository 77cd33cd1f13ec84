import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXAMPLE_SHIP, exampleRow } from "../../contracts/record-registry";
import { UPLOAD_COLUMNS, UPLOAD_DATA_TYPES } from "../../contracts/upload-columns";
import { fuelData, ships } from "../db/schema";
import { createTestApp, type TestUser } from "../test/test-app";
import { bulkUploadFile, uploadFile, zipOf } from "./upload-test-helpers";

const FIXTURES = path.join(path.dirname(new URL(import.meta.url).pathname), "fixtures");
const fixture = (name: string) => ({ filename: name, content: fs.readFileSync(path.join(FIXTURES, name)) });

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_UNCOMPRESSED_BYTES: String(64 * 1048576) });
  owner = await t.registerOwner();
});
afterAll(() => t.close());

const ones = { new: 1, updated: 0, unchanged: 0, rejected: 0 };
const same = { new: 0, updated: 0, unchanged: 1, rejected: 0 };

/** The LibreOffice bulk fixtures were saved from the template before the events sheet existed. */
const FIXTURE_TYPES = UPLOAD_DATA_TYPES.filter((type) => type !== "events");

describe("workbooks saved by LibreOffice", () => {
  it("bulk .xlsx: one row of each of the eight types, ships first so later sheets can name the new ship", async () => {
    const res = await bulkUploadFile(t.app, owner, fixture("bulk-libreoffice.xlsx"));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, recordsProcessed: 8, errors: [] });
    for (const type of FIXTURE_TYPES) expect(body.data[type], type).toEqual(ones);
  });

  it("bulk .xls of the same data: everything unchanged", async () => {
    const res = await bulkUploadFile(t.app, owner, fixture("bulk-libreoffice.xls"));
    expect(res.statusCode, res.body).toBe(200);
    for (const type of FIXTURE_TYPES) expect(res.json().data[type], type).toEqual(same);
  });

  it(".xlsx fuel: real date cells, a formula's cached result, a rejected row with its row number", async () => {
    const res = await uploadFile(t.app, owner, fixture("fuel-libreoffice.xlsx"), { dataType: "fuel" });
    const body = res.json();
    expect(body.data.fuel).toEqual({ new: 2, updated: 1, unchanged: 0, rejected: 1 });
    expect(body.errors[0]).toMatchObject({ row: 5, column: "SFOC", value: "not a number" });
    const [row] = await t.db
      .select()
      .from(fuelData)
      .where(eq(fuelData.ts, new Date("2024-03-02T00:00:00Z")));
    expect(row!.co2Emissions).toBeCloseTo(31.8 * 3.114, 9);
    expect(row!.voyageId).not.toBeNull();
  });

  it(".xls fuel of the same rows: unchanged", async () => {
    const res = await uploadFile(t.app, owner, fixture("fuel-libreoffice.xls"), { dataType: "fuel" });
    expect(res.json().data.fuel).toEqual({ new: 0, updated: 0, unchanged: 3, rejected: 1 });
  });

  it(".ods fuel of the same rows (LibreOffice's own format): unchanged, the formula's cached result read", async () => {
    const res = await uploadFile(t.app, owner, fixture("fuel-libreoffice.ods"), { dataType: "fuel" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.fuel).toEqual({ new: 0, updated: 0, unchanged: 3, rejected: 1 });
  });

  it("a timestamp column of time-of-day cells is refused as times without a date, never 1899-12-30", async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("Fuel");
    ws.addRow(UPLOAD_COLUMNS.fuel);
    ws.addRow(["MV Example", "V-001", 0.5, 176, 31.8, 77, 13.6, 13.9, 7500, "VLSFO", null]);
    ws.getCell("C2").numFmt = "hh:mm";
    const res = await uploadFile(
      t.app,
      owner,
      { filename: "times.xlsx", content: Buffer.from(await wb.xlsx.writeBuffer()) },
      { dataType: "fuel" },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ outcome: "failed", data: { fuel: { new: 0, rejected: 1 } } });
    expect(res.json().errors[0]).toMatchObject({
      row: 2,
      value: "12:00",
      reason: "is a time of day without a date",
    });
    expect(res.body).not.toContain("1899");
  });

  it(".xls of the rows of a CSV, off in the 16th–17th digit (12.399999999999999): unchanged, not updated", async () => {
    const csv = await uploadFile(t.app, owner, fixture("fuel-precision.csv"), { dataType: "fuel" });
    expect(csv.json().data.fuel).toEqual({ new: 2, updated: 0, unchanged: 0, rejected: 0 });
    const xls = await uploadFile(t.app, owner, fixture("fuel-precision.xls"), { dataType: "fuel" });
    expect(xls.json().data.fuel).toEqual({ new: 0, updated: 0, unchanged: 2, rejected: 0 });
    // The stored values stay the CSV's.
    const [row] = await t.db
      .select()
      .from(fuelData)
      .where(eq(fuelData.ts, new Date("2024-03-05T00:00:00Z")));
    expect(row).toMatchObject({ fuelConsumptionRate: 12.4, co2Emissions: 38.6136 });
  });
});

describe("bulk template", () => {
  it("is a real .xlsx with one sheet per type, the headers and an example row, never stored as a ship", async () => {
    const res = await t.app.inject({ url: "/api/data/bulk-template", headers: { cookie: owner.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toContain("attachment");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name.toLowerCase())).toEqual([...UPLOAD_DATA_TYPES]);
    const fuel = workbook.getWorksheet("Fuel")!;
    expect((fuel.getRow(1).values as unknown[]).slice(1)).toEqual([...UPLOAD_COLUMNS.fuel]);
    expect((fuel.getRow(2).values as unknown[]).slice(1)).toEqual(exampleRow("fuel"));
    const fresh = await t.registerOwner();
    const up = await bulkUploadFile(t.app, fresh, { filename: "template.xlsx", content: res.rawPayload });
    expect(up.statusCode).toBe(400);
    expect(up.json().error.details).toEqual([
      { field: "file", reason: "has no data rows but the template's example rows" },
    ]);
    const list = await t.app.inject({ url: "/api/ships", headers: { cookie: fresh.cookie } });
    expect(JSON.stringify(list.json())).not.toContain(EXAMPLE_SHIP);
  });

  it("reads a workbook whose Fuel sheet comes before its Ships sheet, and names unknown sheets", async () => {
    const workbook = new ExcelJS.Workbook();
    const fuel = workbook.addWorksheet("Fuel Data");
    fuel.addRow(["Ship ID", "Date", "Fuel Rate"]);
    fuel.addRow(["Late Ship", new Date("2025-01-01T06:00:00Z"), { formula: "10*2", result: 20 }]);
    workbook.addWorksheet("Notes").addRow(["free text"]);
    const shipsSheet = workbook.addWorksheet("SHIPS");
    shipsSheet.addRow(["Vessel Name", "IMO Number", "Ship Type"]);
    shipsSheet.addRow(["Late Ship", 9176187, "Tanker"]);
    const content = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await bulkUploadFile(t.app, owner, { filename: "order.xlsx", content });
    const body = res.json();
    expect(body).toMatchObject({ success: true, ignoredSheets: ["Notes"] });
    expect(body.data).toEqual({ ships: ones, fuel: ones });
    const [ship] = await t.db.select().from(ships).where(eq(ships.name, "Late Ship"));
    const [row] = await t.db.select().from(fuelData).where(eq(fuelData.shipId, ship!.id));
    expect(row).toMatchObject({ fuelConsumptionRate: 20, ts: new Date("2025-01-01T06:00:00Z") });
  });

  it("refuses a CSV for a bulk upload", async () => {
    const res = await bulkUploadFile(t.app, owner, { filename: "x.csv", content: Buffer.from("a,b\n") });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("Please select an Excel (.xlsx, .xls) file for bulk upload.");
  });
});

describe("zip bombs", () => {
  const countFuel = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(fuelData))[0]!.n;

  it("refuses an entry compressed far beyond a spreadsheet's ratio (413), before unpacking it", async () => {
    const before = await countFuel();
    const bomb = zipOf([{ name: "xl/worksheets/sheet1.xml", data: Buffer.alloc(40 * 1048576) }]);
    expect(bomb.length).toBeLessThan(200_000);
    const res = await uploadFile(
      t.app,
      owner,
      { filename: "bomb.xlsx", content: bomb },
      { dataType: "fuel" },
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toContain("zip bomb");
    expect(await countFuel()).toBe(before);
  });

  it("refuses a workbook whose parts unpack to more than UPLOAD_MAX_UNCOMPRESSED_BYTES (413)", async () => {
    const random = randomBytes(66 * 1048576);
    const res = await uploadFile(
      t.app,
      owner,
      { filename: "huge.xlsx", content: zipOf([{ name: "a.xml", data: random }]) },
      { dataType: "fuel" },
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toContain("UPLOAD_MAX_UNCOMPRESSED_BYTES");
    // 66 MB of random bytes deflated and posted: 5 s on a quiet machine, past 20 s beside the browser tests
  }, 60_000);

  it("stops a workbook's sheet at its declared size while reading it (400), nothing saved", async () => {
    // A well-formed workbook, so that the reader reaches the sheet: its directory says 1,000 bytes, the sheet
    // inflates to ~150 kB. The zip guard checks declared sizes only; yauzl stops the sheet at 1,000.
    const rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
    const inline = (text: string) => `<c t="inlineStr"><is><t>${text}</t></is></c>`;
    const header = `<row r="1">${UPLOAD_COLUMNS.fuel.map(inline).join("")}</row>`;
    const rows = Array.from({ length: 2000 }, (_, i) => `<row r="${i + 2}">${inline("x")}</row>`).join("");
    const sheet = `<?xml version="1.0"?><worksheet><sheetData>${header}${rows}</sheetData></worksheet>`;
    const liar = zipOf([
      {
        name: "_rels/.rels",
        data: `<Relationships><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      },
      {
        name: "xl/workbook.xml",
        data: `<workbook xmlns:r="${rel}"><sheets><sheet name="Fuel" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      },
      {
        name: "xl/_rels/workbook.xml.rels",
        data: `<Relationships><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      },
      { name: "xl/worksheets/sheet1.xml", data: sheet, declaredSize: 1000 },
    ]);
    const before = await countFuel();
    const res = await uploadFile(
      t.app,
      owner,
      { filename: "liar.xlsx", content: liar },
      { dataType: "fuel" },
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toContain("could not be read");
    expect(await countFuel()).toBe(before);
  });

  it("refuses a zip that declares a small size but inflates to more", async () => {
    const liar = zipOf([
      { name: "xl/worksheets/sheet1.xml", data: Buffer.alloc(4 * 1048576), declaredSize: 1000 },
    ]);
    const res = await uploadFile(
      t.app,
      owner,
      { filename: "liar.xlsx", content: liar },
      { dataType: "fuel" },
    );
    expect(res.statusCode).toBe(400);
  });
});
