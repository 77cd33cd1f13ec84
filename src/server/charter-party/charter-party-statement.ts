/**
 * The charter-party statement (issue 33 item 4): what a chartering manager sends, defined once for the PDF and
 * the XLSX. Every figure is `voyageCpPerformance`'s, the function that answers the screen
 * (GET /api/voyages/:id/charter-party/performance): the statement computes nothing of its own but the
 * allowed speed and consumption, by the domain's own functions. Numbers stay numbers (the spreadsheet sums
 * them); a figure the method cannot give says why instead of being left blank.
 */
import type { CharterPartyPerformanceAnswer } from "../../contracts/charter-party";
import type { Voyage } from "../../contracts/voyages";
import {
  allowedMaxConsumption,
  allowedMinConsumption,
  allowedSpeedKn,
} from "../../domain/charter-party/terms";
import type { Db } from "../db/client";
import type { StatementRow, StatementSection, StatementValue } from "../reports/statements/statement-fields";
import { getShipProfile } from "../ships/ships.repository";
import { getVoyage } from "../voyages/voyages.repository";
import { voyageCpPerformance } from "./charter-party.service";

export const CP_STATEMENT_TITLE = "Charter-party performance statement";

export type CpStatementData = {
  ship: { name: string; imo: string };
  voyage: Voyage;
  performance: CharterPartyPerformanceAnswer;
  /** When the figures were computed: a voyage under way is judged up to this instant. */
  at: string;
};

/** The statement's data: 404 for another organisation's voyage, 409 when it has no terms (the service's). */
export async function loadCpStatement(
  db: Db,
  orgId: number,
  voyageId: number,
  now: Date,
): Promise<CpStatementData> {
  const performance = await voyageCpPerformance(db, orgId, voyageId, now);
  const voyage = await getVoyage(db, orgId, voyageId);
  const ship = await getShipProfile(db, orgId, voyage.shipId);
  return { ship: { name: ship.name, imo: ship.imoNumber }, voyage, performance, at: now.toISOString() };
}

/** Decimals per unit: hours and miles as the regulatory statements print them, speeds and rates to 0.01. */
export const CP_DIGITS: Record<string, number> = {
  h: 1,
  nm: 1,
  t: 2,
  kn: 2,
  "t/day": 2,
  "%": 1,
};

/** '2026-03-01 12:00' (UTC). */
export const utcMinute = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;

const STATUS_WORDS: Record<CharterPartyPerformanceAnswer["status"], string> = {
  on_warranty: "on warranty",
  at_risk: "at risk: within the 'about' allowances, short of the warranted figures",
  under_performing: "under-performing",
  insufficient_good_weather: "too little good weather for the method",
};
const BASIS_WORDS = { noon_reports: "noon-to-noon reports", sensor_days: "whole days of sensor records" };
const CONSUMER_WORDS = { main: "main engine", auxiliary: "auxiliary engines", boiler: "boilers" } as const;

const row = (field: string, value: StatementValue, unit = "", digits?: number): StatementRow => ({
  field,
  value,
  unit,
  source: "",
  ...(digits === undefined ? {} : { digits }),
});

function shipAndVoyage(d: CpStatementData): StatementSection {
  const v = d.voyage;
  return {
    title: "Ship and voyage",
    rows: [
      row("Ship", d.ship.name),
      row("IMO number", d.ship.imo),
      row("Voyage", v.voyageNumber),
      row("From", v.origin),
      row("To", v.destination),
      row("Departure", `${utcMinute(v.departureDate)} UTC`),
      row(
        "Arrival",
        v.arrivalDate ? `${utcMinute(v.arrivalDate)} UTC` : `under way (to ${utcMinute(d.at)} UTC)`,
      ),
      row("Periods from", BASIS_WORDS[d.performance.basis]),
    ],
  };
}

