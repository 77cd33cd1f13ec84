/**
 * Report columns the layouts share: the same quantity under each layout's own heading, rounded as reporting
 * systems round it. Every value comes from the report's ground truth (src/simulator/noon-reports.ts).
 */
import { beaufortForceFromKnots } from "../../src/domain/weather/beaufort";
import type { NoonConsumer, NoonReport, NoonReportType } from "../../src/simulator/noon-reports";
import { compass, degMin } from "../../src/simulator/noon-reports";
import type { Vessel } from "../../src/simulator/vessel";
import { type Cell, type Column, round } from "./grid";

type Head = string | readonly string[];
const h = (head: Head) => (typeof head === "string" ? [head] : head);
export const column = (head: Head, value: (r: NoonReport, n: number) => Cell, unit?: string): Column => ({
  head: h(head),
  value,
  ...(unit === undefined ? {} : { unit }),
});

/** Report types as vendors write them. */
export const REPORT_TYPES: Record<string, Record<NoonReportType, string>> = {
  plain: {
    Noon: "Noon",
    COSP: "COSP",
    EOSP: "EOSP",
    Anchor: "Anchor",
    Drifting: "Drifting",
    "In Port": "In Port",
    Bunkering: "Bunkering",
  },
  upper: {
    Noon: "NOON",
    COSP: "COSP",
    EOSP: "EOSP",
    Anchor: "ANCHORED",
    Drifting: "DRIFTING",
    "In Port": "IN PORT",
    Bunkering: "BUNKERING",
  },
  passage: {
    Noon: "Noon at Sea",
    COSP: "Departure",
    EOSP: "Arrival",
    Anchor: "At Anchor",
    Drifting: "Drifting",
    "In Port": "Noon in Port",
    Bunkering: "Bunkering",
  },
};

export const vesselCol = (v: Vessel, head: Head = "Vessel") => column(head, () => v.name);
export const imoCol = (v: Vessel, head: Head = "IMO No.") => column(head, () => v.imoNumber);
export const typeCol = (head: Head = "Report Type", words = REPORT_TYPES.plain!) =>
  column(head, (r) => words[r.type]);
export const fuelCol = (head: Head, consumer: NoonConsumer, grade: string, unit?: string, d = 2) =>
  column(head, (r) => round(r.fuel[consumer][grade] ?? 0, d), unit);
export const robCol = (head: Head, grade: string, unit?: string) =>
  column(head, (r) => round(r.rob[grade] ?? 0, 1), unit);
export const steamingCol = (head: Head, unit?: string) =>
  column(head, (r) => round(r.steamingHours, 1), unit);
export const distanceCol = (head: Head, unit?: string, d = 1) =>
  column(head, (r) => round(r.distanceOverGroundNm, d), unit);
export const speedCol = (head: Head, unit?: string) =>
  column(head, (r) => (r.steamingHours > 0 ? round(r.distanceOverGroundNm / r.steamingHours, 1) : 0), unit);
export const latCol = (head: Head = "Latitude") => column(head, (r) => degMin(r.env.lat, "lat"));
export const lonCol = (head: Head = "Longitude") => column(head, (r) => degMin(r.env.lon, "lon"));
export const windCol = (head: Head = "Wind Force (Bft)") =>
  column(head, (r) => beaufortForceFromKnots(r.env.windSpeed));
export const windDirCol = (head: Head = "Wind Dir") => column(head, (r) => compass(r.env.windDirection));
export const portCol = (head: Head = "Port") => column(head, (r) => r.port);
export const remarksCol = (head: Head = "Remarks") =>
  column(head, (r) =>
    r.type === "Bunkering"
      ? "Bunkers received alongside"
      : r.clockChange !== 0
        ? `Clocks ${r.clockChange > 0 ? "advanced" : "retarded"} ${Math.abs(r.clockChange)} h`
        : null,
  );

/** Fuel columns of both consumers, `label(consumer, grade)` naming each ('ME Cons VLSFO'). */
export function fuelCols(
  naming: { main: string[]; auxiliary: string[] },
  label: (consumer: "ME" | "AE", grade: string) => Head,
  unit?: string,
): Column[] {
  return [
    ...naming.main.map((g) => fuelCol(label("ME", g), "main", g, unit)),
    ...naming.auxiliary.map((g) => fuelCol(label("AE", g), "auxiliary", g, unit)),
  ];
}

/** Remaining on board per tank grade, `label(grade)` naming each. */
export const robCols = (tanks: Record<string, number>, label: (grade: string) => Head, unit?: string) =>
  Object.keys(tanks).map((g) => robCol(label(g), g, unit));
