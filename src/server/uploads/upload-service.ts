/**
 * The two uploads — one data type from a CSV/.xlsx/.xls file, and a workbook with one sheet per type — as
 * transactions: every accepted row of the upload commits together with its log entry, or nothing does (the
 * failure is then logged on its own).
 */
import fs from "node:fs";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { StoredNoonCheckResult } from "../../contracts/noon-check-result";
import { defaultColumnMappings } from "../../contracts/record-registry";
import { UPLOAD_DATA_TYPES, type UploadDataType } from "../../contracts/upload-columns";
import type { UploadOutcomeKind } from "../../contracts/uploads";
import type { AuthContext } from "../auth/sessions";
import type { Config } from "../config";
import { analyzeAfterBulkWrite } from "../db/table-statistics";
import { DatabaseUnavailableError, isDatabaseUnavailable, watchConnection } from "../db/unavailable";
import { ApiError, badRequest } from "../http/errors";
import { checkMappings, parseMappingConfig } from "./column-mapping";
import { readCsv } from "./csv-reader";
import type { ReceivedFile } from "./upload-input";
import {
  markLogged,
  recordUpload,
  recordUploadWhenBack,
  type UploadStatus,
  uploadFailureMessage,
} from "./upload-log";
import { type TypeCounts, UploadRun } from "./upload-pipeline";
import { describeError, type UploadError } from "./upload-result";
import { readWholeWorkbook } from "./whole-workbook-reader";
import { readXlsxSheets, type WorkbookSheet } from "./xlsx-reader";
import { checkZip } from "./zip-guard";

type Auth = Pick<AuthContext, "orgId" | "userId">;

export type UploadOutcome = {
  success: boolean;
  outcome: UploadOutcomeKind;
  message: string;
  data: Partial<Record<UploadDataType, TypeCounts>>;
  errors: UploadError[];
  notices: string[];
  rowsTotal: number;
  recordsProcessed: number;
  uploadId: number;
};

const fmt = (n: number) => n.toLocaleString("en");

/**
 * The answer's sentence and kind: 'ok' (every row saved), 'partial' (some saved, some refused — which
 * types refused how many), 'failed' (rows refused and none saved).
 */
function summarise(run: UploadRun): {
  processed: number;
  message: string;
  status: UploadStatus;
  outcome: UploadOutcomeKind;
} {
  const all = Object.values(run.counts);
  const sum = (k: keyof TypeCounts) => all.reduce((s, c) => s + c[k], 0);
  const processed = sum("new") + sum("updated") + sum("unchanged");
  const detail = `${fmt(sum("new"))} new, ${fmt(sum("updated"))} updated, ${fmt(sum("unchanged"))} unchanged`;
  if (run.rejected === 0) {
    const message = `Uploaded ${fmt(processed)} rows: ${detail}`;
    return { processed, message, status: "completed", outcome: "ok" };
  }
  const where = Object.entries(run.counts)
    .filter(([, c]) => c.rejected > 0)
    .map(([type, c]) => `${type} ${fmt(c.rejected)}`)
    .join(", ");
  const refused = `${fmt(run.rejected)} of ${fmt(run.rowsTotal)} rows rejected (${where})`;
  if (processed === 0) {
    const message = `Nothing was saved: ${refused}`;
    return { processed, message, status: "completed_with_errors", outcome: "failed" };
  }
  return {
    processed,
    message: `Upload completed with errors: ${refused}; ${fmt(processed)} rows saved (${detail})`,
    status: "completed_with_errors",
    outcome: "partial",
  };
}

/** What an upload's work may add to its log entry (a noon upload's report checks). */
export type UploadLogExtra = {
  /** The upload's own sentence, replacing the row-count summary. */
  message?: string;
  checks?: StoredNoonCheckResult[];
};

/** How `inTransaction` treats an upload's work. */
export type UploadTransactionOptions = {
  /** Runs in the same transaction once the log entry exists (a noon upload links its reports to it). */
  afterLog?: (uploadId: number, client: pg.PoolClient) => Promise<void>;
  /**
   * The work writes nothing but its sheets' merges (a per-type or bulk upload; not a noon upload, whose
   * reports and voyages change figures too): a file whose every row is unchanged then owes no rollup.
   */
  onlyMerges?: boolean;
};

