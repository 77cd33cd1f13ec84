import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { registryFields } from "../../contracts/record-registry";
import { RECORD_BODIES } from "../../contracts/records";
import { UPLOAD_COLUMNS, UPLOAD_DATA_TYPES } from "../../contracts/upload-columns";
import { type Duration, excelSerialToDate, TimeOfDay } from "../../domain/spreadsheets";
import { RECORD_TYPES } from "../records/record-types";
import { toNumber, toText } from "./cell-values";
import { fieldKinds } from "./column-mapping";
import { readCsv, sniffDelimiter } from "./csv-reader";
import { contractParser } from "./row-validator";
import { copyLine } from "./staging-copy";
import { type CellContext, cellValue, parseSharedStrings, parseStyleKinds, rowCells } from "./xlsx-reader";

async function csvRows(text: string | Buffer) {
  const { dialect, batches } = await readCsv(Readable.from([Buffer.from(text)]));
  const rows: { n: number; cells: unknown[] }[] = [];
  for await (const batch of batches) rows.push(...batch);
  return { dialect, rows };
}

describe("CSV reading", () => {
  it.each([
    ["a,b,c\n1,2,3", ","],
    ["a;b;c\n1,5;2;3", ";"],
    ["a\tb\tc", "\t"],
    ['"x;y",b,c\n', ","],
    ["single", ","],
  ])("sniffs the delimiter of %j as %j", (text, delimiter) => {
    expect(sniffDelimiter(text)).toBe(delimiter);
  });

  it("drops a UTF-8 BOM and numbers rows as a spreadsheet shows them", async () => {
    const { dialect, rows } = await csvRows("\uFEFFShip ID;Date\n9074729;2026-01-01\n\nAlpha;2026-01-02\n");
    expect(dialect).toEqual({ delimiter: ";", decimalComma: true, encoding: "utf-8" });
    expect(rows[0]!.cells).toEqual(["Ship ID", "Date"]);
    expect(rows.map((r) => r.n)).toEqual([1, 2, 3, 4, 5].slice(0, rows.length));
    expect(rows[3]).toEqual({ n: 4, cells: ["Alpha", "2026-01-02"] });
  });

  it("reads Windows-1252 text as Windows-1252 (Excel's 'CSV' on Western European Windows)", async () => {
    // 'Air Temp (°C)' and '€' as cp1252 bytes 0xB0 and 0x80: invalid as UTF-8
    const bytes = Buffer.from([
      ...Buffer.from("Date;Air Temp ("),
      0xb0,
      ...Buffer.from("C);Cost "),
      0x80,
      ...Buffer.from("\n01.01.2025;12,5;3\n"),
    ]);
    const { dialect, batches } = await readCsv(Readable.from([bytes]));
    const rows = [];
    for await (const b of batches) rows.push(...b);
    expect(dialect).toEqual({ delimiter: ";", decimalComma: true, encoding: "windows-1252" });
    expect(rows[0]!.cells).toEqual(["Date", "Air Temp (°C)", "Cost €"]);
    expect(rows[1]!.cells).toEqual(["01.01.2025", "12,5", "3"]);
  });

  it("fails a UTF-8 file that turns invalid past its first chunk instead of reading replacement characters", async () => {
    const { batches } = await readCsv(
      Readable.from([Buffer.from("a,b\n1,2\n"), Buffer.from([0x31, 0xff, 0x0a])]),
    );
    await expect(async () => {
      for await (const _ of batches);
    }).rejects.toThrow(/not valid UTF-8/);
  });

  it.each([
    ["Date\tDist\n01.01.2025\t310,5\n", true],
    ["Date\tDist\n2025-01-01\t310.5\n", false],
    ["Date\tDist\n2025-01-01\t310\n", false],
  ])("a tab-separated file %j has a decimal comma: %s", async (text, comma) => {
    const { dialect } = await readCsv(Readable.from([Buffer.from(text)]));
    expect(dialect.decimalComma).toBe(comma);
  });

  it("keeps quoted delimiters and newlines inside a field", async () => {
    const { rows } = await csvRows('a,b\n"x, ""y""","line1\nline2"\n');
    expect(rows[1]!.cells).toEqual(['x, "y"', "line1\nline2"]);
  });

  it("reads a multi-byte character split across chunks", async () => {
    const bytes = Buffer.from("Vessel Name\nÆgir Ø\n");
    const { batches } = await readCsv(Readable.from([bytes.subarray(0, 13), bytes.subarray(13)]));
    const rows = [];
    for await (const b of batches) rows.push(...b);
    expect(rows[1]!.cells).toEqual(["Ægir Ø"]);
  });
});

