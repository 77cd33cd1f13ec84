/**
 * The upload pipeline: rows stream from a reader through the row validator into a COPY to a staging table,
 * then one merge per sheet, all inside one transaction on one connection. Nothing is held in memory but the
 * batch in hand, the organisation's ship and voyage ids, and the first rejected rows.
 *
 *   reader (csv/xlsx/xls) → header + column plan → RowValidator → StagingCopy → mergeStage → rollup → log
 *
 * A thrown error anywhere (a limit, the database, the reader) rolls the whole upload back.
 */
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import { EXAMPLE_SHIP, isExampleShip } from "../../contracts/record-registry";
import type { UploadDataType } from "../../contracts/upload-columns";
import { excelSerialToDate } from "../../domain/spreadsheets";
import { ApiError } from "../http/errors";
import { WrittenSpans } from "../rollups/written-spans";
import type { Cell, SheetRow } from "./cell-values";
import { isEmptyRow, serialDatesInPlace } from "./cell-values";
import { type ColumnPlan, instantFields, planColumns } from "./column-mapping";
import { FleetReferences } from "./fleet-references";
import { type RowError, RowValidator } from "./row-validator";
import {
  type CopiedGroup,
  directCopyOverlaps,
  groupColumns,
  isUniqueViolation,
  type MergeCounts,
  mergeStage,
  StagingCopy,
} from "./staging-copy";
import { type MergeTarget, UPLOAD_TYPES, type UploadType } from "./upload-types";

/**
 * Row work (reading, validation, COPY lines) between two turns of the event loop. Without a yield, batches
 * followed each other through promises alone and the loop took no request until the COPY pushed back:
 * `/api/health` p99 was 76 ms during a 1 M-row upload against 10 ms idle (issue 20). The loop now gets a
 * turn after any batch that ends past this much work since the last turn (a CSV batch is ~1,500 rows, a
 * workbook batch 200).
 */
const SLICE_MS = 5;
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Rejected rows kept for the answer and the upload log; the count covers all of them. */
export const MAX_REPORTED_ERRORS = 100;

export type TypeCounts = { new: number; updated: number; unchanged: number; rejected: number };

/** One sheet (or a CSV file) of one data type. */
export type SheetInput = {
  type: UploadDataType;
  batches: AsyncIterable<SheetRow[]>;
  decimalComma: boolean;
  columnMappings: Record<string, string>;
  skipRows: number;
  /** Sheet name, reported with each rejected row of a workbook. */
  sheet?: string;
  /** A workbook's sheet (named or not): numbers in its date columns are Excel serial days. */
  workbook?: boolean;
  /**
   * 'replace' (default): a row sent again replaces the stored record, as a file corrects a file. 'fill': the
   * row's values fill the stored record, whose other fields stay — for a source that measures only some
   * fields of a record (an NMEA log has speeds but no fuel rate; merging it must not erase the rate).
   */
  merge?: "replace" | "fill";
  /**
   * The same rows again, from the start (a file on disk is read anew). With it a time series sheet is first
   * COPYed straight into its table, and read again into a staging table only when that did not hold
   * (`UploadRun.copyDirect`).
   */
  reopen?: () => Promise<AsyncIterable<SheetRow[]>>;
};

/**
 * Test and benchmark seam: `afterBatch` is called after each batch is staged, so that tests can fail an
 * upload half-way; `stage` is told how long each stage of a sheet took (the benchmark prints it).
 */
export const pipelineProbe: {
  afterBatch?: (type: UploadDataType, stagedRows: number) => void;
  stage?: (
    name: "read+validate+stage" | "merge" | "read+validate+copy" | "overlap check" | "rollup",
    ms: number,
    rows: number,
  ) => void;
  /** Whether a direct COPY into the target (`copyDirect`) held, or the sheet was read again and merged. */
  direct?: (held: boolean) => void;
} = {};

