/**
 * Decisions about a whole noon sheet, taken from its columns and data before any row is read, each stated in
 * a sentence: the day/month order of its dates, which of two columns naming one field holds the figures, the
 * fuel columns that would add into one figure, and whether its times carry a zone.
 */
import { type Cause, isEssentialField } from "./causes.js";
import { type DateOrder, decideDateOrder } from "./clock-cells.js";
import { fuelFieldParts, type MatchedColumn, type NoonField, unitFactor } from "./headers.js";

type Row = { n: number; cells: readonly unknown[] };

const TIME_FIELDS: readonly NoonField[] = ["reportTimeUtc", "reportDateUtc", "reportDate", "localTime"];

const text = (c: unknown) => (typeof c === "string" ? c.trim() : "");

/** A date order written in a header's unit: 'Date (dd/mm/yyyy)', 'Date (MM/DD/YY)'. */
function orderOfUnit(unit: string | null): DateOrder | undefined {
  if (!unit) return undefined;
  if (/^d{1,2}[/.-]m{1,2}[/.-]y/i.test(unit)) return "dmy";
  if (/^m{1,2}[/.-]d{1,2}[/.-]y/i.test(unit)) return "mdy";
  return undefined;
}

/**
 * The day/month order of the sheet's numeric dates: as a date column's unit writes it, else from the figures
 * (domain decideDateOrder); stated as a note, or a cause when no order reads every date.
 */
export function sheetDateOrder(
  columns: readonly MatchedColumn[],
  rows: readonly Row[],
): { order: DateOrder; note: string | null; cause: Cause | null } {
  const timeColumns = columns.filter((c) => c.field && TIME_FIELDS.includes(c.field));
  const hinted = timeColumns.map((c) => orderOfUnit(c.unit)).find((o) => o !== undefined);
  if (hinted) return { order: hinted, note: null, cause: null };
  const texts: string[] = [];
  for (const r of rows)
    for (const c of timeColumns) if (text(r.cells[c.index]) !== "") texts.push(text(r.cells[c.index]));
  if (!texts.some((t) => /^\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}/.test(t)))
    return { order: "dmy", note: null, cause: null };
  const decision = decideDateOrder(texts);
  const column = timeColumns[0]?.header ?? "date";
  if ("contradiction" in decision) {
    const [a, b] = decision.contradiction;
    return {
      order: "dmy",
      note: null,
      cause: {
        cause: `'${column}' writes dates both day first ('${a}') and month first ('${b}'): no one order reads them all`,
        column,
        reason: null,
        example: a,
        rows: texts.length,
        rowNumbers: [],
      },
    };
  }
  const name = decision.order === "dmy" ? "day first (dd/mm/yyyy)" : "month first (mm/dd/yyyy)";
  const why =
    decision.basis === "day"
      ? `'${decision.example}' has no month ${decision.example!.split(/[/.-]/)[0]}`
      : decision.basis === "month"
        ? `'${decision.example}' has no month ${decision.example!.split(/[/.-]/)[1]}`
        : decision.basis === "sequence"
          ? "read so, consecutive reports are a day apart"
          : "no date tells the order; day first is the usual one outside the United States";
  return { order: decision.order, note: `Dates in '${column}' are read ${name}: ${why}.`, cause: null };
}

const hasFigure = (c: unknown) =>
  c !== null && c !== undefined && !(typeof c === "string" && c.trim() === "") && c !== 0 && c !== "0";

/**
 * Of two columns naming one plain field ('Distance' and 'Distance Observed'), the one with figures: the first
 * keeps the field unless it is empty (or all zero) in every row and a later one is not.
 */
export function preferFilledColumns(
  columns: readonly MatchedColumn[],
  rows: readonly Row[],
): { columns: MatchedColumn[]; notes: string[] } {
  const out = columns.map((c) => ({ ...c }));
  const notes: string[] = [];
  const filled = (c: MatchedColumn) => rows.some((r) => hasFigure(r.cells[c.index]));
  for (const later of out) {
    if (!later.alsoNames) continue;
    const taker = out.find((c) => c.field === later.alsoNames);
    if (!taker || filled(taker) || !filled(later)) continue;
    later.field = taker.field;
    later.factor = unitFactor(later.alsoNames, later.unit) ?? Number.NaN;
    taker.alsoNames = later.alsoNames;
    taker.field = null;
    taker.factor = 1;
    delete later.alsoNames;
    notes.push(`'${later.header}' is read as ${later.field}: '${taker.header}' names it too but is empty.`);
  }
  return { columns: out, notes };
}

/** Fuel fields given by more than one column: their tonnes would be added into one figure. */
export function sharedFuelFields(
  columns: readonly MatchedColumn[],
): { field: NoonField; headers: string[] }[] {
  const by = new Map<NoonField, string[]>();
  for (const c of columns) {
    if (!c.field || fuelFieldParts(c.field)?.kind !== "fuel") continue;
    by.set(c.field, [...(by.get(c.field) ?? []), c.header]);
  }
  return [...by].filter(([, headers]) => headers.length > 1).map(([field, headers]) => ({ field, headers }));
}

/** Whether any column gives fuel consumed. */
export const hasFuelColumn = (columns: readonly MatchedColumn[]) =>
  columns.some((c) => c.field !== null && fuelFieldParts(c.field)?.kind === "fuel");

/** A note when the report times carry no zone: no UTC column, no offset column, no zone in the cells. */
export function zoneNote(columns: readonly MatchedColumn[], rows: readonly Row[]): string | null {
  const fields = new Set(columns.map((c) => c.field));
  if (fields.has("reportTimeUtc") || fields.has("reportDateUtc") || fields.has("utcOffset")) return null;
  const local = columns.find((c) => c.field === "localTime" || c.field === "reportDate");
  if (!local) return null;
  const zoned = rows.some((r) => /(z|utc|gmt|[+-]\d\d:?\d\d)\s*$/i.test(text(r.cells[local.index])));
  return zoned
    ? null
    : `The report times carry no zone and the sheet has no UTC offset column: '${local.header}' is read as UTC.`;
}

/** The essential columns the sheet lacks, as a sentence each: without a time no report; without distance no CII. */
export function missingEssentials(columns: readonly MatchedColumn[]): string[] {
  const fields = new Set(columns.map((c) => c.field).filter((f) => isEssentialField(f)));
  const out: string[] = [];
  if (!fields.has("distanceOverGround") && !columns.some((c) => c.field === "speedOverGround"))
    out.push(
      "no column gives the distance over ground (nor the speed): the CII and the cost per mile need it",
    );
  return out;
}
