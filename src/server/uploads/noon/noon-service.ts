/**
 * POST /api/upload-data with `dataType: "noon"`: one sheet of noon reports, its header found, mapped
 * (request, remembered, or recognised), planned (noon-plan.ts) and either answered as a preview (dryRun:
 * nothing written) or stored in one transaction: the proposed voyages the user kept, the fuel,
 * environmental and draught records through the upload pipeline (staging, COPY, merge, upload log), the
 * reports themselves (noon_reports, with the checks each row failed), the report checks with the upload.
 */
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import type { z } from "zod";
import { type NoonPreview, type NoonUploadResult, noonMappingConfig } from "../../../contracts/noon-reports";
import { defaultColumnMappings } from "../../../contracts/record-registry";
import {
  composeHeaders,
  headerSignature,
  type LocatedHeader,
  locateHeader,
  normaliseHeader,
} from "../../../domain/noon-reports";
import { failsErrorCheck } from "../../../domain/report-checks/noon-checks";
import type { AuthContext } from "../../auth/sessions";
import type { Config } from "../../config";
import { ApiError, badRequest } from "../../http/errors";
import { oneBatch, type SheetRow } from "../cell-values";
import { FleetReferences } from "../fleet-references";
import type { ReceivedFile } from "../upload-input";
import { MAX_REPORTED_ERRORS, type TypeCounts } from "../upload-pipeline";
import { describeError } from "../upload-result";
import { asFileError, inTransaction, singleSheet } from "../upload-service";
import { findNoonMapping, listNoonMappings, saveNoonMapping } from "./noon-mappings";
import {
  applyMapping,
  type MappingSource,
  mappingOf,
  type NoonPlan,
  type PlannedReport,
  planNoonSheet,
  recordSheets,
} from "./noon-plan";

type Auth = Pick<AuthContext, "orgId" | "userId">;

/** Rows of the preview. */
export const PREVIEW_ROWS = 20;

/**
 * Rows a noon sheet may have: it is read into memory to be ordered per ship and time (reports of a ship
 * depend on the previous one); 200,000 rows is over 500 ship-years of daily reports.
 */
export const NOON_MAX_ROWS = 200_000;

export function isNoonConfig(text: string | undefined): boolean {
  try {
    return (JSON.parse(text ?? "") as { dataType?: unknown }).dataType === "noon";
  } catch {
    return false;
  }
}

function parseNoonConfig(text: string) {
  const parsed = noonMappingConfig.safeParse(JSON.parse(text));
  if (!parsed.success) {
    throw badRequest(
      parsed.error.issues.map((i) => ({ field: ["mappingConfig", ...i.path].join("."), reason: i.message })),
    );
  }
  return parsed.data;
}

