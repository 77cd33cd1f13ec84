import { describe, expect, it } from "vitest";
import { type ExportProgress, lineFeeds, progressPercent, progressText } from "./export-progress";

const p = (o: Partial<ExportProgress>): ExportProgress => ({
  bytes: 0,
  totalBytes: null,
  rows: null,
  totalRows: null,
  ...o,
});

describe("export progress", () => {
  it.each([
    [
      "CSV with announced rows: percentage of rows",
      p({ bytes: 5e6, rows: 45_000, totalRows: 120_000 }),
      "37 % · 45,000 of 120,000 rows",
    ],
    [
      "xlsx with announced rows: megabytes and the rows it holds, no percentage",
      p({ bytes: 13_107_200, totalRows: 1_350_000 }),
      "12.5 MB of 1,350,000 rows",
    ],
    [
      "a known Content-Length gives a percentage of bytes",
      p({ bytes: 1_048_576, totalBytes: 4_194_304 }),
      "25 % · 1.0 MB",
    ],
    ["nothing known: megabytes only", p({ bytes: 3_565_158 }), "3.4 MB"],
    [
      "rows counted past the announcement (a late write) stay at 100 %",
      p({ rows: 130, totalRows: 120 }),
      "100 % · 120 of 120 rows",
    ],
    [
      "an empty export announced as 0 rows shows no percentage",
      p({ bytes: 10, rows: 0, totalRows: 0 }),
      "0 of 0 rows",
    ],
  ])("%s", (_name, progress, text) => {
    expect(progressText(progress)).toBe(text);
  });

  it("percentage is null when the whole is unknown", () => {
    expect(progressPercent(p({ bytes: 100 }))).toBeNull();
  });

  it("counts the line feeds of a chunk (CRLF rows)", () => {
    expect(lineFeeds(new TextEncoder().encode("a,b\r\n1,2\r\n3,4\r\n"))).toBe(3);
  });
});
