/**
 * The compliance figures of one ship's year from stored data, turned into figures by the domain only:
 * CII year to date, projection with interval, margins and history (domain cii), EU scope of each voyage and
 * port stay (domain eu-ports, overridable per voyage), EU ETS allowances and cost (domain eu-ets) and FuelEU
 * Maritime balance and penalty (domain fueleu-*). Used by the section and the what-if.
 */

import type {
  CiiProjectionResponse,
  EnvironmentComplianceSectionResponse,
} from "../../../contracts/analysis/environment-compliance-section";
import {
  assessCiiYear,
  ciiShipOf,
  ciiYearToDate,
  co2OfKnownFuels,
  type FuelOfType,
  knownFuels,
} from "../../../domain/cii/cii-year-to-date";
import {
  type CiiProjectionWithInterval,
  ciiBoundaryMargins,
  projectCiiWithInterval,
} from "../../../domain/cii/projection-interval";
import { CII_FIRST_YEAR, isCiiRatedYear } from "../../../domain/cii/reduction-factors";
import type { CiiIntervalBasis } from "../../../domain/cii/year-end-spread";
import { isFuelType } from "../../../domain/fuels/fuel-types";
import {
  complianceYearWindow,
  FUELEU_FIRST_YEAR,
  isFuelEuYear,
  yearStartMs,
} from "../../../domain/regulation/compliance-year";
import { ETS_SHIPPING_FIRST_YEAR, etsAllowances, etsCostOf } from "../../../domain/regulation/eu-ets";
import { isEuEeaPort, voyageEuScope } from "../../../domain/regulation/eu-ports";
import { EU_VOYAGE_SCOPES, type EuVoyageScope } from "../../../domain/regulation/eu-voyage-scope";
import { fuelEuCompliance } from "../../../domain/regulation/fueleu-compliance";
import { fuelEuFuelFor } from "../../../domain/regulation/fueleu-defaults";
import type { FuelEuConsumption } from "../../../domain/regulation/fueleu-intensity";
import type { ShipProfile } from "../../../domain/ships/ship-profile";
import type { Db } from "../../db/client";
import { ciiYearRecords } from "../../metrics/cii-year";
import {
  unlinkedFuelByLastArrival,
  voyagesWithFuel,
  yearFuelAndDistance,
} from "../../metrics/compliance-year";
import { getOrgSettings } from "../../settings/settings.repository";

type Section = EnvironmentComplianceSectionResponse;
type Reason = Section["reasons"][number];

const isScope = (s: string | null): s is EuVoyageScope =>
  s !== null && (EU_VOYAGE_SCOPES as readonly string[]).includes(s);

/** The interval's basis as the contract states it (percentages for the screen and the PDF). */
export function intervalBasisResponse(b: CiiIntervalBasis): CiiProjectionResponse["basis"] {
  return {
    kind: b.kind,
    blocks: b.blocks,
    blockDays: b.blockDays,
    degreesOfFreedom: b.degreesOfFreedom,
    daysWithData: b.daysWithData,
    driftPercentPerYear: b.driftPerYear * 100,
    halfWidthPercent: b.halfWidth * 100,
  };
}

export function projectionResponse(p: CiiProjectionWithInterval): CiiProjectionResponse {
  return {
    attained: p.attainedCii,
    rating: p.rating,
    low: p.low,
    high: p.high,
    lowRating: p.lowRating,
    highRating: p.highRating,
    required: p.requiredCii,
    basedOnDays: p.basedOnDays,
    method: p.method,
    basis: intervalBasisResponse(p.basis),
  };
}