/** Runs `work` in one transaction on its own connection, logs the upload, and returns the outcome. */
export async function inTransaction(
  pool: pg.Pool,
  config: Config,
  auth: Auth,
  file: ReceivedFile,
  dataType: string,
  // biome-ignore lint/suspicious/noConfusingVoidType: most uploads' work returns nothing to log
  work: (run: UploadRun, client: pg.PoolClient) => Promise<UploadLogExtra | void>,
  { afterLog, onlyMerges = false }: UploadTransactionOptions = {},
): Promise<UploadOutcome> {
  const client = await pool.connect();
  const connection = watchConnection(client);
  let healthy = false;
  const log = { orgId: auth.orgId, userId: auth.userId, ...file, dataType };
  try {
    await client.query("begin");
    const run = await UploadRun.start(client, auth.orgId, config.UPLOAD_MAX_ROWS);
    const extra = (await work(run, client)) ?? {};
    // Re-sent data: an upload that changed no row changed no figure (and announces no write).
    if (!(onlyMerges && run.changedRows === 0)) await run.refreshRollups();
    // Inside the transaction (ANALYZE counts its own uncommitted rows, and its statistics commit with them): an
    // upload cut short after this point leaves neither rows nor statistics behind, and one that answered
    // has both. After the commit, a shutdown could abort the answer of an upload that was in fact saved.
    await analyzeAfterBulkWrite(client, run.writtenRowsByTable(), run.rolledUp);
    const summary = summarise(run);
    const { processed, status, outcome } = summary;
    const message = extra.message ?? summary.message;
    const counts = run.counts as Record<string, TypeCounts>;
    const uploadId = await recordUpload(drizzle(client), {
      ...log,
      status,
      rowsTotal: run.rowsTotal,
      counts,
      errors: run.errors,
      message,
      ...extra,
    });
    await afterLog?.(uploadId, client);
    await client.query("commit");
    healthy = true;
    return {
      success: run.rejected === 0,
      outcome,
      message,
      data: run.counts,
      errors: run.errors.map(describeError),
      notices: run.notices,
      rowsTotal: run.rowsTotal,
      recordsProcessed: processed,
      uploadId,
    };
  } catch (thrown) {
    const rollback = await client.query("rollback").then(
      () => undefined,
      (err: unknown) => err ?? new Error("rollback failed"),
    );
    const rolledBack = rollback === undefined;
    // A lost connection is the database's failure (503), whatever error surfaced first (a reader's error
    // that asFileError took for the file's, a stream's own TypeError).
    const lost = connection.lost() ?? (isDatabaseUnavailable(rollback) ? rollback : undefined);
    const err = lost
      ? new DatabaseUnavailableError("The database connection was lost", { cause: lost })
      : thrown;
    const message = uploadFailureMessage(err);
    const failure = { ...log, status: "failed" as const, rowsTotal: 0, counts: {}, errors: [], message };
    // On the upload's own connection when it still answers (also while shutting down, when the pool takes
    // no new work); else in the background once the database is back.
    if (rolledBack)
      await recordUpload(drizzle(client), failure).catch(() => recordUploadWhenBack(drizzle(pool), failure));
    else recordUploadWhenBack(drizzle(pool), failure);
    markLogged(err);
    throw err;
  } finally {
    connection.stop();
    // A connection that failed mid-COPY is closed rather than reused.
    client.release(healthy ? undefined : true);
  }
}

/** The first sheet of a workbook, or the CSV file, as rows; `close` releases the reader. */
export async function singleSheet(file: ReceivedFile, config: Config) {
  if (file.format === "csv") {
    // 16 KiB reads: each read is one batch of rows (~190 fuel rows), done with before V8's young
    // generation is collected. With 1 MiB reads a batch (its text, row arrays and cell strings, ~10 MB)
    // outlived those collections, was promoted to the old generation and grew the heap by ~170 MB on a
    // 1,000,000-row file. The pipeline yields to the event loop between batches (upload-pipeline.ts), so the
    // batch size bounds how long a request waits behind an upload: `/api/health` p99 during a 1 M-row upload
    // on the 2026-11-28 machine (quiet, load 1.2–1.6) 33.3 ms with 64 KiB, 19.0 ms with 32 KiB, 13.3 ms with
    // 16 KiB, at 22.0k / 22.9k / 26.6k rows/s and peak RSS growth 0 / 38 / 41 MB (bench/upload-speed.bench.ts).
    const { dialect, batches } = await readCsv(fs.createReadStream(file.path, { highWaterMark: 1 << 14 }));
    return { batches, decimalComma: dialect.decimalComma, close: async () => {} };
  }
  const sheets = (await openWorkbook(file, config))()[Symbol.asyncIterator]();
  const first = await sheets.next().catch(asFileError);
  if (first.done) throw badRequest([{ field: "dataFile", reason: "has no sheets" }]);
  return {
    batches: first.value.batches,
    decimalComma: false,
    workbook: true,
    close: async () => void (await sheets.return?.()),
  };
}

