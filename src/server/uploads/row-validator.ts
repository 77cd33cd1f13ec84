/**
 * Turns one file row into the values to stage, or into rejections naming the row, column, value and reason.
 * Each row goes through the type's contract — the same zod schema as the form and the POST route — after its
 * ship and voyage references are resolved within the caller's organisation.
 *
 * Speed: a series contract is a plain object of independent fields (no rule across fields), so its fields
 * are parsed one by one with the contract's own field schemas, which gives the same result as parsing the
 * object and is about twice as fast; contracts with rules across fields (voyages) are parsed whole. Before
 * that, a series row goes through a fast path compiled from the same contract (fast-row.ts), which accepts
 * the common row without zod and writes its COPY line from the cells' text; any row it does not accept is
 * parsed as above, so rejections and their messages are unchanged.
 *
 * The validator's answer is the row's COPY line (staging-copy.ts); `shipId` and `time` then hold the ship
 * and the instant (epoch ms) of the row just accepted, for the rollup's span.
 */
import type { z } from "zod";
import type { UploadDataType } from "../../contracts/upload-columns";
import { Duration, TimeOfDay } from "../../domain/spreadsheets";
import type { RecordValues } from "../records/record-types";
import { type Cell, cellText, type FieldKind, type SheetRow, toFieldValue, toText } from "./cell-values";
import { type ColumnPlan, fieldKinds, instantFields } from "./column-mapping";
import {
  compileField,
  type FastField,
  type InstantCell,
  isPrimitive,
  type NumberCell,
  readDateCell,
  readNumberCell,
  readSimpleInstant,
  tooFarAhead,
} from "./fast-row";
import type { FleetReferences } from "./fleet-references";
import { copyValue } from "./staging-copy";
import { isSeriesType, UPLOAD_TYPES, type UploadType } from "./upload-types";

export type RowError = { row: number; column: string; value: string; reason: string; sheet?: string };

type Issue = { field: string; reason: string };
type Parse = (input: RecordValues) => { values: RecordValues } | { issues: Issue[] };

function hasObjectRules(schema: z.ZodObject): boolean {
  return (schema._zod.def.checks?.length ?? 0) > 0;
}

/** A parser with the contract's verdict and output, field by field when the contract allows it. */
export function contractParser(schema: z.ZodObject): Parse {
  if (hasObjectRules(schema)) {
    return (input) => {
      const r = schema.safeParse(input);
      if (r.success) return { values: r.data as RecordValues };
      return { issues: r.error.issues.map((i) => ({ field: String(i.path[0] ?? ""), reason: i.message })) };
    };
  }
  const fields = Object.entries(schema.shape) as [string, z.ZodType][];
  return (input) => {
    const values: RecordValues = {};
    let issues: Issue[] | undefined;
    for (const [field, fieldSchema] of fields) {
      const r = fieldSchema.safeParse(input[field]);
      if (r.success) {
        if (r.data !== undefined) values[field] = r.data;
      } else {
        issues ??= [];
        issues.push({ field, reason: r.error.issues[0]?.message ?? "is invalid" });
      }
    }
    return issues ? { issues } : { values };
  };
}

export type ValidatorOptions = {
  decimalComma: boolean;
  sheet?: string;
  now: Date;
  /** Test seam: false parses every row with zod (the reference the fast path is tested against). */
  fastPath?: boolean;
};

export class RowValidator {
  private readonly spec: UploadType;
  private readonly parse: Parse;
  private readonly kinds: Record<string, FieldKind>;
  private readonly headerOf = new Map<string, string>();
  private readonly shipColumn?: ColumnPlan[number];
  private readonly voyageColumn?: ColumnPlan[number];
  private readonly valueColumns: ColumnPlan;
  private readonly columnOf = new Map<string, number>();
  private readonly timestampRequired: boolean;
  /** The fields that hold an instant: a time-of-day or duration cell there is named for what it is. */
  private readonly instants: ReadonlySet<string>;
  private readonly sheet: { sheet?: string };
  private readonly fast?: FastPlan;
  /** The ship and instant (epoch ms, NaN without one) of the row last accepted. */
  shipId = 0;
  time = Number.NaN;
  /** Rows accepted by the fast path. */
  fastRows = 0;
  /** The staging values (`target.columns` order) of the row last accepted. */
  staged: readonly unknown[] = [];