function terms(d: CpStatementData): StatementSection {
  const t = d.performance.terms;
  const gw = t.goodWeather;
  const money = `${t.currency}`;
  return {
    title: "Charter-party terms",
    rows: [
      row(
        "Terms",
        t.source === "voyage" ? "set on the voyage" : `the ship's default for ${t.condition} voyages`,
      ),
      row("Condition", t.condition),
      row("Warranted speed", t.speedKn, "kn"),
      row("Warranted consumption", t.consumptionTonnesPerDay, "t/day"),
      row("Consumption covers", t.consumers.map((c) => CONSUMER_WORDS[c]).join(", ")),
      row("'About' on speed", t.aboutSpeedKn, "kn"),
      row("'About' on consumption", t.aboutConsumptionPercent, "%"),
      row("Speed allowed (warranted − about)", allowedSpeedKn(t), "kn"),
      row("Consumption allowed (warranted + about)", allowedMaxConsumption(t), "t/day"),
      row("Consumption below which fuel is saved", allowedMinConsumption(t), "t/day"),
      row("Good weather: wind up to", gw.maxBeaufort, "Beaufort", 0),
      row("Good weather: sea up to", gw.maxDouglas, "Douglas", 0),
      row(
        "Good weather: waves up to",
        gw.maxWaveHeightM ?? "no limit",
        gw.maxWaveHeightM === null ? "" : "m",
        1,
      ),
      row(
        "Good weather: adverse current up to",
        gw.maxAdverseCurrentKn ?? "not excluded",
        gw.maxAdverseCurrentKn === null ? "" : "kn",
      ),
      row("Good weather judged on", gw.wholeDay ? "every hour of the day" : "the day's mean"),
      row("Least good weather", t.minGoodWeatherHours, "h"),
      row("Least good weather, share of sea time", t.minGoodWeatherShare * 100, "%"),
      row("Hire rate", t.hireRatePerDay ?? "not set", t.hireRatePerDay === null ? "" : `${money}/day`, 2),
      row(
        "Bunker price",
        t.bunkerPricePerTonne ?? "not set",
        t.bunkerPricePerTonne === null ? "" : `${money}/t`,
        2,
      ),
      row("Rule applied", t.rule),
    ],
  };
}

/** Why a figure is missing: the first reason the method gave, else a plain 'no figure'. */
function reasonFor(d: CpStatementData, pattern: RegExp, fallback: string): string {
  return d.performance.reasons.find((r) => pattern.test(r)) ?? d.performance.reasons[0] ?? fallback;
}

function goodWeatherMethod(d: CpStatementData): StatementSection {
  const p = d.performance;
  const g = p.goodWeather;
  const orWhy = (value: number | null) =>
    value ?? reasonFor(d, /good weather|sea passage/i, "no figure: the method could not be applied");
  return {
    title: "Good-weather method",
    rows: [
      row("Good-weather days", g.days, "", 0),
      row("Good-weather hours", g.hours, "h"),
      row("Good-weather distance", g.distanceNm, "nm"),
      row("Good-weather speed", g.speedKn ?? "no good-weather day", g.speedKn === null ? "" : "kn"),
      row(
        "Good-weather consumption",
        g.consumptionTonnesPerDay ?? "no good-weather day",
        g.consumptionTonnesPerDay === null ? "" : "t/day",
      ),
      row("Covered voyage: sea time", p.voyage.seaHours, "h"),
      row("Covered voyage: distance", p.voyage.distanceNm, "nm"),
      row("Time lost", orWhy(p.timeLostHours), p.timeLostHours === null ? "" : "h"),
      row("Over-consumption", orWhy(p.overConsumptionTonnes), p.overConsumptionTonnes === null ? "" : "t"),
      row("Under-consumption", orWhy(p.underConsumptionTonnes), p.underConsumptionTonnes === null ? "" : "t"),
      ...p.byGrade.flatMap((b) => [
        row(`${b.grade}: warranted`, b.warrantedTonnesPerDay, "t/day"),
        row(`${b.grade}: good-weather consumption`, b.goodWeatherTonnesPerDay, "t/day"),
        row(`${b.grade}: over-consumption`, b.overConsumptionTonnes, "t"),
        row(`${b.grade}: under-consumption`, b.underConsumptionTonnes, "t"),
      ]),
      row("Result", STATUS_WORDS[p.status]),
    ],
  };
}