/**
 * An .ods is parsed whole (SheetJS holds its content.xml as one string and every cell as an object): past this
 * uncompressed size it is refused before it is parsed, with the way out (.xlsx and CSV are streamed). A year of
 * a fleet's noon reports is ~1 MiB; 128 MiB is some 300,000 rows of a per-type file.
 */
export const ODS_MAX_UNCOMPRESSED_BYTES = 128 * 1048576;

/**
 * The workbook's sheets, readable once per call (an .xlsx is re-read from disk, an .xls or .ods is parsed
 * once).
 */
export async function openWorkbook(
  file: ReceivedFile,
  config: Config,
): Promise<() => AsyncIterable<WorkbookSheet>> {
  if (file.format === "xls") {
    const sheets = await readWholeWorkbook(file.path).catch(asFileError);
    return () => toAsync(sheets);
  }
  const ods = file.format === "ods";
  await checkZip(file.path, {
    maxUncompressedBytes: ods
      ? Math.min(config.UPLOAD_MAX_UNCOMPRESSED_BYTES, ODS_MAX_UNCOMPRESSED_BYTES)
      : config.UPLOAD_MAX_UNCOMPRESSED_BYTES,
    maxRatio: config.UPLOAD_MAX_COMPRESSION_RATIO,
    ...(ods
      ? { kind: ".ods workbook", advice: "save it as .xlsx or CSV, which are read as they stream" }
      : {}),
  });
  if (ods) {
    const sheets = await readWholeWorkbook(file.path).catch(asFileError);
    return () => toAsync(sheets);
  }
  return () => asFileErrors(readXlsxSheets(file.path));
}

/** A workbook's sheets, a failure to read them (a missing part, a corrupt zip) being the file's fault. */
async function* asFileErrors<T>(items: AsyncIterable<T>): AsyncGenerator<T> {
  try {
    yield* items;
  } catch (err) {
    asFileError(err);
  }
}

async function* toAsync<T>(items: T[]): AsyncGenerator<T> {
  yield* items;
}

/**
 * A reader's own failure (a corrupt workbook) is the file's fault (400); database and system errors are not
 * (a connection lost mid-COPY is a 503, not an unreadable file).
 */
export function asFileError(err: unknown): never {
  const systemError = typeof (err as { syscall?: unknown }).syscall === "string";
  if (
    err instanceof ApiError ||
    err instanceof pg.DatabaseError ||
    systemError ||
    isDatabaseUnavailable(err)
  ) {
    throw err;
  }
  throw new ApiError(400, "unreadable_file", `The file could not be read: ${(err as Error).message}`);
}

/** POST /api/upload-data: one data type, mapped by `mappingConfig`. */
export async function uploadData(
  pool: pg.Pool,
  config: Config,
  auth: Auth,
  file: ReceivedFile,
  mappingText: string | undefined,
): Promise<UploadOutcome> {
  const mapping = parseMappingConfig(mappingText);
  const custom = mapping.columnMappings;
  const columnMappings =
    custom && Object.keys(custom).length > 0 ? custom : defaultColumnMappings(mapping.dataType);
  checkMappings(mapping.dataType, columnMappings);
  let { close, ...sheet } = await singleSheet(file, config);
  // The file again from its start, for a sheet read a second time (UploadRun.copyDirect).
  const reopen = async () => {
    await close().catch(() => {});
    const again = await singleSheet(file, config);
    close = again.close;
    return again.batches;
  };
  try {
    return await inTransaction(
      pool,
      config,
      auth,
      file,
      mapping.dataType,
      async (run) => {
        await run
          .loadSheet({ type: mapping.dataType, ...sheet, columnMappings, skipRows: mapping.skipRows, reopen })
          .catch(asFileError);
        refuseWithoutRows(run, "dataFile", "The file");
      },
      { onlyMerges: true },
    );
  } finally {
    await close().catch(() => {});
  }
}