export class UploadRun {
  readonly counts: Partial<Record<UploadDataType, TypeCounts>> = {};
  readonly errors: RowError[] = [];
  rejected = 0;
  /** Data rows (blank rows left out). */
  rowsTotal = 0;
  /** The ships and times of the records staged (of the types the rollups read): the rollups to refresh. */
  private readonly written = new WrittenSpans();
  /** Rows below the headers, blank ones included (what UPLOAD_MAX_ROWS limits). */
  rowsRead = 0;
  /** Rows skipped on purpose (the template's example row), said to the user. */
  readonly notices: string[] = [];
  /** Header rows read that are not blank (a file without one is empty). */
  headerRows = 0;

  private constructor(
    private readonly client: pg.PoolClient,
    readonly orgId: number,
    private readonly maxRows: number,
    /** The organisation's ships and voyages, as rows name them (ingestion checks a record's ship with it). */
    readonly refs: FleetReferences,
  ) {}

  static async start(client: pg.PoolClient, orgId: number, maxRows: number): Promise<UploadRun> {
    return new UploadRun(client, orgId, maxRows, await FleetReferences.load(client, orgId));
  }

  /** Reloads the organisation's ships and voyages (after voyages were created outside `loadSheet`). */
  async reloadReferences(): Promise<void> {
    await this.refs.reload(this.client);
  }

  private reject = (error: RowError) => {
    this.rejected += 1;
    if (this.errors.length < MAX_REPORTED_ERRORS) this.errors.push(error);
  };

  /** Validates, stages and merges one sheet; returns its counts. */
  async loadSheet(input: SheetInput): Promise<TypeCounts> {
    const spec = UPLOAD_TYPES[input.type];
    const rejectedBefore = this.rejected;
    let batches = input.batches;
    if (input.reopen && input.merge !== "fill" && spec.target.key.includes("ts")) {
      const direct = await this.copyDirect(input, spec);
      if (direct) return this.count(input.type, direct, rejectedBefore);
      batches = await input.reopen();
    }
    const started = performance.now();
    const stage = await StagingCopy.open(this.client, spec.target);
    const { mapped } = await this.readInto({ ...input, batches }, stage);
    const staged = performance.now();
    pipelineProbe.stage?.("read+validate+stage", staged - started, stage.rows);
    const target = input.merge === "fill" ? fillingTarget(spec, mapped) : spec.target;
    const merged = await mergeStage(this.client, this.orgId, target, stage.table);
    pipelineProbe.stage?.("merge", performance.now() - staged, stage.rows);
    const counts = this.count(input.type, { ...merged, rows: stage.rows }, rejectedBefore);
    // Later sheets of a workbook may name the ships and voyages just merged.
    if (input.type === "ships" || input.type === "voyages") await this.refs.reload(this.client);
    return counts;
  }

  private count(
    type: UploadDataType,
    merged: MergeCounts & { rows: number },
    rejectedBefore: number,
  ): TypeCounts {
    const counts: TypeCounts = {
      new: merged.new,
      updated: merged.updated,
      unchanged: merged.rows - merged.new - merged.updated,
      rejected: this.rejected - rejectedBefore,
    };
    const previous = this.counts[type];
    this.counts[type] = previous ? addCounts(previous, counts) : counts;
    return counts;
  }

