/**
 * POST /api/ships/:id/cii-what-if: the year-end CII projection if the rest of the year changes (domain
 * whatIfYear): a speed reduction through the ship's own speed law (fitted on the year's sailing days, the
 * cube law when the fit is not reliable), a hull cleaning removing the fouling's extra fuel from its date
 * (read from the ship's hull analysis as the Advanced Analytics recommendation reads it, shipFouling; a stated
 * penalty only as an explicit override), a switch to another fuel at equal energy. The interval is the
 * baseline's, scaled by the what-if's ratio to the baseline. A change the data cannot support answers a
 * null projection with its reason, never a guessed figure.
 */

import type {
  CiiWhatIfBody,
  CiiWhatIfResponse,
} from "../../../contracts/analysis/environment-compliance-section";
import { type CiiYearToDate, ciiYearToDate } from "../../../domain/cii/cii-year-to-date";
import { daysInYear } from "../../../domain/cii/projection";
import {
  type CiiCleaning,
  type CiiWhatIf,
  cleaningFuelSavedTonnes,
  foulingExtraOnCleaningDay,
  projectCiiWhatIf,
  projectCiiWithInterval,
} from "../../../domain/cii/projection-interval";
import { ciiFoulingOf } from "../../../domain/hull/fouling-now";
import { yearStartMs } from "../../../domain/regulation/compliance-year";
import type { ShipProfile } from "../../../domain/ships/ship-profile";
import { DAY_MS } from "../../../domain/time/units";
import type { Db } from "../../db/client";
import { badRequest } from "../../http/errors";
import { ciiYearRecords } from "../../metrics/cii-year";
import { resolveRange } from "../context";
import { shipFouling } from "../hull-fouling";
import { isoOf, loadHullAnalysis } from "../hull-performance";
import { intervalBasisResponse, projectionResponse } from "./compliance-year";

export async function ciiWhatIf(
  db: Db,
  orgId: number,
  ship: ShipProfile,
  body: CiiWhatIfBody,
  now: Date,
): Promise<CiiWhatIfResponse> {
  const inputs = ciiYearToDate(await ciiYearRecords(db, orgId, ship, body.year, now));
  if ("reason" in inputs) throw badRequest([{ field: "year", reason: inputs.reason }], inputs.reason);
  if (inputs.daysElapsed >= daysInYear(body.year))
    throw badRequest([{ field: "year", reason: `${body.year} is complete: no days are left to change` }]);
  const baseline = projectCiiWithInterval(inputs);
  const w: CiiWhatIf = {};
  const notes: string[] = [];
  if (body.speedReductionKn !== undefined) {
    if (inputs.speedLaw === null)
      throw badRequest([
        {
          field: "speedReductionKn",
          reason: `no sailing days in ${body.year} to learn the ship's speed law from`,
        },
      ]);
    w.speedReductionKn = { knots: body.speedReductionKn, ...inputs.speedLaw };
    notes.push(
      `Speed law FC ∝ V^${inputs.speedLaw.exponent.toFixed(2)} (${inputs.speedLaw.fitted ? "fitted on the year's sailing days" : "cube law: the ship's own fit is not reliable"}), mean speed ${inputs.speedLaw.meanSpeedKn.toFixed(1)} kn.`,
    );
  }
  let cleaning: CiiWhatIfResponse["cleaning"] = null;
  const reasons: CiiWhatIfResponse["reasons"] = [];
  if (body.cleaningDate !== undefined) {
    const t = Date.parse(`${body.cleaningDate}T00:00:00Z`);
    const dayOfYear = (t - yearStartMs(body.year)) / DAY_MS;
    const elapsed = inputs.daysElapsed;
    if (!(dayOfYear >= Math.floor(elapsed) && dayOfYear < daysInYear(body.year)))
      throw badRequest([
        { field: "cleaningDate", reason: `must be in the rest of ${body.year}, after the data so far` },
      ]);
    const c = await cleaningOf(db, orgId, ship, inputs, body, dayOfYear);
    if ("reason" in c) reasons.push({ field: "cleaningDate", reason: c.reason });
    else {
      w.cleaning = c.cleaning;
      cleaning = c.present;
      notes.push(c.present.note);
    }
  }
  if (body.fuelSwitch !== undefined) {
    w.fuelSwitch = body.fuelSwitch;
    notes.push(
      `The rest of the year burns ${body.fuelSwitch} for the same energy (LCV and Cf of MEPC.364(79)).`,
    );
  }
  if (reasons.length > 0)
    return { year: body.year, baseline: projectionResponse(baseline), projection: null, cleaning, reasons };
  const a = projectCiiWhatIf(inputs, baseline, w);
  return {
    year: body.year,
    baseline: projectionResponse(baseline),
    projection: {
      attained: a.attainedCii,
      rating: a.rating,
      low: a.low,
      high: a.high,
      lowRating: a.lowRating,
      highRating: a.highRating,
      required: a.requiredCii,
      basedOnDays: inputs.daysElapsed,
      method: [baseline.method, ...notes].join(" "),
      basis: intervalBasisResponse(baseline.basis),
    },
    cleaning,
    reasons,
  };
}