  constructor(
    readonly type: UploadDataType,
    plan: ColumnPlan,
    private readonly refs: FleetReferences,
    private readonly options: ValidatorOptions,
  ) {
    this.spec = UPLOAD_TYPES[type];
    this.parse = contractParser(this.spec.body);
    this.kinds = fieldKinds(type);
    for (const c of plan) {
      this.headerOf.set(c.field, c.header);
      this.columnOf.set(c.field, c.index);
    }
    this.timestampRequired = this.spec.required.includes("timestamp");
    this.instants = instantFields(type);
    this.sheet = options.sheet ? { sheet: options.sheet } : {};
    const { ship, voyage } = this.spec.references;
    this.shipColumn = plan.find((c) => c.field === ship);
    this.voyageColumn = plan.find((c) => c.field === voyage);
    this.valueColumns = plan.filter((c) => c.field !== ship && c.field !== voyage);
    if (isSeriesType(type) && options.fastPath !== false)
      this.fast = compileFastPlan(this.spec, this.kinds, this.valueColumns);
  }

  /** The row's COPY line (row number first), or undefined after reporting its rejections. */
  validate(row: SheetRow, reject: (error: RowError) => void): string | undefined {
    if (this.fast) {
      const line = this.fastLine(this.fast, row);
      if (line !== undefined) {
        this.fastRows += 1;
        return line;
      }
    }
    const out = this.validateValues(row, reject);
    if (!out) return undefined;
    let line = String(row.n);
    for (const value of out) line += `\t${copyValue(value)}`;
    return `${line}\n`;
  }

