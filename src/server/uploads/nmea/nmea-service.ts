/**
 * POST /api/upload-data with `mappingConfig {dataType: "nmea", shipId}`: an NMEA 0183 log (domain/nmea) read
 * line by line, its minutes stored through the upload pipeline as environmental records (position, heading,
 * wind, temperatures) and main-engine fuel records (speeds over ground and through water, engine load), in
 * one transaction with the upload log. The merge fills (upload-pipeline.ts, 'fill'): a log measures some
 * fields of a record, so a minute that already has a record (from a form, a file, the ship's data logger)
 * gets the log's values and keeps its fuel rate, SFOC, fuel type and voyage. Bad lines are counted per
 * reason and listed (the first 100, with their line numbers) — never fatal; a log without one usable
 * sentence is refused (400).
 */
import fs from "node:fs";
import readline from "node:readline";
import type pg from "pg";
import { type NmeaUploadResult, nmeaMappingConfig } from "../../../contracts/nmea-upload";
import { defaultColumnMappings, RECORD_REGISTRY } from "../../../contracts/record-registry";
import {
  BAD_SENTENCE_REASONS,
  NmeaLogReader,
  type NmeaLogSummary,
  type NmeaMinute,
} from "../../../domain/nmea";
import type { AuthContext } from "../../auth/sessions";
import type { Config } from "../../config";
import { ApiError, badRequest } from "../../http/errors";
import { type Cell, oneBatch, type SheetRow } from "../cell-values";
import type { ReceivedFile } from "../upload-input";
import { MAX_REPORTED_ERRORS, type UploadRun } from "../upload-pipeline";
import { inTransaction } from "../upload-service";

type Auth = Pick<AuthContext, "orgId" | "userId">;

export function isNmeaConfig(text: string | undefined): boolean {
  try {
    return (JSON.parse(text ?? "") as { dataType?: unknown }).dataType === "nmea";
  } catch {
    return false;
  }
}

function parseConfig(text: string) {
  const parsed = nmeaMappingConfig.safeParse(JSON.parse(text));
  if (!parsed.success)
    throw badRequest(
      parsed.error.issues.map((i) => ({ field: ["mappingConfig", ...i.path].join("."), reason: i.message })),
    );
  return parsed.data;
}

