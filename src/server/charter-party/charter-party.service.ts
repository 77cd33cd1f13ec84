/**
 * Charter-party performance of a voyage (issue 33): the terms that apply (the voyage's own, else the ship's
 * default for the voyage's condition), the periods from the stored records, and the domain's two methods.
 * The screen, the statement (PDF and XLSX) and the fleet page's column read this one function.
 */

import type { CharterPartyPerformanceAnswer, CharterPartyTermsAnswer } from "../../contracts/charter-party";
import type { Voyage } from "../../contracts/voyages";
import { type CpShip, charterPartyPerformance } from "../../domain/charter-party/performance";
import {
  type CharterPartyTerms,
  type CpCondition,
  charterPartyTerms,
  termsInWords,
} from "../../domain/charter-party/terms";
import { fitSpeedPowerCurve } from "../../domain/hull/speed-power-curve";
import type { ShipProfile } from "../../domain/ships/ship-profile";
import type { Db } from "../db/client";
import { conflict } from "../http/errors";
import { getShipProfile } from "../ships/ships.repository";
import { getVoyage } from "../voyages/voyages.repository";
import { type StoredTerms, shipTerms, voyageTerms } from "./charter-party.repository";
import { voyagePeriods } from "./charter-party-periods";

/** The method in words, with its citations (the statement prints it). */
export const CP_METHOD =
  'Good-weather method as applied in London arbitration (The "Didymi" [1988] 2 Lloyd\'s Rep 108; The "Gas ' +
  'Enterprise" [1993] 2 Lloyd\'s Rep 352; The "Ocean Virgo" [2015] EWHC 2863 (Comm)): the speed and consumption ' +
  "of the good-weather days are taken as the ship's over the whole covered voyage; time lost = D/V_gw − " +
  "D/(V_w − about); over-consumption = (C_gw − C_w·(1 + about)) · D/V_gw/24. Weather-corrected method: each sea " +
  "day's power brought to calm water by ISO 15016:2015 (wind R_AA, STAwave-1) and the ship's speed–power " +
  "exponent (3 by the admiralty law where it has no reference curve), against the same warranty.";

/** A voyage's condition for the ship's defaults: ballast when it carries no cargo, else laden. */
export const conditionOfVoyage = (v: Pick<Voyage, "cargoTonnes">): CpCondition =>
  v.cargoTonnes === 0 ? "ballast" : "laden";

/** The domain's terms (defaults filled) of stored ones, with the consumers they cover. */
export function resolvedTerms(
  stored: StoredTerms,
): CharterPartyTerms & { consumers: CharterPartyTermsAnswer["consumers"] } {
  const { consumers, gradeConsumption, ...rest } = stored.body;
  return {
    ...charterPartyTerms({
      ...rest,
      gradeConsumption: (gradeConsumption ?? []).map((g) => ({
        ...g,
        pricePerTonne: g.pricePerTonne ?? null,
      })),
      condition: stored.condition,
      hireRatePerDay: rest.hireRatePerDay ?? null,
      bunkerPricePerTonne: rest.bunkerPricePerTonne ?? null,
    }),
    consumers: consumers ?? ["main"],
  };
}

export function presentTerms(stored: StoredTerms): CharterPartyTermsAnswer {
  const terms = resolvedTerms(stored);
  return { ...terms, source: stored.source, rule: termsInWords(terms) };
}

/** The terms that apply to a voyage: its own, else the ship's default for its condition, else null. */
export async function applicableTerms(db: Db, orgId: number, voyage: Voyage): Promise<StoredTerms | null> {
  return (
    (await voyageTerms(db, orgId, voyage.id)) ??
    (await shipTerms(db, orgId, voyage.shipId)).get(conditionOfVoyage(voyage)) ??
    null
  );
}

/** The ship's figures the weather correction uses: size, and the exponent n of P ∝ Vⁿ of its reference curve. */
export function cpShipOf(ship: ShipProfile): CpShip {
  const points = ship.speedPowerCurve ?? [];
  let exponent: number | null = null;
  if (points.length >= 2) {
    const { curve } = fitSpeedPowerCurve(points, ship.referenceDisplacementT ?? 1);
    if (curve.kind === "power-law" && curve.a > 0) exponent = 1 / curve.a;
  }
  return { lengthM: ship.lengthM, beamM: ship.beamM, speedPowerExponent: exponent };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The voyage's performance under its terms; 409 when none are set. */
export async function voyageCpPerformance(
  db: Db,
  orgId: number,
  voyageId: number,
  now: Date,
): Promise<CharterPartyPerformanceAnswer> {
  const voyage = await getVoyage(db, orgId, voyageId);
  const stored = await applicableTerms(db, orgId, voyage);
  if (!stored)
    throw conflict(
      `Voyage ${voyage.voyageNumber} has no charter-party terms: set the warranted speed and consumption first`,
    );
  return performanceOf(db, orgId, voyage, stored, now);
}

/** The performance of a voyage under stored terms (the fleet page calls it for each active voyage with terms). */
export async function performanceOf(
  db: Db,
  orgId: number,
  voyage: Voyage,
  stored: StoredTerms,
  now: Date,
): Promise<CharterPartyPerformanceAnswer> {
  const terms = resolvedTerms(stored);
  const ship = await getShipProfile(db, orgId, voyage.shipId);
  const from = new Date(voyage.departureDate);
  const to = voyage.arrivalDate ? new Date(voyage.arrivalDate) : now;
  const { basis, periods } = await voyagePeriods(db, orgId, voyage.shipId, from, to, terms.consumers);
  const result = charterPartyPerformance(periods, terms, cpShipOf(ship));
  return {
    voyageId: voyage.id,
    terms: presentTerms(stored),
    basis,
    goodWeather: result.goodWeather,
    voyage: result.voyage,
    timeLostHours: result.timeLostHours,
    overConsumptionTonnes: result.overConsumptionTonnes,
    underConsumptionTonnes: result.underConsumptionTonnes,
    claim: result.claim,
    weatherCorrected: result.weatherCorrected,
    byGrade: result.byGrade,
    status: result.status,
    days: result.days.map((d) => ({ ...d, from: iso(d.from), to: iso(d.to) })),
    reasons: result.reasons,
    method: CP_METHOD,
  };
}