/** The year's voyages and port stays with the fuel of the year's whole UTC days and their scope. */
async function scopedFuel(db: Db, orgId: number, shipId: number, year: number, dayEnd: Date) {
  const from = new Date(yearStartMs(year));
  const [voyages, stays] = await Promise.all([
    voyagesWithFuel(db, orgId, shipId, from, dayEnd),
    unlinkedFuelByLastArrival(db, orgId, shipId, from, dayEnd),
  ]);
  const rows: (Section["voyages"][number] & { fuel: FuelOfType[] })[] = voyages.map((v) => {
    const computed = voyageEuScope(v.origin, v.destination);
    const override = isScope(v.override) ? v.override : null;
    return {
      voyageId: v.id,
      voyageNumber: v.voyageNumber,
      origin: v.origin,
      destination: v.destination,
      computedScope: computed,
      override,
      scope: override ?? computed,
      co2Tonnes: co2OfKnownFuels(v.fuel),
      fuel: v.fuel,
    };
  });
  for (const s of stays) {
    // fuel burnt outside any voyage: at berth in the port the ship last arrived at (EU ETS Art. 3ga: 100 % in an EU port)
    const inEu = s.port === null ? null : isEuEeaPort(s.port);
    const port = s.port ?? "unknown port";
    rows.push({
      voyageId: null,
      voyageNumber: s.voyageNumber === null ? "Before the first voyage" : `Port stay after ${s.voyageNumber}`,
      origin: port,
      destination: port,
      computedScope: inEu === null ? null : inEu ? "at_berth_eu" : "outside_eu",
      override: null,
      scope: inEu === null ? null : inEu ? "at_berth_eu" : "outside_eu",
      co2Tonnes: co2OfKnownFuels(s.fuel),
      fuel: s.fuel,
    });
  }
  return rows;
}

/** Everything of the section but its base fields, for `year` up to `cutoff`. */
export async function complianceYear(
  db: Db,
  orgId: number,
  ship: ShipProfile,
  year: number,
  cutoff: Date,
): Promise<
  Omit<Section, "section" | "status" | "shipId" | "range"> & {
    projectionDetail: CiiProjectionWithInterval | null;
  }