describe("cell conversion", () => {
  it.each([
    ["12.5", false, 12.5],
    ["12,5", true, 12.5],
    ["12,5", false, "12,5"],
    [" 7 ", false, 7],
    ["1e3", false, 1000],
    ["", false, undefined],
    ["0x10", false, "0x10"],
    ["abc", false, "abc"],
  ])("number cell %j (decimal comma %s) → %j", (cell, comma, expected) => {
    expect(toNumber(cell, comma)).toEqual(expected);
  });

  it("gives text fields trimmed text, numbers as written and date cells as ISO 8601 UTC", () => {
    expect(toText("  V-1 ")).toBe("V-1");
    expect(toText(9074729)).toBe("9074729");
    expect(toText(new Date("2024-03-02T12:00:00Z"))).toBe("2024-03-02T12:00:00.000Z");
    expect(toText("")).toBeUndefined();
  });

  it("escapes text for COPY and writes \\N for null", () => {
    expect(copyLine([1, null, "a\tb\\c\nd", new Date("2024-01-01T00:00:00Z")])).toBe(
      "1\t\\N\ta\\tb\\\\c\\nd\t2024-01-01T00:00:00.000Z\n",
    );
  });
});

describe("Excel cells", () => {
  it("reads Excel's serial day as UTC (45353.5 = 2024-03-02 12:00)", () => {
    expect(excelSerialToDate(45353.5).toISOString()).toBe("2024-03-02T12:00:00.000Z");
  });

  const ctx: CellContext = {
    sharedStrings: ["a", "b"],
    styleKinds: [null, "datetime", "time", "duration", "date"],
    date1904: false,
  };
  const cell = (xml: string) => {
    const m = /^<c([^>]*?)(?:\/>|>([\s\S]*)<\/c>)$/.exec(xml)!;
    return cellValue(m[1]!, m[2] ?? "", ctx);
  };

  it("reads a cell on a time format as a time of day and on an elapsed-time format as hours, never as 1899-12-30", () => {
    expect(String(cell('<c s="2"><v>0.5</v></c>'))).toBe("12:00");
    expect(cell('<c s="2"><v>0.5</v></c>')).toBeInstanceOf(TimeOfDay);
    expect((cell('<c s="3"><v>1.0416666666666667</v></c>') as Duration).hours).toBeCloseTo(25, 9);
    expect(cell('<c s="4"><v>45658</v></c>')).toEqual(new Date("2025-01-01T00:00:00Z"));
    // SheetJS with cellDates writes a time as a date-time on day zero
    expect(String(cell('<c s="2" t="d"><v>1899-12-30T12:00:00.000Z</v></c>'))).toBe("12:00");
    // the 1904 date system moves days, not times of day
    expect(String(cellValue(' s="2"', "<v>0.25</v>", { ...ctx, date1904: true }))).toBe("06:00");
  });

  it("uses a formula's cached result, never evaluating it; a date-formatted result becomes a date", () => {
    expect(cell("<c><f>E2*3.114</f><v>99.0252</v></c>")).toBe(99.0252);
    expect(cell('<c s="1"><f>NOW()</f><v>45353.5</v></c>')).toEqual(new Date("2024-03-02T12:00:00Z"));
    expect(cell("<c><f>A1</f></c>")).toBeNull();
    expect(cell('<c t="e"><f>1/0</f><v>#DIV/0!</v></c>')).toBe("#DIV/0!");
    expect(cell('<c t="str"><f>A1&amp;"x"</f><v>MV &amp; x</v></c>')).toBe("MV & x");
  });

  it("reads shared, inline and rich strings, booleans, ISO date cells, the 1904 date system", () => {
    expect(cell('<c t="s"><v>1</v></c>')).toBe("b");
    expect(cell('<c t="inlineStr"><is><t>MV Example</t></is></c>')).toBe("MV Example");
    expect(
      rowCells(
        '<x:c t="inlineStr"><x:is><x:r><x:t>MV </x:t></x:r><x:r><x:t>Example</x:t></x:r></x:is></x:c>',
        ctx,
      ),
    ).toEqual(["MV Example"]);
    expect(cell('<c t="b"><v>1</v></c>')).toBe(true);
    expect(cell('<c t="d"><v>2025-01-01T01:00:00.000Z</v></c>')).toEqual(new Date("2025-01-01T01:00:00Z"));
    expect(cell('<c t="d"><v>2025-01-01T01:00:00</v></c>')).toEqual(new Date("2025-01-01T01:00:00Z"));
    expect(cell('<c t="d"><v>2024-10-22</v></c>')).toEqual(new Date("2024-10-22T00:00:00Z"));
    expect(cellValue(' s="1"', "<v>43891.5</v>", { ...ctx, date1904: true })).toEqual(
      new Date("2024-03-02T12:00:00Z"),
    );
    expect(
      parseSharedStrings(
        '<sst><si><t>A &amp; B</t></si><si><r><t>x</t></r><r><t xml:space="preserve"> y</t></r><rPh><t>z</t></rPh></si></sst>',
      ),
    ).toEqual(["A & B", "x y"]);
  });

  it("places cells by their reference, or in order when a writer leaves references out", () => {
    expect(rowCells('<c r="B3"><v>1</v></c><c r="D3" t="inlineStr"><is><t>x</t></is></c>', ctx)).toEqual([
      undefined,
      1,
      undefined,
      "x",
    ]);
    expect(rowCells('<c><v>1</v></c><c/><c t="s"><v>0</v></c>', ctx)).toEqual([1, undefined, "a"]);
  });

  it("knows date styles by built-in format id and by custom format code", () => {
    const styles =
      '<styleSheet><numFmts><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/><numFmt numFmtId="165" formatCode="0.0&quot;kn&quot;"/></numFmts>' +
      '<cellXfs count="5"><xf numFmtId="0"/><xf numFmtId="22"/><xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="2"/></cellXfs></styleSheet>';
    expect(parseStyleKinds(styles)).toEqual([null, "datetime", "date", null, null]);
  });
});

