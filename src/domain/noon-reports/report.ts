/**
 * One sheet row as a noon report: each recognised column's cell parsed with the quirk-tolerant parsers
 * (cells.ts), converted to the field's canonical unit, and the report time resolved to UTC. A cell that
 * cannot be read is an error naming the column and the reason; the rest of the row is kept.
 */
import { fuelGradeOf } from "../fuels/fuel-names.js";
import { DAY_MS } from "../time/units.js";
import {
  type NumberOptions,
  parseDirectionCell,
  parseNumberCell,
  parsePositionCell,
  parsePositionPairCell,
  parseUtcOffsetCell,
} from "./cells.js";
import {
  type ClockValue,
  type DateOrder,
  localToUtcMs,
  parseClockCell,
  parseDurationCell,
} from "./clock-cells.js";
import { type ReportEvent, reportEventOf } from "./events.js";
import { fuelFieldParts, type MatchedColumn, type PlainNoonField } from "./headers.js";
import type { FuelByConsumer } from "./period.js";
import { beaufortMidpointKnots } from "./wind.js";

/** The measured plain fields a report keeps as numbers, in their canonical units. */
export const NUMERIC_FIELDS = [
  "steamingHours",
  "periodHours",
  "distanceOverGround",
  "distanceThroughWater",
  "speedOverGround",
  "speedThroughWater",
  "mePower",
  "meLoad",
  "sfoc",
  "windForce",
  "windSpeed",
  "seaState",
  "waveHeight",
  "airTemperature",
  "seaTemperature",
  "draughtFore",
  "draughtAft",
  "displacement",
  "cargo",
] as const satisfies readonly PlainNoonField[];
export type NumericField = (typeof NUMERIC_FIELDS)[number];

export type NoonReport = {
  /** Row number in the sheet (1-based), for every message about it. */
  row: number;
  /** The ship as the row names it (name or IMO number), or null (the upload's ship). */
  ship: string | null;
  voyage: string | null;
  event: ReportEvent;
  /** Report time, UTC ms. */
  timeMs: number;
  /** The ship's UTC offset, h, when the sheet gives local time. */
  utcOffsetHours: number | null;
  values: Partial<Record<NumericField, number>>;
  windDirection: number | null;
  heading: number | null;
  latitude: number | null;
  longitude: number | null;
  port: string | null;
  /** Fuel consumed since the previous report, t, per consumer and grade as reported. */
  fuel: FuelByConsumer;
  /** Remaining on board at the report, t, per grade ('any' when the sheet does not split it). */
  rob: Record<string, number>;
  /** Received since the previous report, t, per grade ('any' when not split). */
  bunkered: Record<string, number>;
  /** The wind speed is the middle of the reported Beaufort force's band, not a reported speed. */
  windSpeedFromForce: boolean;
};

export type CellError = { column: string; value: string; reason: string };

const text = (cell: unknown): string | null => {
  if (cell === null || cell === undefined) return null;
  const t = (cell instanceof Date ? cell.toISOString() : String(cell)).trim();
  return t === "" ? null : t;
};

/** Numbers that cannot be negative: all but temperatures (fuel, distances, hours, stocks, draughts, wind…). */
const NON_NEGATIVE: ReadonlySet<string> = new Set(
  NUMERIC_FIELDS.filter((f) => f !== "airTemperature" && f !== "seaTemperature"),
);

/** How the sheet writes its cells: decimal commas (a ';' CSV), and the day/month order of its dates. */
export type RowOptions = NumberOptions & { dateOrder?: DateOrder };

/** Hours fields: read as durations ('23:30', a time or duration cell), not plain numbers. */
const HOURS_FIELDS: ReadonlySet<string> = new Set(["steamingHours", "periodHours"]);

/**
 * A row → a report, or the reasons it cannot be one (no time). Negative quantities are kept (the
 * 'negative-values' check marks them); unreadable cells are errors and left out. `defaultGrade` is the grade
 * of fuel columns that name none (the row's 'Fuel grade' cell, else HFO, the records' default).
 */
