/** Corpus layouts written by the JavaScript spreadsheet libraries reporting systems export with: SheetJS, exceljs. */
import { column, distanceCol, fuelCol, REPORT_TYPES, robCols, steamingCol } from "./columns";
import { datetime, hhmm, localMs, offsetText, table, textDate } from "./grid";
import { type Layout, type LayoutContext, standardColumns } from "./layout";
import { GENERATORS_ON_MGO, STANDARD } from "./naming";

const sheetjs = (build: (ctx: LayoutContext) => ReturnType<typeof table>) => ({
  build: (ctx: LayoutContext) => ({
    program: "sheetjs" as const,
    book: [build(ctx)],
    bookType: "xlsx" as const,
  }),
});
const exceljs = (build: (ctx: LayoutContext) => ReturnType<typeof table>) => ({
  build: (ctx: LayoutContext) => ({ program: "exceljs" as const, book: [build(ctx)] }),
});

/** Vendor fuel columns 'M/E VLSFO', 'G/E MDO' (engine first, grade after, no 'cons'). */
const vendorFuel = (ctx: LayoutContext, me: string, ae: string) => [
  ...ctx.naming.main.map((g) => fuelCol(`${me} ${g}`, "main", g)),
  ...ctx.naming.auxiliary.map((g) => fuelCol(`${ae} ${g}`, "auxiliary", g)),
];

export const LIBRARY_LAYOUTS: Layout[] = [
  {
    file: "sheetjs-datetime-cells.xlsx",
    program: "SheetJS 0.20 .xlsx",
    exercises:
      "'Date/Time (UTC)' as datetime cells written by SheetJS (`aoa_to_sheet` of JS dates, cellDates)",
    naming: STANDARD,
    ...sheetjs((ctx) =>
      table(
        "Noon",
        standardColumns(ctx, {
          time: [column("Date/Time (UTC)", (r) => datetime(r.ms, "yyyy-mm-dd hh:mm"))],
        }),
        ctx.reports,
      ),
    ),
  },
  {
    file: "sheetjs-grade-first.xlsx",
    program: "SheetJS 0.20 .xlsx",
    exercises:
      "'Timestamp (UTC)' datetime cells and grade-first fuel columns ('VLSFO ME', 'LSMGO ME', 'MDO AE', 'LSMGO AE')",
    naming: STANDARD,
    ...sheetjs((ctx) =>
      table(
        "Noon",
        standardColumns(ctx, {
          time: [column("Timestamp (UTC)", (r) => datetime(r.ms, "dd/mm/yyyy hh:mm"))],
          fuel: [
            ...ctx.naming.main.map((g) => fuelCol(`${g} ME`, "main", g)),
            ...ctx.naming.auxiliary.map((g) => fuelCol(`${g} AE`, "auxiliary", g)),
          ],
          rob: robCols(ctx.naming.tanks, (g) => `${g} ROB`),
        }),
        ctx.reports,
      ),
    ),
  },
  {
    file: "sheetjs-hhmm-text.xlsx",
    program: "SheetJS 0.20 .xlsx",
    exercises:
      "steaming time as 'hh:mm' text ('23:30', '25:00') under 'Steaming Time'; date 'dd/mm/yyyy' and time as text with a '+hh:mm' offset",
    naming: STANDARD,
    ...sheetjs((ctx) =>
      table(
        "Noon",
        standardColumns(ctx, {
          time: [
            column("Date", (r) => textDate(localMs(r), "DD/MM/YYYY")),
            column("Time", (r) => textDate(localMs(r), "hh:mm")),
            column("UTC Offset", (r) => offsetText(r.utcOffset, "hh:mm")),
          ],
          steaming: column("Steaming Time", (r) => hhmm(r.steamingHours)),
        }),
        ctx.reports,
      ),
    ),
  },
  {
    file: "exceljs-local-datetime-offset.xlsx",
    program: "exceljs 4.4 .xlsx",
    exercises:
      "local datetime cells ('dd/mm/yyyy hh:mm') with the offset '±hh:mm' in its own column (already read right; must keep working)",
    naming: STANDARD,
    ...exceljs((ctx) =>
      table(
        "Noon Reports",
        standardColumns(ctx, {
          time: [
            column("Local Time", (r) => datetime(localMs(r), "dd/mm/yyyy hh:mm")),
            column("GMT Offset", (r) => offsetText(r.utcOffset, "hh:mm")),
          ],
          types: REPORT_TYPES.passage,
        }),
        ctx.reports,
      ),
    ),
  },
  {
    file: "exceljs-sea-navigator-style.xlsx",
    program: "exceljs 4.4 .xlsx",
    exercises:
      "a weather-routing vendor's header set: 'Time Sailed (hrs)', 'Reported Distance (nm)', 'M/E VLSFO', 'G/E MDO', UTC datetime cells",
    naming: STANDARD,
    ...exceljs((ctx) =>
      table(
        "Logbook",
        standardColumns(ctx, {
          time: [column("Date (UTC)", (r) => datetime(r.ms, "yyyy-mm-dd hh:mm"))],
          steaming: steamingCol("Time Sailed (hrs)"),
          distance: distanceCol("Reported Distance (nm)"),
          fuel: vendorFuel(ctx, "M/E", "G/E"),
        }),
        ctx.reports,
      ),
    ),
  },
  {
    file: "exceljs-dg-mgo.xlsx",
    program: "exceljs 4.4 .xlsx",
    exercises:
      "'Hrs Steaming', 'Distance Made Good', 'M/E VLSFO', 'M/E LSMGO' and the generators as 'D/G MGO', with 'Date/Time (UTC)' datetime cells",
    naming: GENERATORS_ON_MGO,
    ...exceljs((ctx) =>
      table(
        "Noon Reports",
        standardColumns(ctx, {
          time: [column("Date/Time (UTC)", (r) => datetime(r.ms, "dd-mmm-yyyy hh:mm"))],
          steaming: steamingCol("Hrs Steaming"),
          distance: distanceCol("Distance Made Good"),
          fuel: vendorFuel(ctx, "M/E", "D/G"),
        }),
        ctx.reports,
      ),
    ),
  },
];