describe("column mapping", () => {
  it.each(UPLOAD_DATA_TYPES)(
    "the default fields of %s pair one to one with its headers and exist in its contract",
    (type) => {
      expect(registryFields(type)).toHaveLength(UPLOAD_COLUMNS[type].length);
      const kinds = fieldKinds(type);
      for (const field of registryFields(type)) expect(kinds[field], `${type}.${field}`).toBeDefined();
    },
  );

  it("reads number or text per field from the contract", () => {
    expect(fieldKinds("fuel")).toMatchObject({
      sfoc: "number",
      fuelType: "string",
      timestamp: "string",
      shipId: "number",
    });
    expect(fieldKinds("ships")).toMatchObject({ imo: "string", yearBuilt: "number" });
  });
});

describe("field-by-field parsing gives the contract's own verdict and output", () => {
  const simulatorFuel = path.join(
    path.dirname(new URL(import.meta.url).pathname),
    "fixtures/fuel-libreoffice.csv",
  );
  const cases: Record<string, unknown>[] = [
    { shipId: 1, timestamp: "2024-01-01T01:00:00Z", sfoc: 218.45, fuelType: "MDO", consumer: "auxiliary" },
    { shipId: 1, timestamp: "2024-01-01", fuelConsumptionRate: 24 },
    { shipId: 1, timestamp: "2024-01-01", fuelConsumptionRate: 24, fuelType: "vlsfo" },
    { shipId: 1, timestamp: "2024-02-30", sfoc: -1, fuelType: "COAL" },
    { shipId: 1, engineLoadFactor: 111, periodHours: 0 },
    { timestamp: "x" },
  ];
  it.each(cases)("%j", (input) => {
    const whole = RECORD_BODIES.fuel.safeParse(input);
    const byField = contractParser(RECORD_TYPES.fuel.fieldsBody)(input);
    expect("values" in byField).toBe(whole.success);
    if (whole.success && "values" in byField)
      expect(RECORD_TYPES.fuel.fromFields(byField.values)).toEqual(whole.data);
    if (!whole.success && "issues" in byField) {
      expect(byField.issues.map((i) => i.field).sort()).toEqual(
        whole.error.issues.map((i) => String(i.path[0])).sort(),
      );
    }
    expect(fs.existsSync(simulatorFuel)).toBe(true);
  });
});
