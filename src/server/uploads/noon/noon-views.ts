/**
 * How a noon upload's answer shows what was read: the mapping with its notes, the reports as they will be
 * stored (UTC time, hours, distance, fuel per consumer and grade with its class and CO2), the proposed voyages
 * and the counts per record type.
 */
import { co2FromFuel } from "../../../domain/fuels/fuel-types";
import {
  classOfGrade,
  type DateOrder,
  type LocatedHeader,
  NOON_CONSUMERS,
} from "../../../domain/noon-reports";
import { type MappingSource, type NoonPlan, type PlannedReport, recordSheets } from "./noon-plan";
import type { NoonSheet } from "./noon-sheet";

/** A sheet as read and planned: what the mapping view shows. */
export type ReadSheet = {
  source: MappingSource;
  plan: NoonPlan;
  sheet: NoonSheet;
  header: LocatedHeader;
  dateOrder: DateOrder;
  /** How the sheet was read, a sentence each. */
  notes: string[];
};

export function mappingView(p: ReadSheet) {
  return {
    source: p.source,
    signature: p.plan.signature,
    sheet: p.sheet.name,
    headerRow: p.header.headerIndex + 1,
    unitsRow: p.header.unitsIndex === null ? null : p.header.unitsIndex + 1,
    dateOrder: p.dateOrder,
    columns: p.plan.columns.map((c) => ({
      index: c.index,
      header: c.header,
      unit: c.unit,
      field: c.field,
      ...(c.note ? { note: c.note } : {}),
    })),
    notes: p.notes,
  };
}

export const voyagesView = (plan: NoonPlan) =>
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

/** A report's fuel as it will be stored: per consumer and grade, its tonnes and their CO2 (MEPC.364(79) Cf). */
function fuelView(r: PlannedReport) {
  return NOON_CONSUMERS.flatMap((consumer) =>
    Object.entries(r.fuel[consumer] ?? {}).map(([grade, tonnes]) => {
      const fuelClass = classOfGrade(grade);
      return { consumer, grade, fuelClass, tonnes, co2Tonnes: co2FromFuel(tonnes, fuelClass) };
    }),
  );
}

export function rowView(r: PlannedReport) {
  const fuel = fuelView(r);
  return {
    row: r.row,
    shipId: r.shipId,
    ship: r.ship,
    reportedAt: new Date(r.timeMs).toISOString(),
    event: r.event,
    utcOffsetHours: r.utcOffsetHours,
    voyage: r.voyage ?? r.proposedVoyage,
    steamingHours: r.values.steamingHours ?? null,
    periodHours: r.periodHours,
    distanceOverGroundNm: r.values.distanceOverGround ?? null,
    distanceThroughWaterNm: r.values.distanceThroughWater ?? null,
    fuel,
    co2Tonnes: fuel.reduce((sum, f) => sum + f.co2Tonnes, 0),
    rob: r.rob,
    bunkered: r.bunkered,
    values: r.values as Record<string, number>,
    windDirection: r.windDirection,
    latitude: r.latitude,
    longitude: r.longitude,
    checks: r.checks,
  };
}

/** What an upload would store, per record type. */
export function plannedCounts(plan: NoonPlan, excluded: ReadonlySet<string>): Record<string, number> {
  const sheets = recordSheets(plan.reports, () => null);
  return {
    ...Object.fromEntries(sheets.map((s) => [s.type, s.rows.length - 1])),
    reports: plan.reports.filter((r) => !r.duplicate).length,
    voyages: plan.proposedVoyages.filter((v) => !excluded.has(v.key)).length,
  };
}
