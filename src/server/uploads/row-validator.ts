/**
 * Turns one file row into the values to stage, or into rejections naming the row, column, value and reason.
 * Each row goes through the type's contract — the same zod schema as the form and the POST route — after its
 * ship and voyage references are resolved within the caller's organisation.
 *
 * Speed: a series contract is a plain object of independent fields (no rule across fields), so its fields
 * are parsed one by one with the contract's own field schemas, which gives the same result as parsing the
 * object and is about twice as fast; contracts with rules across fields (voyages) are parsed whole.
 */
import type { z } from "zod";
import type { UploadDataType } from "../../contracts/upload-columns";
import type { RecordValues } from "../records/record-types";
import { type Cell, cellText, type FieldKind, type SheetRow, toFieldValue } from "./cell-values";
import { type ColumnPlan, fieldKinds } from "./column-mapping";
import type { FleetReferences } from "./fleet-references";
import { UPLOAD_TYPES, type UploadType } from "./upload-types";

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

export type ValidatorOptions = { decimalComma: boolean; sheet?: string; now: Date };

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
  private readonly sheet: { sheet?: string };

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
    this.sheet = options.sheet ? { sheet: options.sheet } : {};
    const { ship, voyage } = this.spec.references;
    this.shipColumn = plan.find((c) => c.field === ship);
    this.voyageColumn = plan.find((c) => c.field === voyage);
    this.valueColumns = plan.filter((c) => c.field !== ship && c.field !== voyage);
  }

  /** The row's staging values (row number first), or undefined after reporting its rejections. */
  validate(row: SheetRow, reject: (error: RowError) => void): unknown[] | undefined {
    const input: RecordValues = {};
    const given = new Set<string>();
    for (const c of this.valueColumns) {
      const value = toFieldValue(row.cells[c.index], this.kinds[c.field]!, this.options.decimalComma);
      if (value !== undefined) {
        input[c.field] = value;
        given.add(c.field);
      }
    }
    // Allocated only for a rejected row: most rows pass.
    let errors: RowError[] | undefined;
    const fail = (field: string, cell: Cell, reason: string) => {
      errors ??= [];
      const column = this.headerOf.get(field) ?? field;
      // A reference already reported (unknown ship) fails the contract again; report it once.
      if (errors.some((e) => e.column === column)) return;
      errors.push({ row: row.n, column, value: cellText(cell), reason, ...this.sheet });
    };
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
    const out = this.spec.stageValues(values);
    out.unshift(row.n);
    return out;
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
