/** Corpus layouts written as CSV text by hand, as fleet offices and reporting systems export them. */
import { beaufortForceFromKnots } from "../../src/domain/weather/beaufort";
import { degreesMinutes } from "../../src/simulator/noon-reports";
import { PORTS } from "../../src/simulator/ports";
import { column, distanceCol, fuelCol, fuelCols, robCol, steamingCol } from "./columns";
import { type Column, localMs, offsetText, round, type Sheet, table, textDate } from "./grid";
import { type Layout, type LayoutContext, standardColumns } from "./layout";
import { CLASSES, STANDARD } from "./naming";
import type { CsvOptions } from "./writers";

const COMMA: CsvOptions = { separator: ",", encoding: "utf8" };
const csv = (csvOptions: CsvOptions, build: (ctx: LayoutContext) => Sheet) => ({
  build: (ctx: LayoutContext) => ({ program: "csv" as const, sheet: build(ctx), csv: csvOptions }),
});
const text = (head: string, pattern: string, local = true) =>
  column(head, (r) => textDate(local ? localMs(r) : r.ms, pattern));
const sheet = (
  ctx: LayoutContext,
  time: Column[],
  more: Partial<Parameters<typeof standardColumns>[1]> = {},
) => table("csv", standardColumns(ctx, { time, ...more }), ctx.reports);

/** ISO 8601 local time with its offset: '2025-01-01T12:00:00+08:00'. */
const isoWithOffset = (ms: number, offset: number) =>
  `${textDate(ms, "YYYY-MM-DDThh:mm")}:00${offsetText(offset, "hh:mm")}`;

/** DNV OVD Log Abstract events for the report types (field list: /work/notes/ovd-fields.md). */
const OVD_EVENT: Record<string, string> = {
  Noon: "Noon (Position) - Sea passage",
  COSP: "Begin of sea passage",
  EOSP: "End of sea passage",
  Anchor: "Noon (Position) - Port",
  Drifting: "Noon (Position) - Port",
  "In Port": "Noon (Position) - Port",
  Bunkering: "Noon (Position) - Port",
};

/** OVD gives ports as UN/LOCODEs ('BRTUB'); the simulator's voyages name them ('Tubarão'). */
const locode = (name: string | undefined) => Object.values(PORTS).find((p) => p.name === name)?.code ?? null;

function ovdColumns(ctx: LayoutContext): Column[] {
  const pos = (axis: "lat" | "lon", part: "deg" | "min" | "hemi") =>
    column("", (r) => degreesMinutes(axis === "lat" ? r.env.lat : r.env.lon, axis)[part]);
  const named = (head: string, c: Column): Column => ({ ...c, head: [head] });
  return [
    column("IMO", () => ctx.vessel.imoNumber),
    text("Date_UTC", "YYYY-MM-DD", false),
    text("Time_UTC", "hh:mm", false),
    column("Event", (r) => OVD_EVENT[r.type]!),
    column("Time_Since_Previous_Report", (r) => round(r.periodHours, 2)),
    column("Time_Elapsed_Sailing", (r) => round(r.steamingHours, 2)),
    distanceCol("Distance", undefined, 2),
    named("Latitude_Degree", pos("lat", "deg")),
    named("Latitude_Minutes", pos("lat", "min")),
    named("Latitude_North_South", pos("lat", "hemi")),
    named("Longitude_Degree", pos("lon", "deg")),
    named("Longitude_Minutes", pos("lon", "min")),
    named("Longitude_East_West", pos("lon", "hemi")),
    column("Voyage_From", (r) => locode(r.voyage?.origin)),
    column("Voyage_To", (r) => locode(r.voyage?.destination)),
    column("Voyage_Number", (r) => r.voyage?.voyageNumber ?? null),
    column("Cargo_Mt", (r) => r.cargoTonnes),
    ...ctx.naming.main.map((g) => fuelCol(`ME_Consumption_${g}`, "main", g, undefined, 3)),
    ...ctx.naming.auxiliary.map((g) => fuelCol(`AE_Consumption_${g}`, "auxiliary", g, undefined, 3)),
    ...Object.keys(ctx.naming.tanks).map((g) => robCol(`${g}_ROB`, g)),
    column("Wind_Force_Bft", (r) => beaufortForceFromKnots(r.env.windSpeed)),
  ];
}

