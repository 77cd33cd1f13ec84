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
  type Assessment,
  assessSheet,
  hasFuelColumn,
  headerSignature,
  missingEssentials,
  preferFilledColumns,
  sharedFuelFields,
  sheetDateOrder,
  zoneNote,
} from "../../../domain/noon-reports";
import { failsErrorCheck } from "../../../domain/report-checks/noon-checks";
import type { AuthContext } from "../../auth/sessions";
import type { Config } from "../../config";
import { ApiError, badRequest } from "../../http/errors";
import { oneBatch } from "../cell-values";
import { FleetReferences } from "../fleet-references";
import type { ReceivedFile } from "../upload-input";
import { MAX_REPORTED_ERRORS, type TypeCounts } from "../upload-pipeline";
import { describeError } from "../upload-result";
import { inTransaction } from "../upload-service";
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
import { readNoonSheet } from "./noon-sheet";
import { mappingView, plannedCounts, type ReadSheet, rowView, voyagesView } from "./noon-views";

type Auth = Pick<AuthContext, "orgId" | "userId">;

/** Rows of the preview. */
export const PREVIEW_ROWS = 20;

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

type Prepared = ReadSheet & {
  config: z.output<typeof noonMappingConfig>;
  assessment: Assessment;
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
  const saved = new Set((await listNoonMappings(drizzle(pool), auth.orgId)).map((m) => m.signature));
  const requested =
    cfg.columnMappings && Object.keys(cfg.columnMappings).length > 0 ? cfg.columnMappings : undefined;
  const sheet = await readNoonSheet(file, config, { ...cfg, columnMappings: requested }, saved);
  const { header, rows } = sheet;
  const signature = headerSignature(header.headers);
  let source: MappingSource = "recognised";
  let columns = header.columns;
  if (requested) {
    columns = applyMapping(header, requested);
    source = "request";
  } else {
    const remembered = await findNoonMapping(drizzle(pool), auth.orgId, signature);
    if (remembered) {
      columns = applyMapping(header, remembered);
      source = "saved";
    }
  }
  const dataFrom = (header.unitsIndex ?? header.headerIndex) + 2;
  const data = rows.filter((r) => r.n >= dataFrom);
  const preferred = preferFilledColumns(columns, data);
  columns = preferred.columns;
  const date = sheetDateOrder(columns, data);
  const references = refs ?? (await FleetReferences.load(pool, auth.orgId));
  const plan = planNoonSheet({
    header,
    columns,
    rows,
    dataFrom,
    refs: references,
    defaultShip: cfg.shipId,
    options: { decimalComma: sheet.decimalComma, dateOrder: date.order },
  });
  if (plan.rowsTotal === 0)
    throw badRequest(
      [{ field: "dataFile", reason: "has a header row but no data rows" }],
      "The file has a header row but no data rows; nothing was saved",
    );
  const sheetCauses = [
    ...(date.cause ? [date.cause] : []),
    ...missingEssentials(columns).map((cause) => ({
      cause,
      column: null,
      reason: null,
      example: null,
      rows: plan.rowsTotal,
      rowNumbers: [],
    })),
  ];
  const assessment = assessSheet({
    rowsTotal: plan.rowsTotal,
    duplicates: plan.reports.filter((r) => r.duplicate).length,
    errors: plan.errors,
    fieldOfColumn: new Map(columns.map((c) => [c.header, c.field])),
    sharedFuelFields: sharedFuelFields(columns),
    hasFuel: hasFuelColumn(columns),
    sheetCauses,
  });
  const notes = [
    ...sheet.notes,
    ...(date.note ? [date.note] : []),
    ...(zoneNote(columns, data) ? [zoneNote(columns, data)!] : []),
    ...preferred.notes,
    ...plan.notes,
  ];
  return { config: cfg, sheet, header, source, plan, dateOrder: date.order, notes, assessment };
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
    causes: p.assessment.causes,
    needsConfirmation: p.assessment.needsConfirmation,
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

/**
 * A sheet no report of which can be read is refused (400) with its first cause; one held back (fewer than 95 %
 * of its reports whole, two fuel columns into one figure, no fuel column) answers 409 needs_confirmation with
 * its causes unless the request confirms. Nothing is written either way.
 */
function refuseUnconfirmed(p: Prepared): void {
  const { assessment, plan } = p;
  const first = assessment.causes[0]?.cause;
  if (plan.reports.filter((r) => !r.duplicate).length === 0) {
    throw new ApiError(
      400,
      "invalid_request",
      `No report of the file could be read${first ? `: ${first}` : ""}; nothing was saved`,
      [{ field: "dataFile", reason: first ?? "holds no report that could be read" }],
      { causes: assessment.causes },
    );
  }
  if (!assessment.needsConfirmation || p.config.confirm) return;
  throw new ApiError(
    409,
    "needs_confirmation",
    `${fmt(assessment.storedWhole)} of ${fmt(assessment.storable)} reports can be stored whole${first ? `; ${first}` : ""}. Nothing was saved: correct the file or the mapping, or send confirm: true to store what can be stored`,
    undefined,
    { causes: assessment.causes },
  );
}

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
  refuseUnconfirmed(p);
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
    {
      afterLog: async (uploadId, client) => {
        if (reportIds.length > 0)
          await client.query(
            "update noon_reports set upload_id = $1 where org_id = $2 and id = any($3::bigint[])",
            [uploadId, auth.orgId, reportIds],
          );
      },
    },
  );
  const r = (outcome.data as Record<string, TypeCounts>).reports!;
  const stored = r.new + r.updated + r.unchanged;
  const lossy = plan.errors.length > 0 || p.assessment.causes.length > 0;
  return {
    dryRun: false,
    success: outcome.success && !lossy,
    outcome: stored === 0 ? "failed" : lossy && outcome.outcome === "ok" ? "partial" : outcome.outcome,
    message: outcome.message,
    causes: p.assessment.causes,
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