export function parseNoonRow(
  row: number,
  cells: readonly unknown[],
  columns: readonly MatchedColumn[],
  options: RowOptions = {},
): { report: NoonReport | null; errors: CellError[]; negatives: string[] } {
  const errors: CellError[] = [];
  const negatives: string[] = [];
  const by = new Map<string, MatchedColumn>();
  for (const c of columns) if (c.field && !by.has(c.field)) by.set(c.field, c);
  const cellOf = (c: MatchedColumn) => cells[c.index];
  const err = (c: MatchedColumn, reason: string) =>
    errors.push({ column: c.header, value: text(cellOf(c)) ?? "", reason });
  const readNumber = (c: MatchedColumn): number | null => {
    const p = HOURS_FIELDS.has(c.field ?? "")
      ? parseDurationCell(cellOf(c), options)
      : parseNumberCell(cellOf(c), options);
    if (!p.ok) {
      err(c, p.reason);
      return null;
    }
    if (p.value === null) return null;
    if (Number.isNaN(c.factor)) {
      err(
        c,
        `is in ${c.unit}, which cannot be converted to ${c.field?.startsWith("fuel") ? "tonnes" : "the field's unit"}`,
      );
      return null;
    }
    return p.value * c.factor;
  };
  const gradeCell = by.get("fuelGrade");
  const gradeText = gradeCell ? text(cellOf(gradeCell)) : null;
  const defaultGrade = (gradeText && fuelGradeOf(gradeText)?.grade) || "HFO";
  if (gradeCell && gradeText && !fuelGradeOf(gradeText)) err(gradeCell, "is not a known fuel name");

  const report: NoonReport = {
    row,
    ship: null,
    voyage: null,
    event: "noon",
    timeMs: Number.NaN,
    utcOffsetHours: null,
    values: {},
    windDirection: null,
    heading: null,
    latitude: null,
    longitude: null,
    port: null,
    fuel: {},
    rob: {},
    bunkered: {},
    windSpeedFromForce: false,
  };
  for (const c of columns) {
    const f = c.field;
    if (!f) continue;
    const parts = fuelFieldParts(f);
    if (parts) {
      const t = readNumber(c);
      if (t === null) continue;
      if (t < 0) negatives.push(c.header);
      // two columns of one figure add up (the upload asks to confirm such a sheet)
      if (parts.kind === "fuel") {
        const g = parts.grade ?? defaultGrade;
        report.fuel[parts.consumer] ??= {};
        const slot = report.fuel[parts.consumer]!;
        slot[g] = (slot[g] ?? 0) + t;
      } else {
        const slot = report[parts.kind];
        const g = parts.grade ?? "any";
        slot[g] = (slot[g] ?? 0) + t;
      }
      continue;
    }
    if ((NUMERIC_FIELDS as readonly string[]).includes(f)) {
      const v = readNumber(c);
      if (v === null) continue;
      if (v < 0 && NON_NEGATIVE.has(f)) negatives.push(c.header);
      report.values[f as NumericField] = v;
    }
  }
  const wind = report.values.windForce;
  if (wind !== undefined && (wind > 12 || !Number.isInteger(wind))) {
    err(by.get("windForce")!, "must be a Beaufort force, a whole number from 0 to 12");
    delete report.values.windForce;
  }
  const sea = report.values.seaState;
  if (sea !== undefined && (sea < 0 || sea > 9 || !Number.isInteger(sea))) {
    err(by.get("seaState")!, "must be a Douglas sea state, a whole number from 0 to 9");
    delete report.values.seaState;
  }
  if (
    report.values.windSpeed === undefined &&
    report.values.windForce !== undefined &&
    report.values.windForce >= 0
  )
    report.values.windSpeed = beaufortMidpointKnots(report.values.windForce);

  const direction = (field: "windDirection" | "heading") => {
    const c = by.get(field);
    if (!c) return null;
    const p = parseDirectionCell(cellOf(c));
    if (!p.ok) err(c, p.reason);
    return p.ok ? p.value : null;
  };
  report.windDirection = direction("windDirection");
  report.heading = direction("heading");
  for (const [field, axis] of [
    ["latitude", "lat"],
    ["longitude", "lon"],
  ] as const) {
    const c = by.get(field);
    if (!c) continue;
    const p = parsePositionCell(cellOf(c), axis);
    if (!p.ok) err(c, p.reason);
    else report[field] = p.value;
  }
  // A position in three columns: degrees, minutes and the hemisphere letter (DNV OVD).
  for (const axis of ["latitude", "longitude"] as const) {
    if (report[axis] !== null) continue;
    const deg = by.get(`${axis}Degrees`);
    if (!deg) continue;
    const min = by.get(`${axis}Minutes`);
    const hemi = by.get(`${axis}Hemisphere`);
    const parts = [deg, min, hemi].map((c) => (c ? text(cellOf(c)) : null));
    if (parts[0] === null) continue;
    const p = parsePositionCell(
      parts.filter((x) => x !== null).join(" "),
      axis === "latitude" ? "lat" : "lon",
    );
    if (!p.ok) err(deg, p.reason);
    else report[axis] = p.value;
  }
  const positionColumn = by.get("position");
  if (positionColumn) {
    const p = parsePositionPairCell(cellOf(positionColumn));
    if (!p.ok) err(positionColumn, p.reason);
    // separate latitude and longitude columns, when a sheet has both kinds, are the ones read
    else if (p.value && report.latitude === null && report.longitude === null) {
      report.latitude = p.value.lat;
      report.longitude = p.value.lon;
    }
  }
  for (const field of ["ship", "imo", "voyage", "port"] as const) {
    const c = by.get(field);
    const v = c ? text(cellOf(c)) : null;
    if (v === null) continue;
    if (field === "imo" || (field === "ship" && report.ship === null)) report.ship = v;
    else if (field === "voyage") report.voyage = v;
    else if (field === "port") report.port = v;
  }
  const voyagePort = (field: "voyageFrom" | "voyageTo") => {
    const c = by.get(field);
    return c ? text(cellOf(c)) : null;
  };
  const typeColumn = by.get("reportType");
  const typeText = typeColumn ? text(cellOf(typeColumn)) : null;
  if (typeText !== null) {
    const event = reportEventOf(typeText);
    if (event) report.event = event;
    else
      err(
        typeColumn!,
        "is not a report type (noon, departure/COSP, arrival/EOSP, anchor, drifting, port, bunkering)",
      );
  }
  // A departure leaves the voyage's first port, an arrival reaches its last, when no port column names them.
  if (report.port === null && report.event === "departure") report.port = voyagePort("voyageFrom");
  if (report.port === null && report.event === "arrival") report.port = voyagePort("voyageTo");

  const time = reportTime(cells, by, err, options.dateOrder);
  if (time === null) return { report: null, errors, negatives };
  report.timeMs = time.ms;
  report.utcOffsetHours = time.offset;
  return { report, errors, negatives };
}