type Cleaning = { cleaning: CiiCleaning; present: NonNullable<CiiWhatIfResponse["cleaning"]> };

/**
 * The cleaning of the what-if: the fouling's extra fuel from the ship's hull analysis as of the data's end
 * (its growth by the fouling rate until the cleaning date included), or the stated override; or why the hull
 * analysis has no value.
 */
async function cleaningOf(
  db: Db,
  orgId: number,
  ship: ShipProfile,
  inputs: CiiYearToDate,
  body: CiiWhatIfBody,
  dayOfYear: number,
): Promise<Cleaning | { reason: string }> {
  const yearDays = daysInYear(inputs.year);
  const fuelPerDay = inputs.yearToDateFuels.reduce((a, f) => a + f.tonnes, 0) / inputs.daysElapsed;
  let base: Omit<CiiCleaning, "dayOfYear">;
  let hull: Cleaning["present"]["hull"] = null;
  if (body.foulingFuelPenaltyPercent !== undefined) {
    // stated as a share of the ship's fuel; saved from the most burnt fuel of the year
    const main = [...inputs.yearToDateFuels].sort((x, y) => y.tonnes - x.tonnes)[0]!;
    base = {
      extraFuelTonnesPerDay: (body.foulingFuelPenaltyPercent / 100) * fuelPerDay,
      growthTonnesPerDayPerDay: 0,
      fuelType: main.fuelType,
    };
  } else {
    const ctx = {
      db,
      orgId,
      ship,
      now: inputs.cutoff,
      range: await resolveRange(
        db,
        orgId,
        ship.id,
        { range: "30days", voyage: "all", engine: "main" },
        inputs.cutoff,
      ),
    };
    const f = await shipFouling(ctx, await loadHullAnalysis(ctx, { wholeHistory: true }));
    if ("reason" in f)
      return {
        reason:
          `The hull analysis gives no fouling penalty for this ship: ${f.reason} ` +
          "State one (foulingFuelPenaltyPercent) to see a cleaning's effect anyway.",
      };
    base = ciiFoulingOf(f);
    hull = {
      excessPowerPercent: f.excessPowerNow,
      cleanLevelPercent: f.cleanLevelPercent,
      foulingRatePercentPerYear: f.rate.slopePerYear,
      intervalFrom: isoOf(f.current.fromMs),
    };
  }
  const cleaning = { ...base, dayOfYear };
  const atCleaning = foulingExtraOnCleaningDay(cleaning, inputs.daysElapsed, yearDays).tonnesPerDay;
  const date = body.cleaningDate!;
  const penalty = (atCleaning / fuelPerDay) * 100;
  const note = hull
    ? `Cleaning on ${date} removes the fouling the hull analysis reads: excess power ${hull.excessPowerPercent.value.toFixed(1)} % now ` +
      `against ${hull.cleanLevelPercent.toFixed(1)} % for a clean hull, growing ${hull.foulingRatePercentPerYear.toFixed(1)} points a year, ` +
      `${atCleaning.toFixed(2)} t of ${base.fuelType} a day by then (${penalty.toFixed(1)} % of the fuel).`
    : `Cleaning on ${date} removes the stated fouling penalty of ${body.foulingFuelPenaltyPercent} % of the fuel ` +
      `(${atCleaning.toFixed(2)} t of ${base.fuelType} a day), overriding the hull analysis.`;
  return {
    cleaning,
    present: {
      date,
      source: hull ? "hull-analysis" : "override",
      extraFuelTonnesPerDay: base.extraFuelTonnesPerDay,
      growthTonnesPerDayPerDay: base.growthTonnesPerDayPerDay,
      extraFuelTonnesPerDayAtCleaning: atCleaning,
      fuelPenaltyPercentAtCleaning: penalty,
      fuelType: base.fuelType,
      savedFuelTonnes: cleaningFuelSavedTonnes(cleaning, inputs.daysElapsed, yearDays),
      hull,
      note,
    },
  };
}
