/**
 * A noon-report sheet turned into what the upload stores: the reports per ship in time order, their period
 * quantities as fuel, environmental and draught records, the report checks, and the voyages the sheet implies.
 * No I/O: the ships and voyages of the organisation come in as FleetReferences, so the preview and the upload
 * plan alike.
 */
import { UPLOAD_COLUMNS } from "../../../contracts/upload-columns";
import {
  canonicalUnit,
  headerSignature,
  hoursSince,
  inferVoyages,
  isNoonField,
  type LocatedHeader,
  type MatchedColumn,
  NOON_CONSUMERS,
  type NoonReport,
  normaliseHeader,
  type PeriodFuelRecord,
  parseNoonRow,
  periodFuelRecords,
  type RowOptions,
  reportPeriodHours,
  seaAndPortHours,
  speedOf,
  unitFactor,
  usualIntervalHours,
} from "../../../domain/noon-reports";
import {
  type NoonCheckId,
  type NoonCheckResult,
  type ReportForChecks,
  runNoonChecks,
  summariseNoonChecks,
} from "../../../domain/report-checks/noon-checks";
import type { Cell, SheetRow } from "../cell-values";
import { isEmptyRow } from "../cell-values";
import type { FleetReferences } from "../fleet-references";
import type { RowError } from "../row-validator";

export type MappingSource = "request" | "saved" | "recognised";

/** The located header's columns with a mapping {header: field|''} applied (matched by normalised header). */
export function applyMapping(header: LocatedHeader, mapping: Record<string, string>): MatchedColumn[] {
  const byName = new Map(
    Object.entries(mapping).map(([h, f]) => [
      `${normaliseHeader(h).name}|${normaliseHeader(h).unit ?? ""}`,
      f,
    ]),
  );
  const byBare = new Map(Object.entries(mapping).map(([h, f]) => [normaliseHeader(h).name, f]));
  // The request's fields are the user's: what recognition noted or would prefer does not follow them.
  return header.columns.map(({ alsoNames: _also, note: _note, ...c }) => {
    const n = normaliseHeader(c.header);
    const f = byName.get(`${n.name}|${n.unit ?? ""}`) ?? byBare.get(n.name);
    const field = f && isNoonField(f) ? f : null;
    const factor = field ? (unitFactor(field, c.unit) ?? Number.NaN) : 1;
    return { ...c, field, factor };
  });
}

/** The mapping of columns as {header: field|''}, the form it is remembered in. */
export function mappingOf(columns: readonly MatchedColumn[]): Record<string, string> {
  return Object.fromEntries(columns.filter((c) => c.header !== "").map((c) => [c.header, c.field ?? ""]));
}

export type PlannedReport = NoonReport & {
  shipId: number;
  voyageId: number | null;
  /** Key of the proposed voyage it belongs to, when that voyage does not exist yet. */
  proposedVoyage: string | null;
  periodHours: number | null;
  sincePreviousHours: number | null;
  fuelRecords: PeriodFuelRecord[];
  checks: NoonCheckId[];
  duplicate: boolean;
};

export type ProposedVoyage = {
  key: string;
  shipId: number;
  voyageNumber: string;
  origin: string;
  destination: string;
  departureMs: number;
  arrivalMs: number | null;
  rows: number[];
  from: "departure-arrival" | "voyage-column";
  cargoTonnes: number | null;
};

export type NoonPlan = {
  signature: string;
  columns: MatchedColumn[];
  /** Reports read, duplicates included, in sheet order. */
  reports: PlannedReport[];
  errors: RowError[];
  /** Rows refused whole (no time, no ship). */
  refusedRows: number;
  rowsTotal: number;
  checks: NoonCheckResult[];
  proposedVoyages: ProposedVoyage[];
  /** Per ship, hours at sea and in port from its report events (`seaAndPortHours`). */
  shipTime: { shipId: number; reports: number; seaHours: number; portHours: number }[];
  /** How the plan read what the sheet does not say, a sentence each (a first report's period). */
  notes: string[];
};

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

const cellText = (c: Cell) => (c === null || c === undefined ? "" : String(c).trim());

/**
 * Plans a sheet. `rows` are the sheet's rows (numbers as the spreadsheet shows them); `dataFrom` the first
 * row number below the header (and units row); `defaultShip` the ship of a sheet without a vessel column.
 */