  /**
   * A time series sheet that can be read again (`reopen`) is first COPYed straight into its table, under a
   * savepoint, as PostgreSQL takes the rows while Node reads the next ones (StagingCopy.direct). That stands
   * for `mergeStage`'s plain INSERT: it holds when every row is new — no key twice in the file or already
   * stored (else the COPY fails on the unique index), and no stored record in the span of a ship's (and
   * consumer's) rows (`directCopyOverlaps`: else a stored grade of an instant would have to be replaced).
   * Otherwise the COPY is rolled back to the savepoint, what the reading counted is forgotten, and the caller
   * reads the sheet again into a staging table and merges it. Answers the counts, or undefined for that.
   */
  private async copyDirect(
    input: SheetInput,
    spec: UploadType,
  ): Promise<(MergeCounts & { rows: number }) | undefined> {
    const before = {
      rejected: this.rejected,
      errors: this.errors.length,
      rowsTotal: this.rowsTotal,
      rowsRead: this.rowsRead,
      notices: this.notices.length,
      headerRows: this.headerRows,
    };
    const columns = groupColumns(spec.target);
    const at = columns.map((c) => spec.target.columns.findIndex((x) => x.name === c));
    const groups = new Map<string, CopiedGroup>();
    const note = (validator: RowValidator) => {
      const staged = validator.staged;
      const ts = validator.time;
      let key = "";
      for (const i of at) key += `${String(staged[i])}\u0001`;
      const group = groups.get(key);
      if (!group) groups.set(key, { values: at.map((i) => staged[i]), lo: ts, hi: ts });
      else if (ts < group.lo) group.lo = ts;
      else if (ts > group.hi) group.hi = ts;
    };
    // As mergeStage sets it: the rollups computed later in the transaction sort and hash in memory.
    await this.client.query("set local work_mem = '256MB'");
    await this.client.query("savepoint upload_direct_copy");
    const started = performance.now();
    const copy = StagingCopy.direct(this.client, this.orgId, spec.target);
    let fits = true;
    try {
      await this.readInto(input, copy, note);
      const copied = performance.now();
      pipelineProbe.stage?.("read+validate+copy", copied - started, copy.rows);
      fits = !(await directCopyOverlaps(this.client, this.orgId, spec.target, groups.values(), copy.rows));
      pipelineProbe.stage?.("overlap check", performance.now() - copied, copy.rows);
    } catch (err) {
      if (!(copy.failed && isUniqueViolation(err))) throw err;
      fits = false;
    }
    pipelineProbe.direct?.(fits);
    if (fits) {
      await this.client.query("release savepoint upload_direct_copy");
      return { new: copy.rows, updated: 0, rows: copy.rows };
    }
    await this.client.query("rollback to savepoint upload_direct_copy");
    this.rejected = before.rejected;
    this.errors.length = before.errors;
    this.rowsTotal = before.rowsTotal;
    this.rowsRead = before.rowsRead;
    this.notices.length = before.notices;
    this.headerRows = before.headerRows;
    // `written` keeps what it noted: the spans of the same rows, read again, are the same spans.
    return undefined;
  }

  /**
   * Reads, validates and COPYs one sheet's rows into `stage` (ended when the sheet is read); `accepted` is
   * told of each row staged. Answers the fields the sheet maps.
   */
  private async readInto(
    input: SheetInput,
    stage: StagingCopy,
    accepted?: (validator: RowValidator) => void,
  ): Promise<{ mapped: Set<string> }> {
    const spec = UPLOAD_TYPES[input.type];
    const where = input.sheet ? `sheet '${input.sheet}'` : "the file";
    let validator: RowValidator | undefined;
    let headerRow: Cell[] | undefined;
    const now = new Date();
    let dateColumns: number[] = [];
    let shipColumn = -1;
    let mapped = new Set<string>();
    const makeValidator = (): RowValidator => {
      const plan: ColumnPlan = planColumns(input.type, headerRow, input.columnMappings, where);
      mapped = new Set(plan.map((c) => c.field));
      const shipField = input.type === "ships" ? "name" : spec.references.ship;
      shipColumn = plan.find((c) => c.field === shipField)?.index ?? -1;
      if (input.sheet !== undefined || input.workbook) {
        const instants = instantFields(input.type);
        dateColumns = plan.filter((c) => instants.has(c.field)).map((c) => c.index);
      }
      const options = {
        decimalComma: input.decimalComma,
        now,
        ...(input.sheet ? { sheet: input.sheet } : {}),
      };
      return new RowValidator(input.type, plan, this.refs, options);
    };
    let sliceStart = performance.now();
    try {
      for await (const batch of input.batches) {
        for (const row of batch) {
          if (row.n < input.skipRows) continue;
          if (row.n === input.skipRows) {
            headerRow = row.cells;
            if (!isEmptyRow(row.cells)) this.headerRows += 1;
            continue;
          }
          // Blank lines count towards the limit: a file of nothing but newlines costs reading time too.
          this.rowsRead += 1;
          if (this.rowsRead > this.maxRows) {
            throw new ApiError(
              413,
              "too_many_rows",
              `The upload has more than ${this.maxRows.toLocaleString("en")} rows, blank ones included (UPLOAD_MAX_ROWS)`,
            );
          }
          if (isEmptyRow(row.cells)) continue;
          validator ??= makeValidator();
          if (shipColumn >= 0 && isExampleShip(row.cells[shipColumn])) {
            const at = input.sheet ? `Sheet "${input.sheet}", row` : "Row";
            this.notices.push(
              `${at} ${row.n}: the template's example row was skipped (ship "${EXAMPLE_SHIP}")`,
            );
            continue;
          }
          if (dateColumns.length > 0) serialDatesInPlace(row.cells, dateColumns, excelSerialToDate);
          this.rowsTotal += 1;
          const line = validator.validate(row, this.reject);
          if (line === undefined) continue;
          this.written.note(spec.target.table, validator.shipId, validator.time);
          accepted?.(validator);
          const wait = stage.write(line);
          if (wait) await wait;
        }
        pipelineProbe.afterBatch?.(input.type, stage.rows);
        // Between batches, before the next is read: no batch is alive across the yield, so batches still die
        // young (yielding inside a batch kept it alive through the turn: JS heap peak +151 MB vs +55 MB).
        if (performance.now() - sliceStart > SLICE_MS) {
          await yieldToLoop();
          sliceStart = performance.now();
        }
      }
      // A sheet with a header and no data still has its columns checked.
      if (!validator && headerRow && !isEmptyRow(headerRow)) makeValidator();
      await stage.end();
    } catch (err) {
      stage.abort(err as Error);
      throw err;
    }
    return { mapped };
  }