/**
 * The report's UTC time: a UTC date-time column when there is one, or a UTC time of day with the UTC date
 * (else the report date); else the local date and time (one column, or a date and a time column) less the
 * UTC offset (0 when the sheet gives none: times are then read as UTC).
 */
function reportTime(
  cells: readonly unknown[],
  by: Map<string, MatchedColumn>,
  err: (c: MatchedColumn, reason: string) => void,
  dateOrder: DateOrder | undefined,
): { ms: number; offset: number | null } | null {
  const clock = (field: "reportTimeUtc" | "reportDateUtc" | "reportDate" | "localTime") => {
    const c = by.get(field);
    if (!c) return null;
    const p = parseClockCell(cells[c.index], { dateOrder });
    if (!p.ok) {
      err(c, p.reason);
      return null;
    }
    return p.value;
  };
  const utc = clock("reportTimeUtc");
  const utcDate = clock("reportDateUtc");
  const date = clock("reportDate");
  const local = clock("localTime");
  const offsetColumn = by.get("utcOffset");
  let offset: number | null = null;
  if (offsetColumn) {
    const p = parseUtcOffsetCell(cells[offsetColumn.index]);
    if (!p.ok) err(offsetColumn, p.reason);
    else offset = p.value;
  }
  const dayOf = (ms: number) => ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS);
  // A date column holding date-times ('Date (UTC)' of date-time cells) is the time itself, unless a time of
  // day beside it says the hour.
  const withTime = (day: ClockValue, time: ClockValue | null) =>
    time?.kind === "time" ? dayOf(day.ms) + time.ms : day.ms;
  if (utc && utc.kind !== "time") return { ms: withTime(utc, local), offset };
  if (utc?.kind === "time") {
    const day = utcDate ?? date;
    if (day && day.kind !== "time") return { ms: dayOf(day.ms) + utc.ms, offset };
  }
  let wall: number | null = null;
  let zoned = false;
  if (local && local.kind !== "time") {
    wall = local.ms;
    zoned = local.zoned;
  } else if (date && date.kind !== "time") {
    wall = withTime(date, local);
    zoned = date.zoned || (local?.zoned ?? false);
  } else if (utcDate && utcDate.kind !== "time") {
    return { ms: withTime(utcDate, local), offset };
  }
  if (wall === null) {
    const c =
      by.get("reportTimeUtc") ?? by.get("reportDate") ?? by.get("localTime") ?? by.get("reportDateUtc");
    if (c && text(cells[c.index]) === null) err(c, "is required: the report's date and time");
    else if (c && [utc, date, local, utcDate].some((v) => v?.kind === "time"))
      err(c, "holds a time of day without a date: give the report's date (a date column or a date and time)");
    return null;
  }
  return { ms: zoned ? wall : localToUtcMs(wall, offset ?? 0), offset };
}