export function planNoonSheet(input: {
  header: LocatedHeader;
  columns: MatchedColumn[];
  rows: readonly SheetRow[];
  dataFrom: number;
  refs: FleetReferences;
  defaultShip: string | number | undefined;
  /** How the sheet writes numbers and dates (a ';' CSV's decimal comma, the day/month order of its dates). */
  options?: RowOptions;
}): NoonPlan {
  const { columns, refs } = input;
  const errors: RowError[] = [];
  let refusedRows = 0;
  let rowsTotal = 0;
  const negativeRows = new Set<number>();
  const parsed: (NoonReport & { shipId: number })[] = [];
  const shipColumn = columns.find((c) => c.field === "imo") ?? columns.find((c) => c.field === "ship");
  const timeColumn =
    columns.find((c) => c.field === "reportTimeUtc") ??
    columns.find((c) => c.field === "localTime") ??
    columns.find((c) => c.field === "reportDate");
  for (const row of input.rows) {
    if (row.n < input.dataFrom || isEmptyRow(row.cells)) continue;
    rowsTotal += 1;
    const { report, errors: cellErrors, negatives } = parseNoonRow(row.n, row.cells, columns, input.options);
    for (const e of cellErrors) errors.push({ row: row.n, ...e });
    if (negatives.length > 0) negativeRows.add(row.n);
    if (!report) {
      refusedRows += 1;
      if (cellErrors.length === 0)
        errors.push({
          row: row.n,
          column: timeColumn?.header ?? "(report time)",
          value: "",
          reason: timeColumn
            ? "has no report time"
            : "no column gives the report time: map one to reportTimeUtc, localTime or reportDate",
        });
      continue;
    }
    const named = report.ship ?? (input.defaultShip === undefined ? null : String(input.defaultShip));
    const shipId = named === null ? undefined : refs.ship(named);
    if (shipId === undefined) {
      refusedRows += 1;
      errors.push({
        row: row.n,
        column: shipColumn?.header ?? "(ship)",
        value: named ?? "",
        reason:
          named === null
            ? "names no ship: the sheet has no vessel column, choose the ship (shipId)"
            : "is not a ship of your fleet (IMO number, id or exact name); add the ship first",
      });
      continue;
    }
    parsed.push({ ...report, shipId });
  }

  const planned: PlannedReport[] = [];
  const checksByRow = new Map<number, NoonCheckId[]>();
  const proposedVoyages: ProposedVoyage[] = [];
  const shipTime: NoonPlan["shipTime"] = [];
  const byShip = groupBy(parsed, (r) => r.shipId);
  const firstPeriods: { ship: string; hours: number }[] = [];
  const voyageColumn = columns.some((c) => c.field === "voyage");
  for (const [shipId, reports] of byShip) {
    // Time order; rows of the same time keep sheet order, the later one being the duplicate.
    reports.sort((a, b) => a.timeMs - b.timeMs || a.row - b.row);
    const ship: PlannedReport[] = [];
    let previousMs: number | null = null;
    const usual = usualIntervalHours(reports.map((r) => r.timeMs));
    for (const r of reports) {
      const duplicate = previousMs !== null && r.timeMs === previousMs;
      const sincePrevious = duplicate ? null : hoursSince(previousMs, r.timeMs);
      const steaming = r.values.steamingHours ?? null;
      let period = reportPeriodHours(r.values.periodHours ?? null, sincePrevious, steaming);
      // The ship's first report: no previous one to measure its period from.
      if (period === null && previousMs === null && usual !== null) {
        period = usual;
        firstPeriods.push({ ship: r.ship ?? String(shipId), hours: usual });
      }
      const fuel = duplicate ? [] : periodFuelRecords(r.fuel, period, steaming);
      let fuelRecords: PeriodFuelRecord[] = [];
      if (Array.isArray(fuel)) fuelRecords = fuel;
      else {
        const col = columns.find((c) => c.field?.startsWith("fuel."));
        errors.push({ row: r.row, column: col?.header ?? "fuel", value: "", reason: fuel.reason });
      }
      ship.push({
        ...r,
        voyageId: null,
        proposedVoyage: null,
        periodHours: period,
        sincePreviousHours: sincePrevious,
        fuelRecords,
        checks: [],
        duplicate,
      });
      if (!duplicate) previousMs = r.timeMs;
    }
    const forChecks = ship.map((p): ReportForChecks => toChecks(p, negativeRows.has(p.row)));
    for (const [row, ids] of runNoonChecks(forChecks)) checksByRow.set(row, ids);
    assignVoyages(ship, shipId, refs, voyageColumn, proposedVoyages);
    const stored = ship.filter((r) => !r.duplicate);
    const time = seaAndPortHours(
      stored.map((r) => ({
        event: r.event,
        steamingHours: r.values.steamingHours ?? null,
        periodHours: r.periodHours,
      })),
    );
    shipTime.push({ shipId, reports: stored.length, ...time });
    planned.push(...ship);
  }
  for (const p of planned) p.checks = checksByRow.get(p.row) ?? [];
  planned.sort((a, b) => a.row - b.row);
  errors.sort((a, b) => a.row - b.row);
  return {
    signature: headerSignature(input.header.headers),
    columns,
    reports: planned,
    errors,
    refusedRows,
    rowsTotal,
    checks: summariseNoonChecks(checksByRow),
    proposedVoyages,
    shipTime,
    notes: firstPeriods.map(
      (f) =>
        `The first report of ${f.ship} has no previous report and no period: its period is taken as the sheet's usual interval between reports (${Math.round(f.hours * 10) / 10} h); its tonnes are stored as reported.`,
    ),
  };
}