  /** Rows merged (new or updated) per table, for the planner statistics (db/table-statistics.ts). */
  writtenRowsByTable(): Map<string, number> {
    const written = new Map<string, number>();
    for (const [type, c] of Object.entries(this.counts) as [UploadDataType, TypeCounts][]) {
      // A noon upload also counts what no upload type writes (its reports): those tables are small.
      const table = UPLOAD_TYPES[type]?.target.table;
      if (table === undefined) continue;
      written.set(table, (written.get(table) ?? 0) + c.new + c.updated);
    }
    return written;
  }

  /** Rows the merges inserted or changed, over every type. */
  get changedRows(): number {
    return Object.values(this.counts).reduce((n, c) => n + c.new + c.updated, 0);
  }

  /** Whether the upload wrote records the daily rollups are computed from. */
  get rolledUp(): boolean {
    return this.written.size > 0;
  }

  /**
   * Leaves the daily rollups of the ships and days written to the catch-up (rollups/pending-rollups.ts),
   * for machine ingestion whose many small writes would each recompute the same days.
   */
  async deferRollups(): Promise<void> {
    await this.written.defer(drizzle(this.client), this.orgId);
  }

  /** Recomputes the daily rollups of the ships and days written. */
  async refreshRollups(): Promise<void> {
    const started = performance.now();
    await this.written.refresh(drizzle(this.client), this.orgId);
    if (this.written.size > 0) pipelineProbe.stage?.("rollup", performance.now() - started, this.rowsTotal);
  }
}

/**
 * The merge target of a 'fill' merge: a column the sheet maps takes the row's value where it has one; a
 * column it does not map (and a derived one it cannot have given) keeps the stored value.
 */
function fillingTarget(spec: UploadType, mapped: ReadonlySet<string>): MergeTarget {
  const t = spec.target.table;
  const fields = spec.stageFields ?? [];
  const update = Object.fromEntries(
    spec.target.columns
      .filter((c) => !spec.target.key.includes(c.name))
      .map((c) => {
        const field = fields[spec.target.columns.indexOf(c)];
        const given = field !== undefined && mapped.has(field);
        return [c.name, given ? `coalesce(excluded.${c.name}, ${t}.${c.name})` : `${t}.${c.name}`];
      }),
  );
  const instant = spec.target.instant;
  const keyGiven = spec.target.key.every((k) => {
    const field = fields[spec.target.columns.findIndex((c) => c.name === k)];
    return instant?.includes(k) || (field !== undefined && mapped.has(field));
  });
  return { ...spec.target, update, ...(instant && !keyGiven ? { fillsInstant: true as const } : {}) };
}

export function addCounts(a: TypeCounts, b: TypeCounts): TypeCounts {
  return {
    new: a.new + b.new,
    updated: a.updated + b.updated,
    unchanged: a.unchanged + b.unchanged,
    rejected: a.rejected + b.rejected,
  };
}