  /**
   * The fast path: the row's COPY line when every field passes the checks compiled from the contract, else
   * undefined (the row is then parsed by zod, which accepts or rejects it with its own reasons).
   */
  private fastLine(fast: FastPlan, row: SheetRow): string | undefined {
    const cells = row.cells;
    const values: RecordValues = {};
    // References: an unknown or empty ship, or an unknown voyage, is left to the full path to report.
    if (!this.shipColumn) return undefined;
    const shipId = this.refs.ship(cells[this.shipColumn.index]);
    if (shipId === undefined || !fast.shipTest(shipId)) return undefined;
    values[this.shipColumn.field] = shipId;
    if (this.voyageColumn) {
      const voyageCell = cells[this.voyageColumn.index];
      if (cellText(voyageCell).trim() !== "") {
        const voyageId = this.refs.voyage(shipId, voyageCell);
        if (voyageId === undefined || !fast.voyageTest(voyageId)) return undefined;
        values[this.voyageColumn.field] = voyageId;
      }
    }
    for (const [field, value] of fast.constants) values[field] = value;
    const { slots, number, instant } = fast;
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!;
      const f = slot.fast;
      const cell = cells[slot.index];
      slot.text = undefined;
      let value: unknown;
      if (f.kind === "number") {
        if (!readNumberCell(cell, this.options.decimalComma, number, row.texts?.[slot.index]))
          return undefined;
        if (number.value === undefined) {
          if (!f.absent.ok) return undefined;
          value = f.absent.value;
        } else {
          if (!f.test(number.value)) return undefined;
          value = number.value;
          slot.text = f.int ? undefined : number.text;
          slot.raw = number.value;
        }
      } else if (f.kind === "instant" && cell instanceof Date) {
        if (!readDateCell(cell, instant)) return undefined;
        if (f.notFuture && tooFarAhead(instant.ms)) return undefined;
        value = new Date(instant.ms);
        slot.text = instant.text;
        slot.raw = instant.ms;
      } else if (f.kind === "enum" || f.kind === "instant") {
        const text = toText(cell);
        if (text === undefined) {
          if (!f.absent.ok) return undefined;
          value = f.absent.value;
        } else if (typeof text !== "string") {
          return undefined;
        } else if (f.kind === "enum") {
          if (!f.values.has(text)) return undefined;
          value = text;
        } else {
          if (!readSimpleInstant(text, instant)) return undefined;
          if (f.notFuture && tooFarAhead(instant.ms)) return undefined;
          value = new Date(instant.ms);
          slot.text = instant.text;
          slot.raw = instant.ms;
        }
      } else {
        const input = toFieldValue(cell, slot.kind, this.options.decimalComma);
        if (hasNul(input)) return undefined;
        const key = typeof input === "string" ? input : input === undefined ? ABSENT_KEY : undefined;
        if (key !== undefined && f.memo.has(key)) {
          value = f.memo.get(key);
        } else {
          const r = f.schema.safeParse(input);
          if (!r.success) return undefined;
          value = r.data;
          if (key !== undefined && isPrimitive(value) && f.memo.size < MEMO_LIMIT) f.memo.set(key, value);
        }
      }
      if (value !== undefined) values[slot.field] = value;
    }
    // A time-series row without its time: the full path reports it.
    if (this.timestampRequired && values.timestamp === undefined) return undefined;
    const completed = this.spec.complete(values, NO_FIELDS, this.options.now);
    const out = this.spec.stageValues(completed);
    let line = String(row.n);
    for (let i = 0; i < out.length; i++) {
      const value = out[i];
      const slot = fast.slotOfColumn[i];
      // The cell's own text when it is that very value (a derivation may have replaced it).
      if (slot?.text !== undefined && (value instanceof Date ? value.getTime() : value) === slot.raw) {
        line += `\t${slot.text}`;
      } else {
        line += `\t${copyValue(value)}`;
      }
    }
    this.shipId = shipId;
    this.time = values.timestamp instanceof Date ? values.timestamp.getTime() : Number.NaN;
    this.staged = out;
    return `${line}\n`;
  }

  /** The row's staging values (without the row number), or undefined after reporting its rejections. */
  private validateValues(row: SheetRow, reject: (error: RowError) => void): unknown[] | undefined {
    // Allocated only for a rejected row: most rows pass.
    let errors: RowError[] | undefined;
    const fail = (field: string, cell: Cell, reason: string) => {
      errors ??= [];
      const column = this.headerOf.get(field) ?? field;
      // A reference already reported (unknown ship) fails the contract again; report it once.
      if (errors.some((e) => e.column === column)) return;
      errors.push({ row: row.n, column, value: cellText(cell), reason, ...this.sheet });
    };
    const input: RecordValues = {};
    const given = new Set<string>();
    for (const c of this.valueColumns) {
      const cell = row.cells[c.index];
      if ((cell instanceof TimeOfDay || cell instanceof Duration) && this.instants.has(c.field)) {
        // A workbook's time or elapsed-time format: the cell holds no date (never read as 1899-12-30).
        fail(c.field, cell, `is a ${cell instanceof TimeOfDay ? "time of day" : "duration"} without a date`);
        continue;
      }
      const value = toFieldValue(cell, this.kinds[c.field]!, this.options.decimalComma);
      if (hasNul(value)) {
        // PostgreSQL text cannot hold U+0000 (SQLSTATE 22021): the row is refused, not the upload.
        fail(c.field, row.cells[c.index], "must not contain the NUL character (U+0000)");
      } else if (value !== undefined) {
        input[c.field] = value;
        given.add(c.field);
      }
    }
    this.resolveReferences(row, input, fail);
    // A time-series row without its time would get the time of upload: re-sending it would add a row.
    if (this.timestampRequired && input.timestamp === undefined) fail("timestamp", undefined, "is required");
    const parsed = this.parse(input);
    if ("issues" in parsed) {
      for (const issue of parsed.issues) {
        const column = this.columnOf.get(issue.field);
        fail(issue.field, column === undefined ? undefined : row.cells[column], issue.reason);
      }
    }
    if (errors || "issues" in parsed) {
      for (const e of errors ?? []) reject(e);
      return undefined;
    }
    const values = this.spec.complete(parsed.values, given, this.options.now);
    if (this.type === "ships" && !this.checkShipName(values, row, reject)) return undefined;
    this.shipId = typeof values.shipId === "number" ? values.shipId : 0;
    this.time = values.timestamp instanceof Date ? values.timestamp.getTime() : Number.NaN;
    this.staged = this.spec.stageValues(values);
    return this.staged as unknown[];
  }

  private resolveReferences(
    row: SheetRow,
    input: RecordValues,
    fail: (field: string, cell: Cell, reason: string) => void,
  ): void {
    if (!this.shipColumn) return;
    const shipCell = row.cells[this.shipColumn.index];
    const shipId = this.refs.ship(shipCell);
    if (shipId === undefined) {
      const empty = cellText(shipCell) === "";
      fail(this.shipColumn.field, shipCell, empty ? "is required" : "unknown ship");
      return;
    }
    input[this.shipColumn.field] = shipId;
    if (!this.voyageColumn) return;
    const voyageCell = row.cells[this.voyageColumn.index];
    if (cellText(voyageCell).trim() === "") return;
    const voyageId = this.refs.voyage(shipId, voyageCell);
    if (voyageId === undefined) fail(this.voyageColumn.field, voyageCell, "unknown voyage of this ship");
    else input[this.voyageColumn.field] = voyageId;
  }

  /** A ship's name is unique in the fleet: refuse a row naming a ship with another ship's name. */
  private checkShipName(values: RecordValues, row: SheetRow, reject: (error: RowError) => void): boolean {
    const name = values.name as string;
    const owner = this.refs.imoByName.get(name);
    if (owner !== undefined && owner !== values.imo) {
      reject({
        row: row.n,
        column: this.headerOf.get("name") ?? "name",
        value: name,
        reason: `is already the name of the ship with IMO ${owner}`,
        ...this.sheet,
      });
      return false;
    }
    this.refs.imoByName.set(name, values.imo as string);
    return true;
  }
}