/** A file without a data row is refused (400): empty, a header only, or only the template's example. */
function refuseWithoutRows(run: UploadRun, field: string, what: string): void {
  if (run.rowsTotal > 0) return;
  const reason =
    run.headerRows === 0
      ? "is empty"
      : run.notices.length > 0
        ? "has no data rows but the template's example rows"
        : "has a header row but no data rows";
  throw badRequest([{ field, reason }], `${what} ${reason}; nothing was saved`);
}

/** The data type a workbook sheet holds, from its name ('Ships', 'Fuel Data', 'environment'…). */
export function sheetType(name: string): UploadDataType | undefined {
  const key = name
    .toLowerCase()
    .replace(/[^a-z]/g, "")
    .replace(/(data|records)$/, "");
  const aliases: Record<string, UploadDataType> = {
    ship: "ships",
    vessels: "ships",
    vessel: "ships",
    voyage: "voyages",
    environment: "environmental",
    weather: "environmental",
    hullcondition: "hull",
    aux: "auxiliary",
    maintenance: "events",
    maintenanceevents: "events",
  };
  return (UPLOAD_DATA_TYPES as readonly string[]).includes(key) ? (key as UploadDataType) : aliases[key];
}

/**
 * POST /api/data/bulk-upload: a workbook with one sheet per data type. Ships are loaded first, then voyages,
 * then the series, so that later sheets can name the ships and voyages that earlier ones created.
 */
export async function bulkUpload(
  pool: pg.Pool,
  config: Config,
  auth: Auth,
  file: ReceivedFile,
): Promise<UploadOutcome & { ignoredSheets: string[] }> {
  if (file.format === "csv") {
    throw badRequest(
      [{ field: "file", reason: "must be an Excel workbook (.xlsx, .xls)" }],
      "Please select an Excel (.xlsx, .xls) file for bulk upload.",
    );
  }
  const ignored = new Set<string>();
  const sheets = await openWorkbook(file, config);
  const outcome = await inTransaction(
    pool,
    config,
    auth,
    file,
    "bulk",
    async (run) => {
      const load = async (sheet: WorkbookSheet, type: UploadDataType) => {
        const input = {
          type,
          batches: sheet.batches,
          decimalComma: false,
          sheet: sheet.name,
          workbook: true,
          skipRows: 1,
        };
        await run.loadSheet({ ...input, columnMappings: defaultColumnMappings(type) }).catch(asFileError);
      };
      // First pass: the Ships sheets, learning every sheet's type on the way (a zip is read front to back).
      const order: UploadDataType[] = [];
      for await (const sheet of sheets()) {
        const type = sheetType(sheet.name);
        if (!type) ignored.add(sheet.name);
        else order.push(type);
        if (type === "ships") await load(sheet, type);
      }
      if (order.length === 0) {
        throw badRequest(
          [
            {
              field: "file",
              reason: `has no sheet named after a data type (${UPLOAD_DATA_TYPES.join(", ")})`,
            },
          ],
          "The workbook has no data sheets",
        );
      }
      // Then voyages and series together when every Voyages sheet precedes the series, else one pass each.
      const rest = order.filter((t) => t !== "ships");
      const lastVoyages = rest.lastIndexOf("voyages");
      const inOrder = rest.slice(0, lastVoyages + 1).every((t) => t === "voyages");
      const passes: ((t: UploadDataType) => boolean)[] = inOrder
        ? [(t) => t !== "ships"]
        : [(t) => t === "voyages", (t) => t !== "ships" && t !== "voyages"];
      for (const wanted of rest.length > 0 ? passes : []) {
        for await (const sheet of sheets()) {
          const type = sheetType(sheet.name);
          if (type && wanted(type)) await load(sheet, type);
        }
      }
      refuseWithoutRows(run, "file", "The workbook");
    },
    { onlyMerges: true },
  );
  return { ...outcome, ignoredSheets: [...ignored] };
}