function toChecks(p: PlannedReport, negatives: boolean): ReportForChecks {
  const consumed: Record<string, number> = {};
  for (const grades of Object.values(p.fuel))
    for (const [g, t] of Object.entries(grades ?? {})) consumed[g] = (consumed[g] ?? 0) + t;
  const sog = shipSpeedOverGround(p);
  return {
    row: p.row,
    timeMs: p.timeMs,
    steamingHours: p.values.steamingHours ?? null,
    periodHours: p.values.periodHours ?? null,
    sincePreviousHours: p.sincePreviousHours,
    distanceNm: p.values.distanceOverGround ?? null,
    speedOverGroundKn: p.values.speedOverGround ?? null,
    windForce: p.values.windForce ?? null,
    reportedWindKn: p.windSpeedFromForce ? null : (p.values.windSpeed ?? null),
    consumedByGrade: consumed,
    rob: p.rob,
    bunkered: p.bunkered,
    fuelRecords: p.fuelRecords.map((f) => ({
      consumer: f.consumer,
      fuelType: f.fuelType,
      sfoc: f.consumer === "main" ? (p.values.sfoc ?? null) : null,
      fuelConsumptionRate: f.fuelConsumptionRate,
      enginePower: f.consumer === "main" ? (p.values.mePower ?? null) : null,
      distanceNm: p.values.distanceOverGround ?? null,
      speedOverGround: sog,
    })),
    negatives,
    duplicate: p.duplicate,
  };
}

/** The ship's speed over ground: as reported, else distance over ground ÷ steaming hours (else ÷ period). */
export function shipSpeedOverGround(p: PlannedReport): number | null {
  return p.values.speedOverGround ?? speedOf(p.values.distanceOverGround ?? null, steamingOrPeriod(p));
}

/** Speed through water: as reported, else distance through water ÷ steaming hours (else ÷ period). */
export function shipSpeedThroughWater(p: PlannedReport): number | null {
  return p.values.speedThroughWater ?? speedOf(p.values.distanceThroughWater ?? null, steamingOrPeriod(p));
}

function steamingOrPeriod(p: PlannedReport): number | null {
  const s = p.values.steamingHours;
  return s !== undefined && s > 0 ? s : p.periodHours;
}

/**
 * Voyages: a voyage column names them (an existing voyage of the ship, else a proposed one spanning its
 * reports); without one, departures and arrivals imply them (`inferVoyages`), an existing voyage of the
 * same number being reused.
 */
function assignVoyages(
  ship: PlannedReport[],
  shipId: number,
  refs: FleetReferences,
  voyageColumn: boolean,
  proposed: ProposedVoyage[],
): void {
  const stored = ship.filter((r) => !r.duplicate);
  if (voyageColumn) {
    const groups = groupBy(
      stored.filter((r) => r.voyage !== null),
      (r) => r.voyage!,
    );
    for (const [number, reports] of groups) {
      const id = refs.voyage(shipId, number);
      if (id !== undefined) {
        for (const r of reports) r.voyageId = id;
        continue;
      }
      const first = reports[0]!;
      const last = reports.at(-1)!;
      const key = `${shipId}/${number}`;
      proposed.push({
        key,
        shipId,
        voyageNumber: number,
        origin: reports.find((r) => r.port !== null)?.port ?? "Unknown",
        destination: last.event === "arrival" ? (last.port ?? "Unknown") : "Unknown",
        departureMs: first.timeMs,
        arrivalMs: last.event === "arrival" ? last.timeMs : null,
        rows: reports.map((r) => r.row),
        from: "voyage-column",
        cargoTonnes: reports.find((r) => r.values.cargo !== undefined)?.values.cargo ?? null,
      });
      for (const r of reports) r.proposedVoyage = key;
    }
    return;
  }
  for (const v of inferVoyages(stored)) {
    const reports = v.reports.map((i) => stored[i]!);
    const id = refs.voyage(shipId, v.voyageNumber);
    if (id !== undefined) {
      for (const r of reports) r.voyageId = id;
      continue;
    }
    const key = `${shipId}/${v.voyageNumber}`;
    proposed.push({
      key,
      shipId,
      voyageNumber: v.voyageNumber,
      origin: v.origin,
      destination: v.destination,
      departureMs: v.departureMs,
      arrivalMs: v.arrivalMs,
      rows: reports.map((r) => r.row),
      from: "departure-arrival",
      cargoTonnes: reports.find((r) => r.values.cargo !== undefined)?.values.cargo ?? null,
    });
    for (const r of reports) r.proposedVoyage = key;
  }
}