/** One mapped value column on the fast path, with the text and value of its cell once read. */
type Slot = {
  field: string;
  index: number;
  kind: FieldKind;
  fast: FastField;
  /** The cell's text to write to COPY for `raw` (a number, or an instant in epoch ms), if it can be. */
  text: string | undefined;
  raw: number;
};

type FastPlan = {
  slots: Slot[];
  /** Output of the contract's fields that no column feeds (their defaults). */
  constants: [string, unknown][];
  shipTest: (n: number) => boolean;
  voyageTest: (n: number) => boolean;
  /** Staging column → the slot of its field, if a column feeds it. */
  slotOfColumn: (Slot | undefined)[];
  number: NumberCell;
  instant: InstantCell;
};

const NO_FIELDS: ReadonlySet<string> = new Set();
const ABSENT_KEY = "\u0000absent";
/** Distinct texts remembered per field handed to zod (fuel types, enums behind a preprocess). */
const MEMO_LIMIT = 256;

/**
 * Compiles a series contract's fields for the fast path, or returns undefined when the type cannot take it
 * (a field without a column that the contract requires, a reference field that is not a plain number).
 */
function compileFastPlan(
  spec: UploadType,
  kinds: Record<string, FieldKind>,
  valueColumns: ColumnPlan,
): FastPlan | undefined {
  const shape = spec.body.shape as Record<string, z.ZodType>;
  if (!spec.stageFields || (spec.body._zod.def.checks?.length ?? 0) > 0) return undefined;
  const { ship, voyage } = spec.references;
  const shipField = ship ? compileField(shape[ship]!) : undefined;
  const voyageField = voyage ? compileField(shape[voyage]!) : undefined;
  if (shipField?.kind !== "number" || voyageField?.kind !== "number") return undefined;
  const slots: Slot[] = [];
  for (const c of valueColumns) {
    const schema = shape[c.field];
    if (!schema) return undefined;
    let fast = compileField(schema);
    // Read the cell as the full path does: number fields by `toNumber`, the others by `toText`.
    const kind = kinds[c.field]!;
    if ((fast.kind === "number") !== (kind === "number")) fast = { kind: "zod", schema, memo: new Map() };
    slots.push({ field: c.field, index: c.index, kind, fast, text: undefined, raw: 0 });
  }
  const mapped = new Set([...valueColumns.map((c) => c.field), ship, voyage]);
  const constants: [string, unknown][] = [];
  for (const [field, schema] of Object.entries(shape)) {
    if (mapped.has(field)) continue;
    const r = schema.safeParse(undefined);
    if (!r.success) {
      // A required field without a column (shipId and timestamp are checked by the plan): zod reports it.
      if (field === voyage) continue;
      return undefined;
    }
    if (!isPrimitive(r.data)) return undefined;
    if (r.data !== undefined) constants.push([field, r.data]);
  }
  const slotOf = new Map(slots.map((s) => [s.field, s]));
  const types = spec.target.columns.map((c) => c.type);
  return {
    slots,
    constants,
    shipTest: shipField.test,
    voyageTest: voyageField.test,
    // Own text only for double precision and timestamp columns: an integer column would refuse '4.0'.
    slotOfColumn: spec.stageFields.map((field, i) =>
      types[i] === "double precision" || types[i] === "timestamp with time zone"
        ? slotOf.get(field)
        : undefined,
    ),
    number: { value: undefined, text: undefined },
    instant: { ms: 0, text: "" },
  };
}

/** Whether a cell's value is text holding U+0000, which PostgreSQL text cannot store. */
const hasNul = (value: unknown) => typeof value === "string" && value.includes("\u0000");