/** The sheet's rows, in memory: a noon-report sheet is a row a day per ship (a fleet-year is ~10⁴ rows). */
async function readRows(file: ReceivedFile, config: Config): Promise<SheetRow[]> {
  const { close, batches } = await singleSheet(file, config);
  const rows: SheetRow[] = [];
  try {
    for await (const batch of batches) {
      for (const row of batch) {
        rows.push(row);
        if (rows.length > config.UPLOAD_MAX_ROWS)
          throw new ApiError(
            413,
            "too_many_rows",
            `The upload has more than ${config.UPLOAD_MAX_ROWS.toLocaleString("en")} rows (UPLOAD_MAX_ROWS)`,
          );
      }
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    asFileError(err);
  } finally {
    await close().catch(() => {});
  }
  return rows;
}

/** The header row: the one the request names (skipRows), else the row holding most of the request's headers, else the best recognised. */
function findHeader(
  grid: unknown[][],
  skipRows: number | undefined,
  mapping: Record<string, string> | undefined,
  savedSignatures: ReadonlySet<string>,
): LocatedHeader {
  let index = skipRows !== undefined ? skipRows - 1 : undefined;
  // A header row the organisation has mapped before is found by its signature, recognised or not.
  if (index === undefined && !mapping) {
    const at = grid
      .slice(0, 30)
      .findIndex((row) => savedSignatures.has(headerSignature(composeHeaders(undefined, row))));
    if (at >= 0) index = at;
  }
  if (index === undefined && mapping) {
    const wanted = new Set(Object.keys(mapping).map((h) => normaliseHeader(h).name));
    let best = 0;
    grid.slice(0, 30).forEach((row, i) => {
      const hits = row.filter(
        (c) => c !== null && c !== undefined && wanted.has(normaliseHeader(String(c)).name),
      ).length;
      if (hits > best) {
        best = hits;
        index = i;
      }
    });
  }
  const located = locateHeader(grid, index);
  if (!located) {
    throw badRequest(
      [{ field: "dataFile", reason: "has no header row this product recognises in its first 30 rows" }],
      "No noon-report header was found: map the columns (columnMappings) and give the header row (skipRows)",
    );
  }
  return located;
}

type Prepared = {
  config: z.output<typeof noonMappingConfig>;
  header: LocatedHeader;
  source: MappingSource;
  plan: NoonPlan;
};

async function prepare(
  pool: pg.Pool,
  config: Config,
  auth: Auth,
  file: ReceivedFile,
  mappingText: string,
  refs?: FleetReferences,
): Promise<Prepared> {
  const cfg = parseNoonConfig(mappingText);
  const rows = await readRows(file, config);
  const grid: unknown[][] = [];
  for (const r of rows) grid[r.n - 1] = r.cells;
  for (let i = 0; i < grid.length; i++) grid[i] ??= [];
  const saved = new Set((await listNoonMappings(drizzle(pool), auth.orgId)).map((m) => m.signature));
  const header = findHeader(grid, cfg.skipRows, cfg.columnMappings, saved);
  const signature = headerSignature(header.headers);
  let source: MappingSource = "recognised";
  let columns = header.columns;
  const requested =
    cfg.columnMappings && Object.keys(cfg.columnMappings).length > 0 ? cfg.columnMappings : undefined;
  if (requested) {
    columns = applyMapping(header, requested);
    source = "request";
  } else {
    const saved = await findNoonMapping(drizzle(pool), auth.orgId, signature);
    if (saved) {
      columns = applyMapping(header, saved);
      source = "saved";
    }
  }
  const references = refs ?? (await FleetReferences.load(pool, auth.orgId));
  const plan = planNoonSheet({
    header,
    columns,
    rows,
    dataFrom: (header.unitsIndex ?? header.headerIndex) + 2,
    refs: references,
    defaultShip: cfg.shipId,
  });
  if (plan.rowsTotal === 0)
    throw badRequest(
      [{ field: "dataFile", reason: "has a header row but no data rows" }],
      "The file has a header row but no data rows; nothing was saved",
    );
  return { config: cfg, header, source, plan };
}

function mappingView(p: Prepared) {
  return {
    source: p.source,
    signature: p.plan.signature,
    headerRow: p.header.headerIndex + 1,
    unitsRow: p.header.unitsIndex === null ? null : p.header.unitsIndex + 1,
    columns: p.plan.columns.map((c) => ({ index: c.index, header: c.header, unit: c.unit, field: c.field })),
  };
}

const voyagesView = (plan: NoonPlan) =>
  plan.proposedVoyages.map((v) => ({
    key: v.key,
    shipId: v.shipId,
    voyageNumber: v.voyageNumber,
    origin: v.origin,
    destination: v.destination,
    departureDate: new Date(v.departureMs).toISOString(),
    arrivalDate: v.arrivalMs === null ? null : new Date(v.arrivalMs).toISOString(),
    rows: v.rows,
    from: v.from,
  }));

function rowView(r: PlannedReport) {
  return {
    row: r.row,
    shipId: r.shipId,
    ship: r.ship,
    timestamp: new Date(r.timeMs).toISOString(),
    event: r.event,
    utcOffsetHours: r.utcOffsetHours,
    voyage: r.voyage ?? r.proposedVoyage,
    steamingHours: r.values.steamingHours ?? null,
    periodHours: r.periodHours,
    distanceOverGroundNm: r.values.distanceOverGround ?? null,
    distanceThroughWaterNm: r.values.distanceThroughWater ?? null,
    fuel: r.fuel as Record<string, Record<string, number>>,
    rob: r.rob as Record<string, number>,
    bunkered: r.bunkered as Record<string, number>,
    values: r.values as Record<string, number>,
    windDirection: r.windDirection,
    latitude: r.latitude,
    longitude: r.longitude,
    checks: r.checks,
  };
}

/** What an upload would store, per record type. */
function plannedCounts(plan: NoonPlan, excluded: ReadonlySet<string>): Record<string, number> {
  const sheets = recordSheets(plan.reports, () => null);
  return {
    ...Object.fromEntries(sheets.map((s) => [s.type, s.rows.length - 1])),
    reports: plan.reports.filter((r) => !r.duplicate).length,
    voyages: plan.proposedVoyages.filter((v) => !excluded.has(v.key)).length,
  };
}

/** The preview: the mapping, the first reports parsed, errors and checks; nothing written. */
export async function previewNoon(
  pool: pg.Pool,
  config: Config,
  auth: Auth,
  file: ReceivedFile,
  mappingText: string,
): Promise<NoonPreview> {
  const p = await prepare(pool, config, auth, file, mappingText);
  return {
    dryRun: true,
    mapping: mappingView(p),
    rows: p.plan.reports.slice(0, PREVIEW_ROWS).map(rowView),
    errors: p.plan.errors.slice(0, 100).map(describeError),
    checks: p.plan.checks,
    proposedVoyages: voyagesView(p.plan),
    rowsTotal: p.plan.rowsTotal,
    ships: p.plan.shipTime,
    planned: plannedCounts(p.plan, new Set(p.config.excludeVoyages)),
  };
}

const fmt = (n: number) => n.toLocaleString("en");

/** The upload: everything the plan holds, in one transaction with its log entry. */
export async function uploadNoon(
  pool: pg.Pool,
  config: Config,
  auth: Auth,
  file: ReceivedFile,
  mappingText: string,
): Promise<NoonUploadResult> {
  const p = await prepare(pool, config, auth, file, mappingText);
  const { plan } = p;
  const excluded = new Set(p.config.excludeVoyages);
  let reportIds: number[] = [];
  const outcome = await inTransaction(
    pool,
    config,
    auth,
    file,
    "noon",
    async (run, client) => {
      const counts = run.counts as Record<string, TypeCounts>;
      run.errors.push(...plan.errors.slice(0, MAX_REPORTED_ERRORS));
      run.rejected += plan.refusedRows;
      counts.reports = { new: 0, updated: 0, unchanged: 0, rejected: plan.refusedRows };
      const voyageIds = await createVoyages(client, auth.orgId, plan, excluded);
      counts.voyages = { new: voyageIds.created, updated: 0, unchanged: 0, rejected: 0 };
      if (voyageIds.byKey.size > 0) await run.reloadReferences();
      const voyageIdOf = (r: PlannedReport) =>
        r.voyageId ?? (r.proposedVoyage ? (voyageIds.byKey.get(r.proposedVoyage) ?? null) : null);
      for (const sheet of recordSheets(plan.reports, voyageIdOf)) {
        if (sheet.rows.length <= 1) continue;
        await run.loadSheet({
          type: sheet.type,
          batches: oneBatch(sheet.rows),
          decimalComma: false,
          columnMappings: defaultColumnMappings(sheet.type),
          skipRows: 1,
        });
      }
      const written = await upsertReports(client, auth.orgId, plan.reports, voyageIdOf);
      reportIds = written.ids;
      counts.reports.new = written.new;
      counts.reports.updated = written.updated;
      counts.reports.unchanged = written.unchanged;
      run.rowsTotal = plan.rowsTotal;
      if (p.source === "request" && p.config.columnMappings)
        await saveNoonMapping(drizzle(client), auth.orgId, p.header.headers, mappingOf(plan.columns));
      return { checks: plan.checks, message: noonMessage(counts, plan, run.errors.length) };
    },
    async (uploadId, client) => {
      if (reportIds.length > 0)
        await client.query(
          "update noon_reports set upload_id = $1 where org_id = $2 and id = any($3::bigint[])",
          [uploadId, auth.orgId, reportIds],
        );
    },
  );
  const r = (outcome.data as Record<string, TypeCounts>).reports!;
  const stored = r.new + r.updated + r.unchanged;
  return {
    dryRun: false,
    success: outcome.success && plan.errors.length === 0,
    outcome:
      plan.errors.length > 0 && outcome.outcome === "ok"
        ? "partial"
        : stored === 0
          ? "failed"
          : outcome.outcome,
    message: outcome.message,
    data: outcome.data as Record<string, TypeCounts>,
    notices: outcome.notices,
    uploadId: outcome.uploadId,
    mapping: mappingView(p),
    errors: outcome.errors,
    checks: plan.checks,
    proposedVoyages: voyagesView(plan),
    rowsTotal: plan.rowsTotal,
    ships: plan.shipTime,
  };
}

/** The upload's sentence: reports stored of read, voyages created, reports marked, cells or rows unread. */
function noonMessage(counts: Record<string, TypeCounts>, plan: NoonPlan, errors: number): string {
  const r = counts.reports!;
  const stored = r.new + r.updated + r.unchanged;
  const voyages = counts.voyages?.new ?? 0;
  const flagged = plan.reports.filter((x) => x.checks.length > 0).length;
  return (
    `${fmt(stored)} of ${fmt(plan.rowsTotal)} noon reports stored (${fmt(r.new)} new, ${fmt(r.updated)} updated, ${fmt(r.unchanged)} unchanged)` +
    (voyages > 0 ? `, ${fmt(voyages)} voyages created` : "") +
    (flagged > 0 ? `; ${fmt(flagged)} reports marked by report checks` : "") +
    (errors > 0 ? `; ${fmt(errors)} cells or rows could not be read` : "")
  );
}

/** Creates the proposed voyages the user kept (an existing number of the ship is reused, not duplicated). */
async function createVoyages(
  client: pg.PoolClient,
  orgId: number,
  plan: NoonPlan,
  excluded: ReadonlySet<string>,
): Promise<{ created: number; byKey: Map<string, number> }> {
  const byKey = new Map<string, number>();
  let created = 0;
  const now = Date.now();
  for (const v of plan.proposedVoyages) {
    if (excluded.has(v.key)) continue;
    const status = v.arrivalMs !== null && v.arrivalMs <= now ? "completed" : "active";
    const res = await client.query<{ id: number; inserted: boolean }>(
      `insert into voyages (org_id, ship_id, voyage_number, origin, destination, departure_date, arrival_date, status, cargo_tonnes)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       on conflict (org_id, ship_id, voyage_number) do update set voyage_number = excluded.voyage_number
       returning id, (xmax = 0) as inserted`,
      [
        orgId,
        v.shipId,
        v.voyageNumber,
        v.origin,
        v.destination,
        new Date(v.departureMs),
        v.arrivalMs === null ? null : new Date(v.arrivalMs),
        status,
        v.cargoTonnes,
      ],
    );
    byKey.set(v.key, res.rows[0]!.id);
    if (res.rows[0]!.inserted) created += 1;
  }
  return { created, byKey };
}

/** Upserts the reports on their series key (org, ship, time): a re-sent sheet updates, never duplicates. */
async function upsertReports(
  client: pg.PoolClient,
  orgId: number,
  reports: readonly PlannedReport[],
  voyageIdOf: (r: PlannedReport) => number | null,
): Promise<{ ids: number[]; new: number; updated: number; unchanged: number }> {
  const rows = reports.filter((r) => !r.duplicate);
  const out = { ids: [] as number[], new: 0, updated: 0, unchanged: 0 };
  const CHUNK = 500;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    const res = await client.query<{ id: string; inserted: boolean }>(
      `insert into noon_reports (org_id, ship_id, voyage_id, ts, event, utc_offset_hours, steaming_hours, period_hours,
         distance_over_ground_nm, distance_through_water_nm, fuel, rob, bunkered, port, checks, flagged)
       select $1, s, v, t, e, o, sh, ph, dog, dtw, f, rb, bk, pt, array(select jsonb_array_elements_text(c)), fl
       from unnest($2::int[], $3::int[], $4::timestamptz[], $5::text[], $6::float8[], $7::float8[], $8::float8[],
         $9::float8[], $10::float8[], $11::jsonb[], $12::jsonb[], $13::jsonb[], $14::text[], $15::jsonb[], $16::bool[])
         as u(s, v, t, e, o, sh, ph, dog, dtw, f, rb, bk, pt, c, fl)
       on conflict (org_id, ship_id, ts) do update set
         voyage_id = excluded.voyage_id, event = excluded.event, utc_offset_hours = excluded.utc_offset_hours,
         steaming_hours = excluded.steaming_hours, period_hours = excluded.period_hours,
         distance_over_ground_nm = excluded.distance_over_ground_nm,
         distance_through_water_nm = excluded.distance_through_water_nm, fuel = excluded.fuel, rob = excluded.rob,
         bunkered = excluded.bunkered, port = excluded.port, checks = excluded.checks,
         flagged = excluded.flagged
       where (noon_reports.voyage_id, noon_reports.event, noon_reports.utc_offset_hours, noon_reports.steaming_hours,
              noon_reports.period_hours, noon_reports.distance_over_ground_nm, noon_reports.distance_through_water_nm,
              noon_reports.fuel, noon_reports.rob, noon_reports.bunkered, noon_reports.port, noon_reports.checks)
         is distinct from
             (excluded.voyage_id, excluded.event, excluded.utc_offset_hours, excluded.steaming_hours,
              excluded.period_hours, excluded.distance_over_ground_nm, excluded.distance_through_water_nm,
              excluded.fuel, excluded.rob, excluded.bunkered, excluded.port, excluded.checks)
       returning id, (xmax = 0) as inserted`,
      [
        orgId,
        chunk.map((r) => r.shipId),
        chunk.map((r) => voyageIdOf(r)),
        chunk.map((r) => new Date(r.timeMs)),
        chunk.map((r) => r.event),
        chunk.map((r) => r.utcOffsetHours),
        chunk.map((r) => r.values.steamingHours ?? null),
        chunk.map((r) => r.periodHours),
        chunk.map((r) => r.values.distanceOverGround ?? null),
        chunk.map((r) => r.values.distanceThroughWater ?? null),
        chunk.map((r) => JSON.stringify(r.fuel)),
        chunk.map((r) => JSON.stringify(r.rob)),
        chunk.map((r) => JSON.stringify(r.bunkered)),
        chunk.map((r) => r.port),
        chunk.map((r) => JSON.stringify(r.checks)),
        chunk.map((r) => failsErrorCheck(r.checks)),
      ],
    );
    for (const row of res.rows) {
      out.ids.push(Number(row.id));
      if (row.inserted) out.new += 1;
      else out.updated += 1;
    }
    out.unchanged += chunk.length - res.rows.length;
  }
  // Unchanged reports keep their upload; the changed and new ones point at this upload.
  return out;
}
