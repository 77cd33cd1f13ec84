/**
 * The figures the /admin panel's marketing snippets quote (issue 35 item 6), from the functions that show them
 * elsewhere (one figure, one function): the ships and their CII ratings of the year so far from the fleet
 * page's lines (the compliance section's CII year to date), the CO2 of the year so far as the sum of each
 * ship's annual figure (the IMO DCS / EU MRV panel's). Each figure carries the date of the newest data in it.
 */
import type { AnnualFigures } from "../../contracts/analysis/annual-figures";
import type { FleetHighlights, FleetResponse } from "../../contracts/fleet";
import { CII_RATINGS, complianceStatus } from "../../domain/cii/rating";
import { complianceYearWindow } from "../../domain/regulation/compliance-year";
import { annualFigures } from "../analysis/compliance/annual-figures";
import { ShipMemo, shipVersions } from "../cache/ship-memo";
import type { Db } from "../db/client";
import { mapLimited } from "../db/map-limited";
import { newestFuelRecords } from "../metrics/newest-fuel-record";

/** Ships whose annual figures are read at once (each takes a few connections of the pool's ten). */
const ANNUAL_CONCURRENCY = 2;

const newest = (dates: (string | null)[]): string | null =>
  dates.reduce<string | null>(
    (a, d) => (d !== null && (a === null || Date.parse(d) > Date.parse(a)) ? d : a),
    null,
  );

/** How long a ship's annual figures serve while its data version holds (the year's window ends 'now'). */
const ANNUAL_FIGURES_MAX_AGE_MS = 60_000;

/**
 * The annual figures of `year` of the fleet's ships, each kept while its data version holds
 * (cache/ship-memo.ts): measured at 1,000 ships, ~14–35 ms a ship, 14–35 s for the panel computed whole.
 */
const annualMemo = new ShipMemo<AnnualFigures>(ANNUAL_FIGURES_MAX_AGE_MS);

async function annualFiguresOf(db: Db, orgId: number, shipIds: number[], year: number, now: Date) {
  const known = await shipVersions(db, orgId, shipIds);
  // the year is part of the version (last year's figure is not served past the turn); a ship of the answer
  // deleted since has no version row: computed each time, as before, never left out
  const versions = new Map(shipIds.map((id) => [id, `${known.get(id) ?? "gone"}:${year}`] as const));
  return annualMemo.values(db, orgId, versions, now.getTime(), async (ids) => {
    const ships = ids ?? shipIds; // ids of the ships to compute (null only when asked for the whole organisation)
    const figures = await mapLimited(ships, ANNUAL_CONCURRENCY, (id) =>
      annualFigures(db, orgId, id, year, now),
    );
    return new Map(ships.map((id, i) => [id, figures[i]!]));
  });
}

export async function readFleetHighlights(
  db: Db,
  orgId: number,
  fleet: FleetResponse,
  now: Date,
): Promise<FleetHighlights> {
  const year = now.getUTCFullYear();
  const w = complianceYearWindow(year, now.getTime());
  const [from, to] = [new Date(w.fromMs), new Date(w.endMs)];
  const [annual, lastFuel] = await Promise.all([
    annualFiguresOf(
      db,
      orgId,
      fleet.ships.map((s) => s.id),
      year,
      now,
    ),
    newestFuelRecords(db, orgId, from, to),
  ]);

  // A line computed last year still carries last year's CII: only this year's rating counts.
  const rated = fleet.ships.filter((s) => s.cii?.year === year && s.cii.rating !== null);
  const ratings = Object.fromEntries(
    CII_RATINGS.map((r) => [r, rated.filter((s) => s.cii!.rating === r).length]),
  ) as FleetHighlights["cii"]["ratings"];
  const lastFuelDates = [...lastFuel.values()].map((d) => d.toISOString());

  return {
    year,
    ships: {
      total: fleet.ships.length,
      reporting: fleet.ships.filter((s) => s.lastSeenAt !== null).length,
      newestRecordAt: newest(fleet.ships.map((s) => s.lastSeenAt)),
    },
    cii: {
      year,
      ratings,
      rated: rated.length,
      compliant: rated.filter((s) => complianceStatus(s.cii!.rating!) === "Compliant").length,
      unrated: fleet.ships.filter((s) => !rated.includes(s)).map((s) => ({ shipId: s.id, name: s.name })),
      dataTo: newest(rated.map((s) => s.lastSeenAt)),
      stale: rated.some((s) => s.stale),
    },
    co2: {
      year,
      tonnes: annual.reduce((sum, a) => sum + a.co2Tonnes, 0),
      from: from.toISOString().slice(0, 10),
      dataTo: newest(lastFuelDates),
      ships: fleet.ships.map((s, i) => ({
        shipId: s.id,
        name: s.name,
        tonnes: annual[i]!.co2Tonnes,
        gaps: annual[i]!.gaps.map((g) => g.kind),
      })),
    },
    computedAt: now.toISOString(),
  };
}
