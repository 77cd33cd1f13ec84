/**
 * Writes an export of one ship and the dashboard's filters into a sink: the workbook carries the ship's
 * particulars, its voyages and every series type (one sheet each, units in the headers); a CSV carries one
 * type. Rows are read and written a batch at a time (export-reader.ts), so the whole range is never held.
 */

import type { ExportType } from "../../contracts/exports";
import type { RecordKind } from "../../contracts/records";
import type { ShipProfile } from "../../domain/ships/ship-profile";
import type { AnalysisRange } from "../analysis/context";
import type { Db } from "../db/client";
import { countSeriesRows, type ExportScope, seriesRows, voyageRows } from "./export-reader";
import { SERIES_SHEETS, SHEET_TITLES, SHIP_COLUMNS, VOYAGE_COLUMNS } from "./export-sheets";
import type { ExportSink } from "./export-sink";
import type { ExportCell } from "./spreadsheet-cell";

export function exportScope(orgId: number, ship: ShipProfile, range: AnalysisRange): ExportScope {
  return {
    orgId,
    ship,
    from: range.from,
    to: range.to,
    consumers: range.consumers,
    voyageId: range.voyageId,
  };
}

/** The particulars sheet: the ship's fields with units, then what the export covers. */
function shipRows(scope: ExportScope, range: AnalysisRange, now: Date): ExportCell[][] {
  const s = scope.ship;
  return [
    ["Name", s.name],
    ["IMO Number", s.imoNumber],
    ["Ship Type", s.shipType],
    ["Deadweight (t)", s.deadweight],
    ["Gross Tonnage", s.grossTonnage],
    ["Engine Power (kW MCR)", s.enginePowerKw],
    ["Design Speed (kn)", s.designSpeedKn],
    ["Length (m)", s.lengthM],
    ["Beam (m)", s.beamM],
    ["Design Draught (m)", s.designDraughtM],
    ["Year Built", s.yearBuilt],
    ["Export from (UTC)", range.from],
    ["Export to (UTC, exclusive)", range.to],
    ["Range", range.range],
    ["Engine", range.engine],
    ["Exported at (UTC)", now],
  ];
}

const isSeries = (type: ExportType): type is RecordKind => type !== "ship" && type !== "voyages";

async function writeType(
  db: Db,
  sink: ExportSink,
  type: ExportType,
  scope: ExportScope,
  range: AnalysisRange,
  now: Date,
): Promise<void> {
  if (type === "ship") {
    sink.sheet(SHEET_TITLES.ship, SHIP_COLUMNS);
    await sink.rows(shipRows(scope, range, now));
  } else if (type === "voyages") {
    sink.sheet(SHEET_TITLES.voyages, VOYAGE_COLUMNS);
    await sink.rows(await voyageRows(db, scope));
  } else if (isSeries(type)) {
    const sheet = SERIES_SHEETS[type];
    sink.sheet(sheet.name, sheet.columns);
    for await (const batch of seriesRows(db, sheet, scope)) await sink.rows(batch);
  }
}

/**
 * Writes the export's types in order and finishes the file. A client that goes away stops the reads at the
 * next batch (the sink throws ExportAborted).
 */
export async function writeExport(
  db: Db,
  sink: ExportSink,
  types: readonly ExportType[],
  scope: ExportScope,
  range: AnalysisRange,
  now: Date = new Date(),
): Promise<void> {
  for (const type of types) {
    await writeType(db, sink, type, scope, range, now);
  }
  await sink.finish();
}

/** The records (series rows) an export of `types` holds, for the client's progress (X-Export-Records). */
export async function exportRecordCount(
  db: Db,
  types: readonly ExportType[],
  scope: ExportScope,
): Promise<number> {
  let total = 0;
  for (const type of types)
    if (isSeries(type)) total += await countSeriesRows(db, SERIES_SHEETS[type], scope);
  return total;
}
