/**
 * The .xlsx sink alone (no database, no HTTP): `npx tsx bench/export-sink.bench.ts` (N=rows, default 100,000)
 * writes N fuel rows (the export's 14 columns, a date, text and numbers) through `xlsxSink` into a stream
 * that is read and thrown away, and prints the CPU seconds (user + system, every thread: exceljs on the main
 * thread, zlib in the pool) beside the wall seconds. On a shared machine the wall time is mostly waiting for
 * a core; the CPU time is what the sink costs, and what a change to it must lower.
 */
import { PassThrough } from "node:stream";
import { SERIES_SHEETS } from "../src/server/exports/export-sheets";
import { xlsxSink } from "../src/server/exports/export-sink";
import type { ExportCell } from "../src/server/exports/spreadsheet-cell";

const N = Number(process.env.N ?? 100_000);
const BATCH = 5_000;
const sheet = SERIES_SHEETS.fuel;
const out = new PassThrough({ highWaterMark: 1 << 20 });
let bytes = 0;
out.on("data", (c: Buffer) => {
  bytes += c.length;
});
const ended = new Promise((resolve) => out.on("end", resolve));
const sink = xlsxSink(out);
sink.sheet(sheet.name, sheet.columns);
const base = Date.UTC(2016, 0, 1);
const t0 = performance.now();
const c0 = process.cpuUsage();
for (let b = 0; b < N / BATCH; b += 1) {
  const rows: ExportCell[][] = [];
  for (let i = 0; i < BATCH; i += 1) {
    const k = b * BATCH + i;
    rows.push(
      sheet.columns.map((c, j): ExportCell => {
        if (j === 0) return new Date(base + k * 900_000);
        if (j === 1) return "Aurora Bulker";
        if (c.kind === "text") return "HFO";
        if (c.kind === "date") return new Date(base);
        return 100 + Math.sin(k + j) * 50;
      }),
    );
  }
  await sink.rows(rows);
}
await sink.finish();
await ended;
const cpu = process.cpuUsage(c0);
const wall = (performance.now() - t0) / 1000;
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
console.log(
  `${N} rows × ${sheet.columns.length} columns: CPU ${cpuSeconds.toFixed(2)} s (${(N / cpuSeconds / 1000).toFixed(1)}k rows per CPU-second), ` +
    `wall ${wall.toFixed(2)} s (${(N / wall / 1000).toFixed(1)}k rows/s), ${(bytes / 1_048_576).toFixed(1)} MB`,
);
