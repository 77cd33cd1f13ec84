/**
 * POST /api/ships/:id/cii-what-if: the year-end CII projection if the rest of the year changes (domain
 * whatIfYear): a speed reduction through the ship's own speed law (fitted on the year's sailing days, the
 * cube law when the fit is not reliable), a hull cleaning removing a stated fouling fuel penalty from its date
 * (an explicit input until the hull analysis supplies a fouling rate), a switch to another fuel at equal
 * energy. The interval is the baseline's, scaled by the what-if's ratio to the baseline.
 */
import type {
  CiiWhatIfBody,
  CiiWhatIfResponse,
} from "../../../contracts/analysis/environment-compliance-section";
import { assessCii } from "../../../domain/cii/cii-assessment";
import { daysInYear } from "../../../domain/cii/projection";
import { type CiiWhatIf, projectCiiWithInterval, whatIfYear } from "../../../domain/cii/projection-interval";
import { ciiRating } from "../../../domain/cii/rating";
import type { Db } from "../../db/client";
import { badRequest } from "../../http/errors";
import type { ShipRow } from "../../ships/ships.repository";
import { ciiYearInputs } from "./cii-year";
import { projectionResponse } from "./compliance-year";

const DAY_MS = 86_400_000;

export async function ciiWhatIf(
  db: Db,
  orgId: number,
  ship: ShipRow,
  body: CiiWhatIfBody,
  now: Date,
): Promise<CiiWhatIfResponse> {
  const inputs = await ciiYearInputs(db, orgId, ship, body.year, now);
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
  if (body.cleaningDate !== undefined) {
    const t = Date.parse(`${body.cleaningDate}T00:00:00Z`);
    const dayOfYear = (t - Date.UTC(body.year, 0, 1)) / DAY_MS;
    const elapsed = inputs.daysElapsed;
    if (!(dayOfYear >= Math.floor(elapsed) && dayOfYear < daysInYear(body.year)))
      throw badRequest([
        { field: "cleaningDate", reason: `must be in the rest of ${body.year}, after the data so far` },
      ]);
    w.cleaning = { dayOfYear, fuelPenaltyPercent: body.foulingFuelPenaltyPercent! };
    notes.push(
      `Cleaning removes the stated fouling penalty of ${body.foulingFuelPenaltyPercent} % of fuel from ${body.cleaningDate}.`,
    );
  }
  if (body.fuelSwitch !== undefined) {
    w.fuelSwitch = body.fuelSwitch;
    notes.push(
      `The rest of the year burns ${body.fuelSwitch} for the same energy (LCV and Cf of MEPC.364(79)).`,
    );
  }
  const year = whatIfYear(inputs, w);
  const a = assessCii({ shipType: inputs.shipType, capacity: inputs.capacity, year: body.year, ...year });
  const ratio = a.attainedCii / baseline.attainedCii;
  const scale = (v: number | null) => (v === null ? null : v * ratio);
  const rate = (v: number | null) => (v === null || a.rating === null ? null : ciiRating(v, a.boundaries));
  const low = scale(baseline.low);
  const high = scale(baseline.high);
  return {
    year: body.year,
    baseline: projectionResponse(baseline),
    projection: {
      attained: a.attainedCii,
      rating: a.rating,
      low,
      high,
      lowRating: rate(low),
      highRating: rate(high),
      required: a.requiredCii,
      basedOnDays: inputs.daysElapsed,
      method: [baseline.method, ...notes].join(" "),
    },
  };
}
