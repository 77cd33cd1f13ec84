/**
 * Simulated history for the demo organisation (D8): the organisation's existing ships get voyages, every
 * time series and the baselines a real ship comes with, all from the fleet simulator.
 */

import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import { bumpEveryShip } from "../cache/data-version";
import { type LoadSummary, loadFleet } from "./load-fleet";
import {
  type Cadence,
  type FleetOptions,
  FleetSimulation,
  type Scenario,
  type SimulatedShipType,
  shipTypeLabel,
  spanEnding,
} from "./simulator-entry";

export type HistoryShip = {
  name: string;
  imoNumber: string;
  shipType: string;
  deadweight?: number | null;
  grossTonnage?: number | null;
  enginePowerKw?: number | null;
  designSpeedKn?: number | null;
  lengthM?: number | null;
  beamM?: number | null;
  designDraughtM?: number | null;
  yearBuilt?: number | null;
};

export type HistoryOptions = {
  years: number;
  cadence: Cadence;
  seed: number | string;
  /** The history ends here (aligned down to the cadence). */
  end: Date;
  /** Scenario per ship, in the order of `ships`. */
  scenarios?: readonly Scenario[];
  model?: FleetOptions["model"];
};

/**
 * Simulated history for existing ships of an organisation (matched by IMO number, their particulars kept):
 * voyages and every time series, `years` long, ending at `end`. Used for the demo organisation (D8).
 */
export async function loadSimulatedHistory(
  pool: pg.Pool,
  orgId: number,
  ships: readonly HistoryShip[],
  options: HistoryOptions,
): Promise<LoadSummary> {
  const num = (x: number | null | undefined) => (x === null || x === undefined ? undefined : x);
  const fleet = new FleetSimulation({
    ships: ships.map((s) => ({
      shipType: toSimulatedType(s.shipType),
      name: s.name,
      imoNumber: s.imoNumber,
      particulars: {
        deadweightT: num(s.deadweight),
        grossTonnage: num(s.grossTonnage),
        mcrKw: num(s.enginePowerKw),
        designSpeedKn: num(s.designSpeedKn),
        lengthM: num(s.lengthM),
        beamM: num(s.beamM),
        designDraughtM: num(s.designDraughtM),
        yearBuilt: num(s.yearBuilt),
      },
    })),
    seed: options.seed,
    cadence: options.cadence,
    ...spanEnding(options.end.getTime(), options.years, options.cadence),
    scenarios: options.scenarios,
    model: options.model,
  });
  const summary = await loadFleet(pool, orgId, fleet);
  await storeBaselines(pool, orgId, fleet, options.end);
  return summary;
}

/**
 * Gives each simulated ship the baselines a real one comes with: the engine's shop-test SFOC curve and the
 * sea-trial speed–power curve at design displacement, both from the simulator's ground truth, so that the
 * analyses compare the history with what the engine and hull were when new.
 */
export async function storeBaselines(
  pool: pg.Pool,
  orgId: number,
  fleet: FleetSimulation,
  at: Date,
): Promise<void> {
  for (const truth of fleet.groundTruth().ships) {
    const shopTest = truth.engine.shopTest.points.map((p) => ({
      loadPercent: p.loadPct,
      sfoc: p.sfocGPerKwh,
    }));
    const design = truth.speedPowerCurve.design;
    await pool.query(
      `update ships set shop_test_sfoc = $1, speed_power_curve = $2, reference_displacement_t = $3,
         baseline_updated_at = $4, updated_at = now()
       where org_id = $5 and imo_number = $6`,
      [
        JSON.stringify(shopTest),
        JSON.stringify(design.points),
        design.displacementT,
        at,
        orgId,
        truth.imoNumber,
      ],
    );
  }
  // the records and baselines change the analyses' figures: the cached answers of the organisation are stale
  // (decision 020), and each ship's newest record is read again
  await bumpEveryShip(drizzle(pool), orgId);
}

function toSimulatedType(type: string): SimulatedShipType {
  const known: SimulatedShipType[] = [
    "bulk_carrier",
    "container_ship",
    "tanker",
    "general_cargo_ship",
    "lng_carrier",
  ];
  const t = known.find((k) => k === type || shipTypeLabel(k).toLowerCase() === type.toLowerCase());
  return t ?? "general_cargo_ship";
}
