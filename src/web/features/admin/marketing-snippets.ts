/**
 * The /admin panel's marketing snippets (spec §2, unlocked view; issue 35 item 6): copyable sentences of the
 * organisation's own figures from GET /api/fleet/highlights, each with the date of the newest data it rests
 * on. A figure the data cannot give is not written as a sentence: it is listed with the reason and the fix.
 */
import type { FleetHighlights } from "../../../contracts/fleet";
import { CII_RATINGS } from "../../../domain/cii/rating";
import { formatNumber } from "../../lib/format";

export type Snippet = { id: "ships" | "cii" | "co2"; label: string; text: string };
export type MissingSnippet = { id: Snippet["id"]; label: string; reason: string };

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** '2 December 2026' (UTC): a date a reader outside shipping reads at once. */
export function longDate(iso: string): string {
  const d = new Date(iso);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

const ships = (n: number) => `${formatNumber(n, 0)} ${n === 1 ? "ship" : "ships"}`;

function shipsSnippet(h: FleetHighlights): Snippet | MissingSnippet {
  const label = "Ships monitored";
  const { total, reporting, newestRecordAt } = h.ships;
  if (total === 0)
    return { id: "ships", label, reason: "No ships yet: add your first ship in Data Input & Tools." };
  if (reporting === 0 || newestRecordAt === null)
    return {
      id: "ships",
      label,
      reason: `None of your ${ships(total)} has data yet: upload noon reports or add records first.`,
    };
  const asOf = longDate(newestRecordAt);
  const text =
    reporting === total
      ? `Our fleet of ${ships(total)} is monitored with Sextant (data to ${asOf}).`
      : `${formatNumber(reporting, 0)} of our ${ships(total)} are monitored with Sextant (data to ${asOf}).`;
  return { id: "ships", label, text };
}

function ciiSnippet(h: FleetHighlights): Snippet | MissingSnippet {
  const { year, rated, compliant, ratings, unrated, dataTo } = h.cii;
  const label = `CII ratings ${year}`;
  if (rated === 0 || dataTo === null)
    return {
      id: "cii",
      label,
      reason: `No ship has a CII rating for ${year} yet: it needs this year's fuel and distance, and the ship's deadweight or gross tonnage.`,
    };
  const breakdown = CII_RATINGS.filter((r) => ratings[r] > 0)
    .map((r) => `${r}: ${formatNumber(ratings[r], 0)}`)
    .join(", ");
  const whom = unrated.length === 0 ? `our ${ships(rated)}` : `the ${ships(rated)} rated so far`;
  const text =
    `${formatNumber(compliant, 0)} of ${whom} rated A–C on the IMO Carbon Intensity Indicator for ${year} ` +
    `year to date (${breakdown}; data to ${longDate(dataTo)}).`;
  return { id: "cii", label, text };
}

function co2Snippet(h: FleetHighlights): Snippet | MissingSnippet {
  const { year, tonnes, dataTo, ships: perShip } = h.co2;
  const label = `CO₂ ${year}`;
  if (dataTo === null)
    return {
      id: "co2",
      label,
      reason: `No fuel records in ${year} yet: the CO₂ of the year appears once fuel is recorded.`,
    };
  const emitting = perShip.filter((s) => s.tonnes > 0).length;
  const text =
    `CO₂ emitted by our fleet in ${year}: ${formatNumber(tonnes, 0)} t from 1 January to ${longDate(dataTo)} ` +
    `(${ships(emitting)}, IMO DCS / EU MRV emission factors).`;
  return { id: "co2", label, text };
}

export function marketingSnippets(h: FleetHighlights): { snippets: Snippet[]; missing: MissingSnippet[] } {
  // Without ships the first step is to add one: the other figures' reasons would only repeat it.
  const all = h.ships.total === 0 ? [shipsSnippet(h)] : [shipsSnippet(h), ciiSnippet(h), co2Snippet(h)];
  return {
    snippets: all.filter((s): s is Snippet => "text" in s),
    missing: all.filter((s): s is MissingSnippet => "reason" in s),
  };
}

/**
 * What a reader of a snippet should know and the text leaves out: ships not rated yet, ships whose year has
 * days without records or fuel without a CO₂ factor, lines being recomputed.
 */
export function snippetNotes(h: FleetHighlights): string[] {
  const notes: string[] = [];
  if (h.cii.rated > 0 && h.cii.unrated.length > 0)
    notes.push(`Not rated for ${h.cii.year} yet: ${h.cii.unrated.map((s) => s.name).join(", ")}.`);
  if (h.cii.stale) notes.push("A ship's CII is being computed again after newer data; reload in a minute.");
  const gaps = (kind: string) => h.co2.ships.filter((s) => s.gaps.includes(kind)).map((s) => s.name);
  const withoutDays = gaps("days without records");
  if (h.co2.dataTo !== null && withoutDays.length > 0)
    notes.push(
      `The CO₂ covers the recorded days only: ${withoutDays.join(", ")} ${withoutDays.length === 1 ? "has" : "have"} days of ${h.co2.year} without records.`,
    );
  const withoutFactor = gaps("fuel type without CO2 factor");
  if (withoutFactor.length > 0)
    notes.push(`Fuel without a CO₂ factor is left out of the CO₂: ${withoutFactor.join(", ")}.`);
  return notes;
}
