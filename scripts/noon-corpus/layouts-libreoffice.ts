/** Corpus layouts written by LibreOffice Calc: flat ODS documents converted by soffice, and one CSV import. */
import {
  column,
  distanceCol,
  fuelCol,
  fuelCols,
  portCol,
  REPORT_TYPES,
  robCols,
  steamingCol,
} from "./columns";
import {
  type Cell,
  type Column,
  date,
  datetime,
  duration,
  localDay,
  localHours,
  localMs,
  offsetText,
  table,
  textDate,
  time,
} from "./grid";
import { type Layout, type LayoutContext, type StandardParts, standardColumns } from "./layout";
import { HSFO_THEN_VLSFO, STANDARD } from "./naming";

const utc = (head = "Report Time (UTC)", format = "dd/mm/yyyy hh:mm") =>
  column(head, (r) => datetime(r.ms, format));
const localDate = (head = "Date", format = "dd/mm/yyyy") => column(head, (r) => date(localDay(r), format));
const localTime = (head = "Time (LT)") => column(head, (r) => time(localHours(r), "hh:mm"));
const offsetNumber = (head = "UTC Offset") => column(head, (r) => r.utcOffset);

const lo = (
  convertTo: "xlsx" | "xls" | "ods",
  build: (ctx: LayoutContext) => ReturnType<typeof table>[],
) => ({
  build: (ctx: LayoutContext) => ({ program: "libreoffice" as const, book: build(ctx), convertTo }),
});

/** One 'Noon Reports' sheet with UTC datetime cells and the usual columns, `parts` varying some of them. */
const utcSheet = (parts: (ctx: LayoutContext) => Partial<StandardParts> = () => ({})) =>
  lo("xlsx", (ctx) => [
    table("Noon Reports", standardColumns(ctx, { time: [utc()], ...parts(ctx) }), ctx.reports),
  ]);

/** A heading's bracketed unit moved to the units row: 'Avg Speed (kn)' → 'Avg Speed' over '(kn)'. */
function unitToRow(c: Column): Column {
  const m = /^(.*) (\([^)]+\))$/.exec(c.head[0]!);
  return m ? { ...c, head: [m[1]!], unit: m[2]! } : c;
}

/** HSFO column of zeros before the VLSFO the ship burns, as a vendor template with both grades has it. */
function hsfoZeroFuel(ctx: LayoutContext) {
  return [column("ME Cons HSFO (MT)", () => 0), ...fuelCols(ctx.naming, (c, g) => `${c} Cons ${g} (MT)`)];
}

