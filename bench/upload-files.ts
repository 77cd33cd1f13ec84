/**
 * The upload benchmarks' files and request: a deterministic fuel series in the upload format (4 ships,
 * 10-minute records, both consumers) written as CSV or as an .xlsx workbook, and a streamed multipart POST.
 */
import fs from "node:fs";
import http from "node:http";
import ExcelJS from "exceljs";
import { UPLOAD_COLUMNS } from "../src/contracts/upload-columns";

export const IMOS = ["9074729", "9312456", "9428712", "9555034"];

type FuelRow = (string | number | Date | null)[];

/**
 * Deterministic fuel rows in the order of UPLOAD_COLUMNS.fuel: per ship, one main-engine and one auxiliary
 * record every 10 minutes (no engine or shaft rpm).
 */
function* fuelRows(rows: number): Generator<FuelRow> {
  let seed = 7;
  const rand = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const start = Date.UTC(2020, 0, 1);
  for (let i = 0; i < rows; i++) {
    const ship = IMOS[i % IMOS.length]!;
    const step = Math.floor(i / (IMOS.length * 2));
    const aux = Math.floor(i / IMOS.length) % 2 === 1;
    const ts = new Date(start + step * 600_000);
    const load = aux ? 40 + rand() * 20 : 60 + rand() * 30;
    const power = aux ? 400 + rand() * 200 : 6000 + rand() * 3000;
    const sfoc = aux ? 210 + rand() * 10 : 170 + rand() * 10;
    const rate = (power * sfoc * 24) / 1e6;
    const stw = aux ? 0 : 11 + rand() * 4;
    const round = (v: number, digits: number) => Number(v.toFixed(digits));
    yield [
      ship,
      null,
      ts,
      round(sfoc, 2),
      round(rate, 3),
      round(load, 1),
      round(stw, 2),
      round(stw + 0.3, 2),
      round(power, 1),
      aux ? "MDO" : "HFO",
      null,
      aux ? "auxiliary" : "main",
      round(stw / 6, 2),
      0.1667,
      null,
      null,
    ];
  }
}

const csvCell = (v: FuelRow[number]) =>
  v === null ? "" : v instanceof Date ? v.toISOString().replace(".000Z", "Z") : String(v);

/** Writes `rows` fuel rows as CSV; returns the file's size in bytes. */
export async function writeFuelCsv(file: string, rows: number): Promise<number> {
  const out = fs.createWriteStream(file);
  let buffer = `${UPLOAD_COLUMNS.fuel.join(",")}\n`;
  for (const row of fuelRows(rows)) {
    buffer += `${row.map(csvCell).join(",")}\n`;
    if (buffer.length > 1 << 16) {
      if (!out.write(buffer)) await new Promise<void>((r) => out.once("drain", () => r()));
      buffer = "";
    }
  }
  out.end(buffer);
  await new Promise<void>((r) => out.once("finish", () => r()));
  return fs.statSync(file).size;
}

/** Writes the same rows as one 'Fuel' sheet of an .xlsx (exceljs' streaming writer, shared strings). */
export async function writeFuelXlsx(file: string, rows: number): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true });
  const sheet = workbook.addWorksheet("Fuel");
  sheet.addRow([...UPLOAD_COLUMNS.fuel]).commit();
  for (const row of fuelRows(rows)) {
    const added = sheet.addRow(row);
    added.getCell(3).numFmt = "yyyy-mm-dd hh:mm:ss";
    added.commit();
  }
  sheet.commit();
  await workbook.commit();
  return fs.statSync(file).size;
}

/** POSTs the file as multipart/form-data, streamed from disk, to the listening server. */
export function postMultipart(
  port: number,
  cookie: string,
  file: string,
  mapping: object,
  filename = "fuel.csv",
): Promise<{ status: number; body: string }> {
  const boundary = "----sextantbench";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="mappingConfig"\r\n\r\n${JSON.stringify(mapping)}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="dataFile"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + fs.statSync(file).size + tail.length;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        port,
        method: "POST",
        path: "/api/upload-data",
        headers: {
          cookie,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": length,
        },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    req.write(head);
    const stream = fs.createReadStream(file, { highWaterMark: 1 << 20 });
    stream.pipe(req, { end: false });
    stream.on("end", () => req.end(tail));
  });
}
