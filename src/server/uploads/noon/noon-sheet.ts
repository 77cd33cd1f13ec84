/**
 * The sheet of a noon upload, found rather than assumed: a CSV is its one sheet; in a workbook every sheet is
 * read and the one whose header is recognised best holds the reports (a cover page, a particulars sheet or a
 * monthly summary before it is passed over, and said so). When two sheets could each be the reports, the
 * upload asks which (`mappingConfig.sheet`) instead of guessing.
 */
import {
  HEADER_SEARCH_ROWS,
  headerSignature,
  type LocatedHeader,
  locateHeader,
  normaliseHeader,
} from "../../../domain/noon-reports";
import type { Config } from "../../config";
import { ApiError, badRequest } from "../../http/errors";
import type { SheetRow } from "../cell-values";
import { isEmptyRow } from "../cell-values";
import type { ReceivedFile } from "../upload-input";
import { asFileError, openWorkbook, singleSheet } from "../upload-service";

export type NoonSheet = {
  /** The workbook sheet's name (null for a CSV). */
  name: string | null;
  rows: SheetRow[];
  header: LocatedHeader;
  decimalComma: boolean;
  /** How the sheet was chosen, when the workbook has more than one. */
  notes: string[];
};

type HeaderRequest = {
  sheet?: string;
  skipRows?: number;
  columnMappings?: Record<string, string>;
};

const SEARCH_ROWS = HEADER_SEARCH_ROWS;

/** Rows as a grid indexed by row number − 1 (blank rows as empty arrays). */
function gridOf(rows: readonly SheetRow[]): unknown[][] {
  const grid: unknown[][] = [];
  // the header search reads the first rows only (and a units row under the last of them)
  for (const r of rows) if (r.n <= SEARCH_ROWS + 1) grid[r.n - 1] = r.cells;
  for (let i = 0; i < grid.length; i++) grid[i] ??= [];
  return grid;
}

/**
 * The header row: the one the request names (skipRows), else the one whose headers (groups combined) the
 * request's mapping names most, else one the organisation has mapped before (by its signature), else the best
 * recognised; null when none.
 */
export function findHeader(
  rows: readonly SheetRow[],
  request: HeaderRequest,
  savedSignatures: ReadonlySet<string>,
): LocatedHeader | null {
  const grid = gridOf(rows);
  const index = request.skipRows !== undefined ? request.skipRows - 1 : undefined;
  const mapping = request.columnMappings;
  if (mapping) {
    const wanted = new Set(Object.keys(mapping).map(nameAndUnit));
    const byMapping = locateHeader(
      grid,
      index,
      (headers) => headers.filter((h) => wanted.has(nameAndUnit(h))).length,
    );
    if (byMapping) return byMapping;
  }
  if (savedSignatures.size > 0) {
    const bySaved = locateHeader(grid, index, (headers) =>
      savedSignatures.has(headerSignature(headers)) ? 1 : 0,
    );
    if (bySaved) return bySaved;
  }
  return locateHeader(grid, index);
}

const nameAndUnit = (h: string) => {
  const n = normaliseHeader(h);
  return `${n.name}|${n.unit ?? ""}`;
};

const noHeader = (where: string) =>
  badRequest(
    [
      {
        field: "dataFile",
        reason: `has no header row this product recognises in the first 30 rows of ${where}`,
      },
    ],
    "No noon-report header was found: map the columns (columnMappings) and give the header row (skipRows)",
  );

/** Reports below a header: the non-blank rows after it (and its units row). */
const dataRowsBelow = (rows: readonly SheetRow[], h: LocatedHeader) =>
  rows.filter((r) => r.n > (h.unitsIndex ?? h.headerIndex) + 1 && !isEmptyRow(r.cells)).length;

const recognised = (h: LocatedHeader) => h.columns.filter((c) => c.field !== null).length;

