/**
 * Why a noon sheet would not go in whole, said once per cause: 300 rows that fail for one reason are one
 * sentence naming the column, the reason and an example, not 300 row errors. An upload that would store fewer
 * than STORED_SHARE_REQUIRED of its reports, that adds two fuel columns into one figure, or that has no fuel
 * column at all is held for the user's confirmation: a figure from a misread sheet is believed, so the
 * product stops and names the cause before anything is written (PRODUCT.md, "The front door").
 */
import type { NoonField } from "./headers.js";

/** The share of a sheet's reports (duplicates aside) that must be read whole for it to go in unasked. */
export const STORED_SHARE_REQUIRED = 0.95;

/** A row error as the reader reports it. */
export type RowErrorLike = { row: number; column: string; value: string; reason: string };

export type Cause = {
  /** One sentence a person can act on. */
  cause: string;
  /** The column it is about, as the sheet heads it (null when it is about the sheet). */
  column: string | null;
  /** The row errors' reason it gathers (null for a cause of the sheet): they are the ones it names once. */
  reason: string | null;
  /** One cell's text that shows it (null when none does). */
  example: string | null;
  /** How many reports it touches. */
  rows: number;
  /** The first of those reports' sheet rows. */
  rowNumbers: number[];
};

/** Whether a field is one a report cannot be stored whole without: its time, ship, hours, distance and fuel. */
export function isEssentialField(field: NoonField | null | undefined): boolean {
  if (!field) return false;
  return (
    field.startsWith("fuel.") ||
    [
      "reportTimeUtc",
      "reportDateUtc",
      "reportDate",
      "localTime",
      "utcOffset",
      "steamingHours",
      "periodHours",
      "distanceOverGround",
      "imo",
      "ship",
    ].includes(field)
  );
}

export type SheetFindings = {
  /** Data rows read (blank rows aside). */
  rowsTotal: number;
  /** Reports that repeat an earlier one's time (not lost: the first is stored). */
  duplicates: number;
  errors: readonly RowErrorLike[];
  /** The field of each column header, to know which errors lose a report. */
  fieldOfColumn: ReadonlyMap<string, NoonField | null>;
  /** Groups of columns that give one fuel figure ('ME HFO' and 'ME Cons HFO'): their figures would be added. */
  sharedFuelFields: readonly { field: NoonField; headers: readonly string[] }[];
  /** Whether any column gives fuel consumed. */
  hasFuel: boolean;
  /** Other sheet-level causes (a day/month order no reading fits). */
  sheetCauses?: readonly Cause[];
};

export type Assessment = {
  causes: Cause[];
  /** Reports that would be stored whole, of those that can be (duplicates aside). */
  storedWhole: number;
  storable: number;
  needsConfirmation: boolean;
};

const MAX_ROW_NUMBERS = 20;

/**
 * The causes of a sheet's losses and whether it needs confirmation. A row error is a cause when it repeats
 * (the same column and reason in at least 2 rows and 1 % of them) or when it loses a report; the causes are
 * ordered by how many reports they touch.
 */
export function assessSheet(f: SheetFindings): Assessment {
  const groups = new Map<string, RowErrorLike[]>();
  for (const e of f.errors) {
    const key = `${e.column}\u0000${e.reason}`;
    const list = groups.get(key);
    if (list) list.push(e);
    else groups.set(key, [e]);
  }
  const lost = new Set<number>();
  for (const e of f.errors) {
    const field = f.fieldOfColumn.get(e.column);
    // A column no field knows ('(report time)', '(ship)') is the row's own refusal.
    if (field === undefined || isEssentialField(field)) lost.add(e.row);
  }
  const storable = Math.max(0, f.rowsTotal - f.duplicates);
  const storedWhole = Math.max(0, storable - lost.size);
  const causes: Cause[] = [...(f.sheetCauses ?? [])];
  const repeatAt = Math.max(2, Math.ceil(0.01 * f.rowsTotal));
  for (const list of groups.values()) {
    const first = list[0]!;
    const rows = [...new Set(list.map((e) => e.row))];
    const losing = rows.some((r) => lost.has(r));
    if (rows.length < repeatAt && !(losing && rows.length * 20 >= storable)) continue;
    const example = list.find((e) => e.value !== "")?.value ?? null;
    causes.push({
      cause:
        `'${first.column}' ${first.reason} in ${rows.length} of ${f.rowsTotal} reports` +
        (example !== null ? ` (e.g. '${example}', row ${list.find((e) => e.value === example)!.row})` : "") +
        (losing ? ": those reports cannot be stored whole" : ""),
      column: first.column,
      reason: first.reason,
      example,
      rows: rows.length,
      rowNumbers: rows.slice(0, MAX_ROW_NUMBERS),
    });
  }
  for (const shared of f.sharedFuelFields) {
    causes.push({
      cause: `${shared.headers.map((h) => `'${h}'`).join(" and ")} give one figure (${shared.field}): their tonnes would be added; map one of them to another field or leave it out (columnMappings), or confirm that they add up`,
      column: shared.headers[1] ?? shared.headers[0] ?? null,
      reason: null,
      example: null,
      rows: f.rowsTotal,
      rowNumbers: [],
    });
  }
  if (!f.hasFuel && f.rowsTotal > 0) {
    causes.push({
      cause:
        "no column gives the fuel consumed (e.g. 'ME Cons VLSFO', 'AE LSMGO'): without it no CO2, CII or fuel figure can be computed; map the fuel columns (columnMappings)",
      column: null,
      reason: null,
      example: null,
      rows: f.rowsTotal,
      rowNumbers: [],
    });
  }
  causes.sort((a, b) => b.rows - a.rows);
  const share = storable === 0 ? 0 : storedWhole / storable;
  const needsConfirmation =
    share < STORED_SHARE_REQUIRED ||
    f.sharedFuelFields.length > 0 ||
    !f.hasFuel ||
    (f.sheetCauses?.length ?? 0) > 0;
  return { causes, storedWhole, storable, needsConfirmation };
}
