/**
 * The bulk workbook as other programs write it (scripts/make-workbook-fixtures.ts): the template filled with
 * three days of a simulated ship, re-saved by SheetJS (inline and shared strings, dates as serials and as
 * `t="d"`), LibreOffice (through .ods), and laid out by hand as Google Sheets (inline strings, no dimension,
 * no cell references, dates as text) and Excel (shared strings, serial dates) write it. Each must give the
 * very rows of the source workbook: uploaded after it, everything is unchanged.
 */
import fs from "node:fs";
import path from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_COLUMNS, UPLOAD_DATA_TYPES } from "../../contracts/upload-columns";
import { createTestApp, type TestUser } from "../test/test-app";
import { bulkUploadFile, uploadFile, zipOf } from "./upload-test-helpers";

const FIXTURES = path.join(path.dirname(new URL(import.meta.url).pathname), "fixtures");
const fixture = (name: string) => ({ filename: name, content: fs.readFileSync(path.join(FIXTURES, name)) });
const SOURCE = "bulk-filled-exceljs.xlsx";
const WRITERS = [
  "bulk-sheetjs.xlsx",
  "bulk-sheetjs-sst.xlsx",
  "bulk-sheetjs-celldates.xlsx",
  "bulk-libreoffice-ods.xlsx",
  "bulk-google-style.xlsx",
  "bulk-excel-style.xlsx",
];

/** The fixtures were made from the bulk template before its events sheet existed. */
const FIXTURE_TYPES = UPLOAD_DATA_TYPES.filter((type) => type !== "events");

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
/** Data rows per sheet of the source: all rows but the header and the template's example row. */
const rowsOf: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  const source = new ExcelJS.Workbook();
  await source.xlsx.readFile(path.join(FIXTURES, SOURCE));
  for (const sheet of source.worksheets) rowsOf[sheet.name.toLowerCase()] = sheet.rowCount - 2;
});
afterAll(() => t.close());

describe("bulk workbooks written by other programs", () => {
  it("the source (exceljs): every data row stored, the example row of each sheet skipped with a notice", async () => {
    const res = await bulkUploadFile(t.app, owner, fixture(SOURCE));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.errors).toEqual([]);
    expect(body.outcome).toBe("ok");
    for (const type of FIXTURE_TYPES) {
      expect(body.data[type] ?? { new: 0 }, type).toMatchObject({ new: rowsOf[type], rejected: 0 });
    }
    expect(rowsOf.fuel).toBeGreaterThan(50);
    expect(body.notices).toHaveLength(FIXTURE_TYPES.length);
    expect(body.notices[0]).toMatch(/Sheet "Ships", row 2: the template's example row was skipped/);
  });

  it.each(WRITERS)("%s: read in full, every row unchanged", async (name) => {
    const res = await bulkUploadFile(t.app, owner, fixture(name));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.errors).toEqual([]);
    for (const type of FIXTURE_TYPES) {
      expect(body.data[type] ?? { unchanged: 0 }, type).toEqual({
        new: 0,
        updated: 0,
        unchanged: rowsOf[type],
        rejected: 0,
      });
    }
  });
});

describe("the template re-saved by SheetJS (a 500 before)", () => {
  it("is read in full: its example rows are skipped, so it has no data rows (400, never a 500)", async () => {
    const user = await t.registerOwner();
    const res = await bulkUploadFile(t.app, user, fixture("template-sheetjs.xlsx"));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.details).toEqual([
      { field: "file", reason: "has no data rows but the template's example rows" },
    ]);
  });
});

describe("partial success reads as partial", () => {
  const workbook = async (fuelTypes: string[], withShip: boolean) => {
    const book = new ExcelJS.Workbook();
    if (withShip) {
      const ships = book.addWorksheet("Ships");
      ships.addRow([...UPLOAD_COLUMNS.ships]);
      ships.addRow(["Partial Star", "9321483", "Tanker", 50_000, 9_000, 183, 32.2, 12.2, 14.5, 29_000, 2009]);
    }
    const fuel = book.addWorksheet("Fuel");
    fuel.addRow(["Ship ID", "Date", "Fuel Rate", "Fuel Type"]);
    fuelTypes.forEach((name, i) => {
      fuel.addRow(["Partial Star", new Date(Date.UTC(2025, 2, 1, i)), 24 + i, name]);
    });
    return { filename: "partial.xlsx", content: Buffer.from(await book.xlsx.writeBuffer()) };
  };

  it("some rows saved and some refused: 'partial', saying which sheet refused how many", async () => {
    const user = await t.registerOwner();
    const res = await bulkUploadFile(t.app, user, await workbook(["VLSFO", "Coal", "lsmgo"], true));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: false, outcome: "partial", recordsProcessed: 3 });
    expect(body.data.fuel).toEqual({ new: 2, updated: 0, unchanged: 0, rejected: 1 });
    expect(body.message).toBe(
      "Upload completed with errors: 1 of 4 rows rejected (fuel 1); 3 rows saved (3 new, 0 updated, 0 unchanged)",
    );
    expect(body.errors[0]).toMatchObject({ sheet: "Fuel", row: 3, column: "Fuel Type", value: "Coal" });
  });

  it("every row refused: 'failed', nothing saved", async () => {
    const user = await t.registerOwner();
    const res = await bulkUploadFile(t.app, user, await workbook(["HFO"], false));
    expect(res.json()).toMatchObject({ success: false, outcome: "failed", recordsProcessed: 0 });
    expect(res.json().message).toBe("Nothing was saved: 1 of 1 rows rejected (fuel 1)");
  });
});

describe("broken workbooks are the file's fault (400), never a 500", () => {
  const workbookXml =
    '<workbook xmlns:r="r"><sheets><sheet name="Fuel" sheetId="1" r:id="rId1"/></sheets></workbook>';
  const rels =
    '<Relationships><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>';
  it.each([
    ["not a zip at all", Buffer.from("PK\u0003\u0004 garbage")],
    ["a zip without a workbook part", zipOf([{ name: "hello.txt", data: "hi" }])],
    [
      "a sheet whose part is missing",
      zipOf([
        { name: "xl/workbook.xml", data: workbookXml },
        { name: "xl/_rels/workbook.xml.rels", data: rels },
      ]),
    ],
  ])("%s", async (_, content) => {
    const bulk = await bulkUploadFile(t.app, owner, { filename: "broken.xlsx", content });
    expect(bulk.statusCode, bulk.body).toBe(400);
    const single = await uploadFile(t.app, owner, { filename: "broken.xlsx", content }, { dataType: "fuel" });
    expect(single.statusCode, single.body).toBe(400);
  });
});