/** The log, line by line from the spooled file (constant memory but the minutes). */
async function readLog(file: ReceivedFile, maxLines: number): Promise<NmeaLogSummary> {
  if (file.format !== "csv")
    throw badRequest([{ field: "dataFile", reason: "must be an NMEA 0183 text log (.nmea, .log, .txt)" }]);
  const reader = new NmeaLogReader();
  // NMEA 0183 is ASCII; latin1 reads any byte as one character, so a corrupted byte stays on its line.
  const lines = readline.createInterface({
    input: fs.createReadStream(file.path, { encoding: "latin1" }),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  let n = 0;
  for await (const line of lines) {
    n += 1;
    if (n > maxLines)
      throw new ApiError(
        413,
        "too_many_rows",
        `The log has more than ${maxLines.toLocaleString("en")} lines (UPLOAD_MAX_ROWS)`,
      );
    reader.push(line);
  }
  return reader.finish();
}

type SheetType = "environmental" | "fuel";

/** A sheet of the minutes that have a value of `group`, with the headers of the fields present only. */
function minuteSheet(shipId: number, minutes: readonly NmeaMinute[], type: SheetType): SheetRow[] {
  const group = type === "fuel" ? "fuel" : "environmental";
  const fields = [...new Set(minutes.flatMap((m) => Object.keys(m[group])))];
  const headerOf = (field: string) => RECORD_REGISTRY[type].find((c) => c.field === field)!.header;
  const consumer = type === "fuel" ? [headerOf("consumer")] : [];
  const header: Cell[] = [headerOf("shipId"), headerOf("timestamp"), ...consumer, ...fields.map(headerOf)];
  const rows: SheetRow[] = [{ n: 1, cells: header }];
  for (const m of minutes) {
    const values = m[group] as Record<string, number | undefined>;
    if (Object.keys(values).length === 0) continue;
    const cells: Cell[] = [shipId, new Date(m.ts).toISOString(), ...(type === "fuel" ? ["main"] : [])];
    for (const f of fields) cells.push(values[f] ?? null);
    rows.push({ n: rows.length + 1, cells });
  }
  return rows;
}

/**
 * Stages and merges minutes as environmental and main-engine fuel records ('fill': a stored record keeps
 * what the log does not measure). The upload and the UDP listener (live/nmea-udp.ts) both store this way.
 */
export async function storeMinutes(
  run: UploadRun,
  shipId: number,
  minutes: readonly NmeaMinute[],
): Promise<void> {
  for (const type of ["environmental", "fuel"] as const) {
    const rows = minuteSheet(shipId, minutes, type);
    if (rows.length <= 1) continue;
    await run.loadSheet({
      type,
      batches: oneBatch(rows),
      decimalComma: false,
      columnMappings: defaultColumnMappings(type),
      skipRows: 1,
      merge: "fill",
    });
  }
}

/** The answer's account of the log. */
function logView(s: NmeaLogSummary) {
  return {
    lines: s.lines,
    used: s.used,
    bad: s.bad as Record<string, number>,
    ignored: s.ignored,
    talkers: s.talkers,
    minutes: s.minutes.length,
    from: s.minutes.length > 0 ? new Date(s.minutes[0]!.ts - 60_000).toISOString() : null,
    to: s.minutes.length > 0 ? new Date(s.minutes.at(-1)!.ts).toISOString() : null,
  };
}

const fmt = (n: number) => n.toLocaleString("en");

export async function uploadNmea(
  pool: pg.Pool,
  config: Config,
  auth: Auth,
  file: ReceivedFile,
  mappingText: string,
): Promise<NmeaUploadResult> {
  const { shipId } = parseConfig(mappingText);
  const ship = await pool.query("select 1 from ships where org_id = $1 and id = $2", [auth.orgId, shipId]);
  if (ship.rowCount === 0)
    throw badRequest([{ field: "mappingConfig.shipId", reason: "is not a ship of your organisation" }]);
  const log = await readLog(file, config.UPLOAD_MAX_ROWS);
  const badTotal = Object.values(log.bad).reduce((a, b) => a + (b ?? 0), 0);
  const badText = Object.entries(log.bad)
    .map(([reason, n]) => `${fmt(n ?? 0)} ${reason}`)
    .join(", ");
  if (log.minutes.length === 0)
    throw badRequest(
      [
        {
          field: "dataFile",
          reason: "has no usable NMEA 0183 sentence (RMC/ZDA time, then position, speed, wind…)",
        },
      ],
      `The log has no usable NMEA 0183 sentence${badTotal > 0 ? ` (${fmt(badTotal)} bad: ${badText})` : ""}; nothing was saved`,
    );
  const view = logView(log);
  const outcome = await inTransaction(pool, config, auth, file, "nmea", async (run) => {
    await storeMinutes(run, shipId, log.minutes);
    const stored = run.rowsTotal;
    for (const b of log.badLines.slice(0, Math.max(0, MAX_REPORTED_ERRORS - run.errors.length)))
      run.errors.push({
        row: b.line,
        column: "sentence",
        value: b.text,
        reason: BAD_SENTENCE_REASONS[b.reason],
      });
    run.rejected += badTotal;
    run.rowsTotal = log.lines;
    const rejected = run.rejected - badTotal;
    const message =
      `Read ${fmt(log.lines)} lines: ${fmt(log.used)} sentences used, ${fmt(badTotal)} bad` +
      `${badTotal > 0 ? ` (${badText})` : ""}, ${fmt(Object.values(log.ignored).reduce((a, b) => a + b, 0))} ignored; ` +
      `${fmt(stored - rejected)} minute records saved${rejected > 0 ? `, ${fmt(rejected)} refused` : ""}`;
    return { message };
  });
  return { ...outcome, data: outcome.data as NmeaUploadResult["data"], nmea: view };
}