/** A record type's rows for the pipeline: the registry's header, then one row per record (sheet row numbers). */
export type SyntheticSheet = { type: "fuel" | "environmental" | "trim"; rows: SheetRow[] };

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The records of the stored reports (not duplicates), as rows under the registry's headers so that the
 * upload pipeline validates, stages and merges them as any file of their type (series keys: re-sent reports
 * update, never duplicate).
 */
export function recordSheets(
  reports: readonly PlannedReport[],
  voyageIdOf: (r: PlannedReport) => number | null,
): SyntheticSheet[] {
  const headerRow = (type: SyntheticSheet["type"]): SheetRow => ({ n: 1, cells: [...UPLOAD_COLUMNS[type]] });
  const sheets: SyntheticSheet[] = [
    { type: "fuel", rows: [headerRow("fuel")] },
    { type: "environmental", rows: [headerRow("environmental")] },
    { type: "trim", rows: [headerRow("trim")] },
  ];
  const rowOf = (type: SyntheticSheet["type"], r: PlannedReport, values: Record<string, Cell>): SheetRow => ({
    n: r.row,
    cells: UPLOAD_COLUMNS[type].map((h, i) =>
      i === 0 ? r.shipId : i === 1 ? voyageIdOf(r) : i === 2 ? iso(r.timeMs) : (values[h] ?? null),
    ),
  });
  for (const r of reports) {
    if (r.duplicate) continue;
    const sog = shipSpeedOverGround(r);
    const stw = shipSpeedThroughWater(r);
    const steaming = steamingOrPeriod(r);
    // The ship's distance goes on one consumer's records (the main engine's, else the auxiliaries', else the
    // boilers'), so that no figure counts it twice, shared among its grades' records as their hours are; each
    // record's speeds are the consumer's mean over its hours (distance ÷ hours).
    const distanceOn = NOON_CONSUMERS.find((c) => r.fuelRecords.some((f) => f.consumer === c));
    const over = (speed: number | null, hours: number) =>
      speed === null || steaming === null ? speed : (speed * steaming) / hours;
    const distance = r.values.distanceOverGround ?? null;
    for (const f of r.fuelRecords) {
      const main = f.consumer === "main";
      const share = f.periodHours / f.consumerHours;
      sheets[0]!.rows.push(
        rowOf("fuel", r, {
          SFOC: main ? (r.values.sfoc ?? null) : null,
          "Fuel Rate": f.fuelConsumptionRate,
          "Engine Load": main ? (r.values.meLoad ?? null) : null,
          "Speed STW": main ? stw : over(stw, f.consumerHours),
          "Speed SOG": main ? sog : over(sog, f.consumerHours),
          "Engine Power": main ? (r.values.mePower ?? null) : null,
          // The grade as reported ('VLSFO'): the records keep it and take its class for CO2.
          "Fuel Type": f.grade,
          "CO2 Emissions": f.co2Emissions,
          Consumer: f.consumer,
          "Distance (nm)": f.consumer !== distanceOn ? 0 : distance === null ? null : distance * share,
          "Period (h)": f.periodHours,
        }),
      );
    }
    const env: Record<string, Cell> = {
      "Wind Speed": r.values.windSpeed ?? null,
      "Wave Height": r.values.waveHeight ?? null,
      "Wind Direction": r.windDirection,
      "Sea State": r.values.seaState ?? null,
      "Air Temperature (C)": r.values.airTemperature ?? null,
      "Sea Temperature (C)": r.values.seaTemperature ?? null,
      Latitude: r.latitude,
      Longitude: r.longitude,
      Heading: r.heading,
    };
    if (Object.values(env).some((v) => v !== null)) sheets[1]!.rows.push(rowOf("environmental", r, env));
    const trim: Record<string, Cell> = {
      "Draught Fore (m)": r.values.draughtFore ?? null,
      "Draught Aft (m)": r.values.draughtAft ?? null,
      "Displacement (t)": r.values.displacement ?? null,
    };
    if (Object.values(trim).some((v) => v !== null)) sheets[2]!.rows.push(rowOf("trim", r, trim));
  }
  return sheets;
}

/** The unit each mapped column is stored in, for the preview ('t', 'nm'…). */
export const storedUnit = (c: MatchedColumn) => (c.field ? canonicalUnit(c.field) : null);
export { cellText };
