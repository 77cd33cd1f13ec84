/** A corpus layout: its file, the program that writes it, what it exercises, and how it lays reports out. */
import type { NoonReport } from "../../src/simulator/noon-reports";
import type { Vessel } from "../../src/simulator/vessel";
import {
  distanceCol,
  fuelCols,
  imoCol,
  latCol,
  lonCol,
  REPORT_TYPES,
  remarksCol,
  robCols,
  speedCol,
  steamingCol,
  typeCol,
  vesselCol,
  windCol,
  windDirCol,
} from "./columns";
import type { Column, Sheet, Workbook } from "./grid";
import type { Naming } from "./naming";
import type { CsvOptions } from "./writers";

export type LayoutContext = { vessel: Vessel; reports: NoonReport[]; naming: Naming };

export type Output =
  | { program: "libreoffice"; book: Workbook; convertTo: "xlsx" | "xls" | "ods" }
  | { program: "libreoffice-csv"; sheet: Sheet; csv: CsvOptions; infilter: string }
  | { program: "sheetjs"; book: Workbook; bookType: "xlsx" | "xls" }
  | { program: "exceljs"; book: Workbook }
  | { program: "csv"; sheet: Sheet; csv: CsvOptions };

export type Layout = {
  /** The file name, extension included. */
  file: string;
  /** Program and format as the README lists them ('LibreOffice 7.4 .xlsx'). */
  program: string;
  /** What the layout exercises, one sentence. */
  exercises: string;
  naming: Naming;
  build(ctx: LayoutContext): Output;
};

export type StandardParts = {
  time: Column[];
  steaming?: Column;
  distance?: Column;
  fuel?: Column[];
  rob?: Column[];
  types?: Record<string, string>;
  extra?: Column[];
};

/** The columns most noon sheets have, in their usual order; the parts a layout varies are passed in. */
export function standardColumns(ctx: LayoutContext, parts: StandardParts): Column[] {
  const { vessel, naming } = ctx;
  return [
    vesselCol(vessel),
    imoCol(vessel),
    typeCol("Report Type", (parts.types ?? REPORT_TYPES.plain) as never),
    ...parts.time,
    latCol(),
    lonCol(),
    parts.steaming ?? steamingCol("Steaming Hours (hrs)"),
    parts.distance ?? distanceCol("Distance Over Ground (nm)"),
    speedCol("Avg Speed (kn)"),
    ...(parts.fuel ?? fuelCols(naming, (c, g) => `${c} Cons ${g} (MT)`)),
    ...(parts.rob ?? robCols(naming.tanks, (g) => `ROB ${g} (MT)`)),
    ...(parts.extra ?? []),
    windCol(),
    windDirCol(),
    remarksCol(),
  ];
}