/** A sheet's rows, in memory: a noon sheet is a row a day per ship (a fleet-year is ~10⁴ rows). */
async function collect(batches: AsyncIterable<SheetRow[]>, config: Config, counted: { rows: number }) {
  const rows: SheetRow[] = [];
  for await (const batch of batches) {
    for (const row of batch) {
      rows.push(row);
      counted.rows += 1;
      if (counted.rows > config.UPLOAD_MAX_ROWS)
        throw new ApiError(
          413,
          "too_many_rows",
          `The upload has more than ${config.UPLOAD_MAX_ROWS.toLocaleString("en")} rows (UPLOAD_MAX_ROWS)`,
        );
    }
  }
  return rows;
}

/** The noon sheet of a file: its rows, header and number dialect. */
export async function readNoonSheet(
  file: ReceivedFile,
  config: Config,
  request: HeaderRequest,
  savedSignatures: ReadonlySet<string>,
): Promise<NoonSheet> {
  const counted = { rows: 0 };
  if (file.format === "csv") {
    const { close, batches, decimalComma } = await singleSheet(file, config);
    try {
      const rows = await collect(batches, config, counted).catch(rethrowAsFileError);
      const header = findHeader(rows, request, savedSignatures);
      if (!header) throw noHeader("the file");
      return { name: null, rows, header, decimalComma, notes: [] };
    } finally {
      await close().catch(() => {});
    }
  }
  const sheets: { name: string; rows: SheetRow[]; header: LocatedHeader | null }[] = [];
  for await (const sheet of (await openWorkbook(file, config))()) {
    const rows = await collect(sheet.batches, config, counted).catch(rethrowAsFileError);
    sheets.push({ name: sheet.name, rows, header: findHeader(rows, request, savedSignatures) });
  }
  if (sheets.length === 0) throw badRequest([{ field: "dataFile", reason: "has no sheets" }]);
  if (request.sheet !== undefined) {
    const named = sheets.find((s) => s.name.trim().toLowerCase() === request.sheet!.trim().toLowerCase());
    if (!named)
      throw badRequest([
        {
          field: "mappingConfig.sheet",
          reason: `is not a sheet of the workbook (its sheets: ${sheets.map((s) => `'${s.name}'`).join(", ")})`,
        },
      ]);
    if (!named.header) throw noHeader(`sheet '${named.name}'`);
    return { name: named.name, rows: named.rows, header: named.header, decimalComma: false, notes: [] };
  }
  const withReports = sheets
    .filter((s): s is typeof s & { header: LocatedHeader } => s.header !== null)
    .map((s) => ({ ...s, score: recognised(s.header), reports: dataRowsBelow(s.rows, s.header) }))
    .filter((s) => s.reports > 0)
    .sort((a, b) => b.score - a.score || b.reports - a.reports);
  const best = withReports[0];
  if (!best) throw noHeader(sheets.length === 1 ? "the sheet" : `any of the ${sheets.length} sheets`);
  // Another sheet that is as much a noon sheet (its header nearly as recognised, a fair share of the rows).
  const rival = withReports.find(
    (s) => s !== best && s.score >= Math.max(3, 0.8 * best.score) && s.reports >= 0.2 * best.reports,
  );
  if (rival) {
    throw new ApiError(
      400,
      "invalid_request",
      `The workbook holds noon reports on more than one sheet ('${best.name}', '${rival.name}'): name the one to read (mappingConfig.sheet); nothing was saved`,
      [
        {
          field: "mappingConfig.sheet",
          reason: `must name the sheet to read: '${best.name}' (${best.reports} reports) and '${rival.name}' (${rival.reports} reports) both hold noon reports`,
        },
      ],
      { sheets: withReports.map((s) => ({ name: s.name, reports: s.reports })) },
    );
  }
  const position = sheets.findIndex((s) => s.name === best.name) + 1;
  const first = withReports.find((s) => s.name === sheets[0]!.name);
  const notes =
    sheets.length > 1
      ? [
          `Reports read from sheet '${best.name}' (sheet ${position} of ${sheets.length})` +
            (position === 1
              ? "."
              : first
                ? `; '${first.name}' holds fewer (${first.reports}).`
                : `; '${sheets[0]!.name}' holds no reports.`),
        ]
      : [];
  return { name: best.name, rows: best.rows, header: best.header, decimalComma: false, notes };
}

function rethrowAsFileError(err: unknown): never {
  if (err instanceof ApiError) throw err;
  asFileError(err);
}