export const CSV_LAYOUTS: Layout[] = [
  {
    file: "csv-european.csv",
    program: "CSV by hand (';', decimal comma, Windows-1252)",
    exercises:
      "a European CSV: ';' separator, decimal comma, Windows-1252 with '°' in headers, dd.mm.yyyy dates and local time with a '+8' offset",
    naming: STANDARD,
    ...csv({ separator: ";", decimalComma: true, encoding: "windows-1252" }, (ctx) =>
      sheet(
        ctx,
        [
          text("Date", "DD.MM.YYYY"),
          text("Time (LT)", "hh:mm"),
          column("UTC Offset", (r) => offsetText(r.utcOffset, "sign")),
        ],
        {
          extra: [
            column("Air Temp (°C)", (r) => round(r.env.airTemperature, 1)),
            column("Sea Temp (°C)", (r) => round(r.env.seaTemperature, 1)),
          ],
        },
      ),
    ),
  },
  {
    file: "csv-utf8-bom-iso-offset.csv",
    program: "CSV by hand (UTF-8 with BOM)",
    exercises:
      "a UTF-8 CSV with a byte-order mark, ISO 8601 local times with their offset ('2025-01-01T12:00:00+08:00'), 'Distance Observed (nm)'",
    naming: STANDARD,
    ...csv({ separator: ",", encoding: "utf8-bom" }, (ctx) =>
      sheet(ctx, [column("Report Time", (r) => isoWithOffset(localMs(r), r.utcOffset))], {
        distance: distanceCol("Distance Observed (nm)"),
      }),
    ),
  },
  {
    file: "csv-tab-separated.tsv",
    program: "tab-separated text by hand",
    exercises: "a tab-separated file with dates written 'Jan 1, 2025' and a 'Time (UTC)' column",
    naming: STANDARD,
    ...csv({ separator: "\t", encoding: "utf8", lineEnd: "\n" }, (ctx) =>
      sheet(ctx, [text("Date", "MMM D, YYYY", false), text("Time (UTC)", "hh:mm", false)]),
    ),
  },
  {
    file: "csv-dd-mmm-yy.csv",
    program: "CSV by hand",
    exercises: "'dd-MMM-yy' text dates ('01-Jan-25') with 'Time (LT)' and a 'UTC Offset' column",
    naming: STANDARD,
    ...csv(COMMA, (ctx) =>
      sheet(ctx, [
        text("Date", "DD-MMM-YY"),
        text("Time (LT)", "hh:mm"),
        column("UTC Offset", (r) => offsetText(r.utcOffset, "sign")),
      ]),
    ),
  },
  {
    file: "csv-us-dates.csv",
    program: "CSV by hand",
    exercises: "US month/day order ('01/02/2025' is 2 January) as text, with UTC times",
    naming: STANDARD,
    ...csv(COMMA, (ctx) =>
      sheet(ctx, [text("Date", "MM/DD/YYYY", false), text("Time (UTC)", "hh:mm", false)]),
    ),
  },
  {
    file: "csv-utc-notation.csv",
    program: "CSV by hand",
    exercises:
      "dd/mm/yyyy dates, local time and a 'Time Zone' column in UTC±n (a notation that works; must keep working)",
    naming: STANDARD,
    ...csv(COMMA, (ctx) =>
      sheet(ctx, [
        text("Date", "DD/MM/YYYY"),
        text("Local Time", "hh:mm"),
        column("Time Zone", (r) => offsetText(r.utcOffset, "UTC")),
      ]),
    ),
  },
  {
    file: "csv-gmt-notation.csv",
    program: "CSV by hand",
    exercises: "dd/mm/yyyy hh:mm local times in one 'Date/Time (LT)' column with a 'Zone' column in GMT±n",
    naming: STANDARD,
    ...csv(COMMA, (ctx) =>
      sheet(ctx, [
        text("Date/Time (LT)", "DD/MM/YYYY hh:mm"),
        column("Zone", (r) => offsetText(r.utcOffset, "GMT")),
      ]),
    ),
  },
  {
    file: "csv-utc-times.csv",
    program: "CSV by hand",
    exercises:
      "the plainest export: 'UTC Time' as 'YYYY-MM-DD hh:mm', 'Steaming hrs', 'Dist. OG (nm)', 'ME VLSFO cons (t)' (must keep working)",
    naming: STANDARD,
    ...csv(COMMA, (ctx) =>
      sheet(ctx, [text("UTC Time", "YYYY-MM-DD hh:mm", false)], {
        steaming: steamingCol("Steaming hrs"),
        distance: distanceCol("Dist. OG (nm)"),
        fuel: fuelCols(ctx.naming, (c, g) => `${c} ${g} cons (t)`),
      }),
    ),
  },
  {
    file: "csv-dnv-ovd-log-abstract.csv",
    program: "CSV by hand (DNV OVD Log Abstract columns)",
    exercises:
      "DNV's Operational Vessel Data Log Abstract: its own column names (Date_UTC, Time_UTC, Event, Time_Since_Previous_Report, Distance, ME_Consumption_HFO…), fuel by class",
    naming: CLASSES,
    ...csv(COMMA, (ctx) => table("ovd", ovdColumns(ctx), ctx.reports)),
  },
];