export const LIBREOFFICE_LAYOUTS: Layout[] = [
  {
    file: "lo-date-and-time-cells.xlsx",
    program: "LibreOffice 7.4 .xlsx",
    exercises:
      "a `Date` column of date cells and a `Time (LT)` column of time cells (what Calc makes of '2025-01-01' and '12:00'), with a numeric `UTC Offset` column",
    naming: STANDARD,
    ...lo("xlsx", (ctx) => [
      table(
        "Noon Reports",
        standardColumns(ctx, { time: [localDate(), localTime(), offsetNumber()] }),
        ctx.reports,
      ),
    ]),
  },
  {
    file: "lo-hsfo-zero-column.xlsx",
    program: "LibreOffice 7.4 .xlsx",
    exercises:
      "one fuel column per consumer and grade with two grades of one class side by side: 'ME Cons HSFO' all zeros, then 'ME Cons VLSFO' holding the fuel",
    naming: STANDARD,
    ...utcSheet((ctx) => ({ fuel: hsfoZeroFuel(ctx) })),
  },
  {
    file: "lo-hsfo-then-vlsfo.xlsx",
    program: "LibreOffice 7.4 .xlsx",
    exercises:
      "HSFO burnt January to April and VLSFO after: both residual columns carry fuel, both ROB columns stock",
    naming: HSFO_THEN_VLSFO,
    ...utcSheet(),
  },
  {
    file: "lo-units-row.xlsx",
    program: "LibreOffice 7.4 .xlsx",
    exercises: "units in a row under the header ('(hrs)', '(NM)', '(MT)') instead of in the header",
    naming: STANDARD,
    ...lo("xlsx", (ctx) => [
      table(
        "Noon Reports",
        standardColumns(ctx, {
          time: [utc("UTC Date/Time")],
          steaming: steamingCol("Steaming Time", "(hrs)"),
          distance: distanceCol("Distance", "(NM)"),
          fuel: fuelCols(ctx.naming, (c, g) => `${c} ${g} Cons`, "(MT)"),
          rob: robCols(ctx.naming.tanks, (g) => `ROB ${g}`, "(MT)"),
        }).map(unitToRow),
        ctx.reports,
        { unitsRow: true },
      ),
    ]),
  },
  {
    file: "lo-two-row-header.xlsx",
    program: "LibreOffice 7.4 .xlsx",
    exercises:
      "headers over two rows with merged group cells ('ME Consumption (MT)' over 'VLSFO', 'LSMGO'; 'ROB (MT)' over the grades)",
    naming: STANDARD,
    ...lo("xlsx", (ctx) => [
      table(
        "Noon Reports",
        standardColumns(ctx, {
          time: [utc("Date/Time (UTC)")],
          steaming: steamingCol(["Navigation", "Steaming Hrs"]),
          distance: distanceCol(["Navigation", "Distance (nm)"]),
          fuel: [
            ...ctx.naming.main.map((g) => fuelCol(["ME Consumption (MT)", g], "main", g)),
            ...ctx.naming.auxiliary.map((g) => fuelCol(["AE Consumption (MT)", g], "auxiliary", g)),
          ],
          rob: robCols(ctx.naming.tanks, (g) => ["ROB (MT)", g]),
        }),
        ctx.reports,
      ),
    ]),
  },
  {
    file: "lo-three-row-header.xlsx",
    program: "LibreOffice 7.4 .xlsx",
    exercises:
      "headers over three rows with merged group cells: 'Consumption (MT)' over 'M/E' over 'VLSFO'; single headings merged down the three rows",
    naming: STANDARD,
    ...lo("xlsx", (ctx) => [
      table(
        "Noon Reports",
        standardColumns(ctx, {
          time: [utc("Date/Time (UTC)")],
          fuel: [
            ...ctx.naming.main.map((g) => fuelCol(["Consumption (MT)", "M/E", g], "main", g)),
            ...ctx.naming.auxiliary.map((g) => fuelCol(["Consumption (MT)", "A/E", g], "auxiliary", g)),
          ],
          rob: robCols(ctx.naming.tanks, (g) => ["ROB (MT)", g]),
        }),
        ctx.reports,
        { preamble: [[`M/V ${ctx.vessel.name} - Noon Report Summary 2025`], []] },
      ),
    ]),
  },
  {
    file: "lo-steaming-time-cells.xlsx",
    program: "LibreOffice 7.4 .xlsx",
    exercises:
      "steaming time as time cells (format HH:MM; a 25 h day is the value 1.0417, shown 01:00), beside the date and time of the report",
    naming: STANDARD,
    ...utcSheet(() => ({ steaming: column("Steaming Time", (r) => time(r.steamingHours, "hh:mm")) })),
  },
  {
    file: "lo-steaming-duration-cells.xlsx",
    program: "LibreOffice 7.4 .xlsx",
    exercises: "'Hrs Steaming' as duration cells ([HH]:MM, '25:00' on a day the clocks went back)",
    naming: STANDARD,
    ...utcSheet(() => ({ steaming: column("Hrs Steaming", (r) => duration(r.steamingHours, "[hh]:mm")) })),
  },
  {
    file: "lo-dd-mmm-yy-date-cells.xlsx",
    program: "LibreOffice 7.4 .xlsx",
    exercises:
      "date cells shown 'dd-MMM-yy' ('01-Jan-25'), a 'Time' text column and a 'Zone' column in GMT±n",
    naming: STANDARD,
    ...lo("xlsx", (ctx) => [
      table(
        "Noon Reports",
        standardColumns(ctx, {
          time: [
            localDate("Date", "dd-mmm-yy"),
            column("Time", (r) => textDate(localMs(r), "hh:mm")),
            column("Zone", (r) => offsetText(r.utcOffset, "GMT")),
          ],
        }),
        ctx.reports,
      ),
    ]),
  },
  {
    file: "lo-cover-sheet.xlsx",
    program: "LibreOffice 7.4 .xlsx",
    exercises:
      "a workbook whose first sheet is a cover page (title, vessel particulars) and the reports on the second",
    naming: STANDARD,
    ...lo("xlsx", (ctx) => {
      const p = ctx.vessel.particulars;
      const cover: Cell[][] = [
        ["NOON REPORT LOG 2025"],
        [],
        ["Vessel", ctx.vessel.name],
        ["IMO Number", ctx.vessel.imoNumber],
        ["Type", "Bulk Carrier"],
        ["Deadweight (t)", p.deadweightT],
        ["Gross Tonnage", p.grossTonnage],
        ["Main Engine MCR (kW)", p.mcrKw],
        ["Year Built", p.yearBuilt],
        [],
        ["Period", "31/12/2024 - 31/12/2025"],
        ["Prepared by", "Chief Officer"],
      ];
      return [
        { name: "Cover", rows: cover, merges: [] },
        table("Noon Reports", standardColumns(ctx, { time: [utc()] }), ctx.reports),
      ];
    }),
  },
  {
    file: "lo-workbook.ods",
    program: "LibreOffice 7.4 .ods",
    exercises: "an OpenDocument workbook: date cells, a 'Time (LT)' text column, the offset as '+8'",
    naming: STANDARD,
    ...lo("ods", (ctx) => [
      table(
        "Noon Reports",
        standardColumns(ctx, {
          time: [
            localDate(),
            column("Time (LT)", (r) => textDate(localMs(r), "hh:mm")),
            column("UTC Offset", (r) => offsetText(r.utcOffset, "sign")),
          ],
          extra: [portCol()],
        }),
        ctx.reports,
        { blankBetweenMonths: true },
      ),
    ]),
  },
  {
    file: "lo-datetime-cells.xls",
    program: "LibreOffice 7.4 .xls (BIFF8)",
    exercises: "an .xls workbook with UTC datetime cells (already read right; must keep working)",
    naming: STANDARD,
    ...lo("xls", (ctx) => [
      table("Noon Reports", standardColumns(ctx, { time: [utc("Report Time (UTC)")] }), ctx.reports),
    ]),
  },
  {
    file: "lo-local-datetime-utc-notation.xlsx",
    program: "LibreOffice 7.4 .xlsx",
    exercises:
      "local datetime cells with a 'Time Zone' column written 'UTC+8' (a notation already read right; must keep working)",
    naming: STANDARD,
    ...lo("xlsx", (ctx) => [
      table(
        "Noon Reports",
        standardColumns(ctx, {
          time: [
            column("Local Date/Time", (r) => datetime(localMs(r), "yyyy-mm-dd hh:mm")),
            column("Time Zone", (r) => offsetText(r.utcOffset, "UTC")),
          ],
          types: REPORT_TYPES.upper,
        }),
        ctx.reports,
      ),
    ]),
  },
  {
    file: "lo-dotted-date-cells.xls",
    program: "LibreOffice 7.4 .xls (BIFF8)",
    exercises: "date cells shown dd.mm.yyyy (a German office's sheet) with a UTC time text column, in .xls",
    naming: STANDARD,
    ...lo("xls", (ctx) => [
      table(
        "Noon Reports",
        standardColumns(ctx, {
          time: [
            column("Date (UTC)", (r) => date(Math.floor(r.ms / 86_400_000) * 86_400_000, "dd.mm.yyyy")),
            column("Time (UTC)", (r) => textDate(r.ms, "hh:mm")),
          ],
        }),
        ctx.reports,
      ),
    ]),
  },
  {
    file: "lo-csv-import-us-dates.xlsx",
    program: "LibreOffice 7.4 .xlsx from a CSV (`--infilter`, English (USA))",
    exercises:
      "a US CSV opened in Calc and saved: 'MM/DD/YYYY' and 'hh:mm' texts turned into date and time cells by Calc's own detection",
    naming: STANDARD,
    build: (ctx) => ({
      program: "libreoffice-csv",
      infilter: "CSV:44,34,76,1,,1033,false,true",
      csv: { separator: ",", encoding: "utf8" },
      sheet: table(
        "Sheet1",
        standardColumns(ctx, {
          time: [
            column("Date", (r) => textDate(r.ms, "MM/DD/YYYY")),
            column("Time (UTC)", (r) => textDate(r.ms, "hh:mm")),
          ],
        }),
        ctx.reports,
      ),
    }),
  },
];