function claim(d: CpStatementData): StatementSection {
  const c = d.performance.claim;
  if (c === null)
    return {
      title: "Claim",
      rows: [row("Claim", `not valued: ${reasonFor(d, /^Set the|good weather|sea passage/i, "no figure")}`)],
    };
  return {
    title: "Claim",
    rows: [
      row("Hire for the time lost", c.hire, c.currency, 2),
      row("Fuel over-consumed", c.fuel, c.currency, 2),
      row("Claim total", c.total, c.currency, 2),
    ],
  };
}

function weatherCorrected(d: CpStatementData): StatementSection {
  const w = d.performance.weatherCorrected;
  if (w === null)
    return {
      title: "Weather-corrected method (ISO 15016), beside",
      rows: [
        row("Weather-corrected method", `no figure: ${reasonFor(d, /weather-corrected/i, "not computed")}`),
      ],
    };
  return {
    title: "Weather-corrected method (ISO 15016), beside",
    rows: [
      row("Days corrected", w.days, "", 0),
      row("Hours corrected", w.hours, "h"),
      row("Calm-water speed", w.speedKn, "kn"),
      row("Calm-water consumption", w.consumptionTonnesPerDay, "t/day"),
      row("Time lost (weather-corrected)", w.timeLostHours, "h"),
      row("Over-consumption (weather-corrected)", w.overConsumptionTonnes, "t"),
      row("Under-consumption (weather-corrected)", w.underConsumptionTonnes, "t"),
    ],
  };
}

function notes(d: CpStatementData): StatementSection {
  const reasons = d.performance.reasons;
  return {
    title: "Notes",
    rows: reasons.length === 0 ? [row("Note", "none")] : reasons.map((r) => row("Note", r)),
  };
}

/** The summary's sections, in the order both files print them. */
export function cpStatementSections(d: CpStatementData): StatementSection[] {
  return [shipAndVoyage(d), terms(d), goodWeatherMethod(d), claim(d), weatherCorrected(d), notes(d)];
}

export type CpDayRow = CharterPartyPerformanceAnswer["days"][number];
/** One column of the day-by-day table: its header with the unit, and the cell of a day. */
export type CpDayColumn = {
  header: string;
  /**
   * Width on the PDF's A4 page, points (the columns fill its 495 pt: each header word and each figure fits on
   * a line at 8 pt, an instant on two); null: the XLSX only (the PDF's reason says it: 'not a sea passage',
   * 'stoppage: steamed 20.0 of 24.0 h').
   */
  pdfWidth: number | null;
  align?: "left" | "right" | "center";
  digits?: number;
  /** The cell is an instant (ISO 8601): the PDF prints it to the minute, the XLSX writes an Excel date. */
  instant?: boolean;
  cell: (day: CpDayRow) => number | string | null;
};

const yesNo = (b: boolean) => (b ? "yes" : "no");
const figure = (
  header: string,
  pdfWidth: number | null,
  digits: number,
  cell: CpDayColumn["cell"],
): CpDayColumn => ({
  header,
  pdfWidth,
  align: "right",
  digits,
  cell,
});

/** The day-by-day table's columns, for both files. 'Fuel' is the consumption of the warranted consumers. */
export const CP_DAY_COLUMNS: readonly CpDayColumn[] = [
  { header: "From (UTC)", pdfWidth: 53, instant: true, cell: (d) => d.from },
  { header: "To (UTC)", pdfWidth: 53, instant: true, cell: (d) => d.to },
  figure("Hours (h)", 33, 1, (d) => d.hours),
  figure("Steaming (h)", null, 1, (d) => d.steamingHours),
  figure("Distance (nm)", 46, 1, (d) => d.distanceNm),
  figure("Speed (kn)", 34, 2, (d) => d.speedKn),
  figure("Fuel (t)", 39, 2, (d) => d.consumptionTonnes),
  // forces, degrees and yes/no centred: a figure right-aligned beside a word left-aligned runs into it
  { ...figure("Beaufort", 46, 0, (d) => d.beaufort), align: "center" },
  { ...figure("Douglas", 43, 0, (d) => d.douglas), align: "center" },
  { header: "Sea passage", pdfWidth: null, cell: (d) => yesNo(d.covered) },
  { header: "Good weather", pdfWidth: 44, align: "center", cell: (d) => yesNo(d.goodWeather) },
  { header: "Reason", pdfWidth: 104, cell: (d) => d.reason },
];