> {
  const reasons: Reason[] = [];
  const w = complianceYearWindow(year, cutoff.getTime());
  const end = new Date(w.endMs);
  const dayEnd = new Date(w.dayEndMs);
  const [records, years, scoped, settings] = await Promise.all([
    ciiYearRecords(db, orgId, ship, year, end),
    yearFuelAndDistance(db, orgId, ship.id, new Date(yearStartMs(CII_FIRST_YEAR)), new Date(w.fromMs)),
    scopedFuel(db, orgId, ship.id, year, dayEnd),
    getOrgSettings(db, orgId),
  ]);

  // CII
  const inputs = ciiYearToDate(records);
  let yearToDate: Section["cii"]["yearToDate"] = null;
  let projection: CiiProjectionWithInterval | null = null;
  let margins: Section["cii"]["margins"] = [];
  const history: Section["cii"]["history"] = [];
  const basis = ciiShipOf(ship);
  if ("reason" in basis) reasons.push({ figure: "cii", reason: basis.reason });
  else
    for (const y of years) {
      const n = Number(y.key);
      const assessed = assessCiiYear(basis, n, y.fuel, y.distanceNm);
      if ("reason" in assessed) continue;
      const a = assessed.assessment;
      history.push({
        year: n,
        attained: a.attainedCii,
        required: a.requiredCii,
        rating: a.rating,
        complete: true,
      });
    }
  if ("reason" in inputs) {
    if (!("reason" in basis) || inputs.reason !== basis.reason)
      reasons.push({ figure: "cii", reason: inputs.reason });
  } else {
    const a = inputs.assessment;
    yearToDate = { attained: a.attainedCii, rating: a.rating, required: a.requiredCii };
    history.push({
      year,
      attained: a.attainedCii,
      required: a.requiredCii,
      rating: a.rating,
      complete: false,
    });
    projection = projectCiiWithInterval(inputs);
    margins = ciiBoundaryMargins(projection, a.co2Tonnes / inputs.daysElapsed);
    if (!isCiiRatedYear(year))
      reasons.push({ figure: "cii", reason: `CII ratings start with 2023; ${year} is not rated.` });
  }
  if (projection === null)
    reasons.push({ figure: "projection", reason: "No CII year to date to project from." });

  // EU scope: voyages and stays with an unknown port are left out, and said so
  const unknown = scoped.filter((r) => r.scope === null && r.co2Tonnes > 0);
  const inScope = scoped.filter((r): r is typeof r & { scope: EuVoyageScope } => r.scope !== null);
  const unknownNote =
    unknown.length > 0
      ? ` Left out, port not known to the product: ${unknown.map((u) => u.voyageNumber).join(", ")} (set their scope).`
      : "";
  const unknownFuel = scoped.some((r) => knownFuels(r.fuel) === null);

  // EU ETS: the allowances depend on no price; only the cost does
  let ets: Section["ets"] = null;
  if (year < ETS_SHIPPING_FIRST_YEAR)
    reasons.push({ figure: "ets", reason: `Shipping enters the EU ETS in ${ETS_SHIPPING_FIRST_YEAR}.` });
  else if (unknownFuel)
    reasons.push({ figure: "ets", reason: "A fuel type of the year has no CO2 factor in the product." });
  else {
    const a = etsAllowances({
      emissions: inScope.map((r) => ({ co2Tonnes: r.co2Tonnes, scope: r.scope })),
      year,
    });
    if (!(a.inScopeTonnes > 0))
      reasons.push({ figure: "ets", reason: `No fuel in EU scope in ${year} so far.${unknownNote}` });
    else {
      const price = settings.euaPrice;
      ets = {
        year,
        scopeCo2Tonnes: a.inScopeTonnes,
        phaseIn: a.phaseIn,
        allowances: a.allowances,
        surrenderYear: a.surrenderYear,
        cost: price === null ? null : etsCostOf(a, price),
        currency: settings.currency,
        price,
      };
      if (unknownNote) reasons.push({ figure: "ets", reason: unknownNote.trim() });
    }
  }

  let fuelEu: Section["fuelEu"] = null;
  const euFuels: FuelEuConsumption[] = [];
  let fuelEuGap: string | null = null;
  for (const r of inScope)
    for (const f of r.fuel) {
      const fuel = isFuelType(f.fuelType) ? fuelEuFuelFor(f.fuelType) : undefined;
      if (fuel === undefined)
        fuelEuGap = `The fuel '${f.fuelType}' has no default of Regulation (EU) 2023/1805 Annex II in the product.`;
      else if (fuel === "LNG")
        fuelEuGap =
          "LNG needs the engine type for its methane slip (Annex II), which the ship's profile does not hold.";
      else euFuels.push({ fuel, tonnes: f.fuelT, scope: r.scope });
    }
  if (!isFuelEuYear(year))
    reasons.push({ figure: "fuelEu", reason: `FuelEU Maritime applies from ${FUELEU_FIRST_YEAR}.` });
  else if (fuelEuGap !== null) reasons.push({ figure: "fuelEu", reason: fuelEuGap });
  else if (!euFuels.some((f) => f.tonnes > 0 && f.scope !== "outside_eu"))
    reasons.push({ figure: "fuelEu", reason: `No fuel in EU scope in ${year} so far.${unknownNote}` });
  else {
    const c = fuelEuCompliance({ year, fuels: euFuels });
    fuelEu = {
      year,
      ghgIntensity: c.actualIntensity,
      target: c.targetIntensity,
      balance: c.complianceBalanceGCo2e,
      penalty: c.penaltyEur,
      energyMj: c.energyMj,
    };
    if (unknownNote) reasons.push({ figure: "fuelEu", reason: unknownNote.trim() });
  }

  return {
    cii: {
      year,
      yearToDate,
      projection: projection === null ? null : projectionResponse(projection),
      history,
      margins,
    },
    ets,
    fuelEu,
    voyages: scoped.map(({ fuel: _fuel, ...r }) => r),
    reasons,
    projectionDetail: projection,
  };
}
