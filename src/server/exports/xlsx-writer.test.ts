/**
 * The streamed workbook writer, read back by three readers that are not it: exceljs, Sextant's upload reader
 * and LibreOffice. Text that XML cannot hold as it is (markup characters, control characters, a lone surrogate,
 * edge spaces), dates with and without a time of day, negative and tiny numbers, empty cells, two sheets.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { hasLibreOffice, libreOfficeCsvLines } from "../test/libreoffice";
import { readXlsxSheets } from "../uploads/xlsx-reader";
import { columnLetters, dateSerial, XlsxWriter, xmlText } from "./xlsx-writer";

const TS = new Date("2025-03-01T06:30:15Z");
const DAY = new Date("2025-03-02T00:00:00Z");
const columns = [
  { header: "Date (UTC)", width: 20, date: "date-time" as const },
  { header: "Day", width: 12, date: "day" as const },
  { header: "Text", width: 30 },
  { header: "Value", width: 12 },
];
const rows = [
  [TS, DAY, 'A & B <c> "d"', -12.5],
  [TS, null, "  edge spaces  ", 1e-7],
  [TS, DAY, "bell\u0007 and lone \uD800 surrogate, 🚢 kept", null],
  [TS, DAY, "line one\nline two", 0],
];

async function workbookBytes(): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => out.on("end", resolve));
  const writer = new XlsxWriter(out, "Sextant", new Date("2025-03-03T00:00:00Z"));
  writer.addSheet("Fuel", columns);
  await writer.addRows(rows);
  writer.addSheet("Second & last", [{ header: "n", width: 12 }]);
  await writer.addRows(Array.from({ length: 3000 }, (_, i) => [i]));
  await writer.finish();
  await ended;
  return Buffer.concat(chunks);
}

describe("the xlsx writer's parts", () => {
  it("names columns A…Z, AA…, dates as 1900-system serials, XML text without what XML cannot hold", () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(columnLetters)).toEqual([
      "A",
      "Z",
      "AA",
      "AB",
      "AZ",
      "BA",
      "ZZ",
      "AAA",
    ]);
    // Excel shows 2025-01-01 as serial 45658 (its own DATE(2025,1,1)); noon is half a day later
    expect(dateSerial(new Date("2025-01-01T00:00:00Z"))).toBe(45658);
    expect(dateSerial(new Date("2025-01-01T12:00:00Z"))).toBe(45658.5);
    expect(xmlText("a<b>&\u0000c\uDC00")).toBe("a&lt;b&gt;&amp;c");
  });
});

describe("a workbook the writer streamed", () => {
  it("waits while nobody reads, also without a stop signal, and goes on when read", async () => {
    const out = new PassThrough({ highWaterMark: 16 * 1024 });
    const writer = new XlsxWriter(out);
    writer.addSheet("n", [{ header: "text", width: 12 }]);
    // batches until one waits: a workbook nobody reads holds the writer after a bounded amount
    let pending: Promise<void> | null = null;
    for (let b = 0; b < 50 && !pending; b += 1) {
      const batch = writer.addRows(Array.from({ length: 2000 }, (_, i) => [`row ${b} ${i} ${Math.sin(i)}`]));
      const settled = await Promise.race([
        batch.then(() => true),
        new Promise((resolve) => setTimeout(() => resolve(false), 300)),
      ]);
      if (!settled) pending = batch;
    }
    expect(pending).not.toBeNull();
    out.resume();
    await pending;
    await writer.finish();
  });

  it("reads back in exceljs: sheets, bold frozen header, date formats, numbers, text", async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await workbookBytes()) as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(["Fuel", "Second & last"]);
    expect(workbook.creator).toBe("Sextant");
    const ws = workbook.getWorksheet("Fuel")!;
    expect(ws.getRow(1).values).toEqual([undefined, "Date (UTC)", "Day", "Text", "Value"]);
    expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(ws.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(ws.getColumn(3).width).toBe(30);
    const first = ws.getRow(2);
    expect((first.getCell(1).value as Date).toISOString()).toBe(TS.toISOString());
    expect(first.getCell(1).numFmt).toBe("yyyy-mm-dd hh:mm:ss");
    expect((first.getCell(2).value as Date).toISOString()).toBe(DAY.toISOString());
    expect(first.getCell(2).numFmt).toBe("yyyy-mm-dd");
    expect(first.getCell(3).value).toBe('A & B <c> "d"');
    expect(first.getCell(4).value).toBe(-12.5);
    expect(ws.getRow(3).getCell(2).value).toBeNull();
    expect(ws.getRow(3).getCell(3).value).toBe("  edge spaces  ");
    expect(ws.getRow(3).getCell(4).value).toBe(1e-7);
    expect(ws.getRow(4).getCell(3).value).toBe("bell and lone  surrogate, 🚢 kept");
    expect(ws.getRow(5).getCell(3).value).toBe("line one\nline two");
    expect(workbook.getWorksheet("Second & last")!.actualRowCount).toBe(3001);
  });

  it("reads back in Sextant's upload reader and in LibreOffice", async (ctx) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sextant-xlsx-writer-"));
    try {
      const file = path.join(dir, "book.xlsx");
      fs.writeFileSync(file, await workbookBytes());
      const read: { name: string; cells: unknown[][] }[] = [];
      for await (const sheet of readXlsxSheets(file)) {
        const cells: unknown[][] = [];
        for await (const batch of sheet.batches) for (const r of batch) cells.push(r.cells);
        read.push({ name: sheet.name, cells });
      }
      expect(read.map((s) => s.name)).toEqual(["Fuel", "Second & last"]);
      expect(read[0]!.cells[1]!.slice(2)).toEqual(['A & B <c> "d"', -12.5]);
      expect((read[0]!.cells[1]![0] as Date).toISOString()).toBe(TS.toISOString());
      expect(read[1]!.cells).toHaveLength(3001);

      if (!hasLibreOffice()) {
        ctx.skip("soffice (LibreOffice) is not installed: the LibreOffice read-back was not run");
        return;
      }
      const lines = libreOfficeCsvLines(file);
      expect(lines[0]).toBe("Date (UTC),Day,Text,Value");
      // the cells as LibreOffice shows them: the number formats applied
      expect(lines[1]).toBe('2025-03-01 06:30:15,2025-03-02,"A & B <c> ""d""",-12.5');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
