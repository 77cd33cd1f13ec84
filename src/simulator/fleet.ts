/**
 * A simulated fleet: vessels drawn from a seed, then each ship's history streamed one after the other
 * (ship records first, then per ship its voyages and time series), with faults when asked, and the ground
 * truth of the run once the stream has been consumed.
 */

import { DAY_MS } from "../domain/time/units";
import { DEFAULT_FAULT_RATES, type FaultEvent, type FaultRates, injectFaults } from "./faults";
import { ShipTruthLog, shipGroundTruth } from "./ground-truth";
import { hashSeed, Random } from "./random";
import type { SimRecord } from "./records";
import {
  FULL_MODEL,
  type ModelSwitches,
  type Scenario,
  type SeaStepTruth,
  ShipSimulation,
} from "./ship-simulation";
import { createVessel, SIMULATED_SHIP_TYPES, type Vessel, type VesselSpec } from "./vessel";

export const CADENCES = { "24h": 1440, "1h": 60, "15m": 15, "1m": 1 } as const;
export type Cadence = keyof typeof CADENCES;

export function isCadence(value: string): value is Cadence {
  return Object.hasOwn(CADENCES, value);
}

export type FleetOptions = {
  /** A number of ships (types cycle bulk carrier, container ship, tanker, general cargo, LNG) or their specs. */
  ships: number | readonly VesselSpec[];
  seed: number | string;
  startMs: number;
  endMs: number;
  cadence: Cadence;
  model?: Partial<ModelSwitches>;
  /** Scenario per ship index. */
  scenarios?: readonly Scenario[];
  /** Fault rates, or false/undefined for clean data. */
  faults?: FaultRates | boolean;
  onFault?: (e: FaultEvent) => void;
  /** Told every sub-step at sea of ship `shipIndex`, with its clean-hull counterpart (truth tests). */
  onSeaStep?: (shipIndex: number, step: SeaStepTruth) => void;
};

/** Start and end instants for `years` of history ending at `end`, aligned down to the cadence. */
export function spanEnding(
  endMs: number,
  years: number,
  cadence: Cadence,
): { startMs: number; endMs: number } {
  const step = CADENCES[cadence] * 60_000;
  const end = Math.floor(endMs / step) * step;
  return { startMs: end - Math.round((years * 365 * DAY_MS) / step) * step, endMs: end };
}

/** Start and end instants for `years` of history from `startMs` (a whole number of cadence steps). */
export function spanFrom(
  startMs: number,
  years: number,
  cadence: Cadence,
): { startMs: number; endMs: number } {
  const step = CADENCES[cadence] * 60_000;
  return { startMs, endMs: startMs + Math.round((years * 365 * DAY_MS) / step) * step };
}

export class FleetSimulation {
  readonly vessels: Vessel[];
  readonly seed: number;
  /** The simulated span, epoch ms. */
  get span(): { startMs: number; endMs: number } {
    return { startMs: this.opts.startMs, endMs: this.opts.endMs };
  }
  private readonly model: ModelSwitches;
  private readonly logs: ShipTruthLog[];
  private readonly faultRates: FaultRates | undefined;

  constructor(private readonly opts: FleetOptions) {
    if (!(opts.endMs > opts.startMs)) throw new Error("the end must be after the start");
    this.seed = typeof opts.seed === "number" ? opts.seed >>> 0 : hashSeed(opts.seed);
    this.model = { ...FULL_MODEL, ...opts.model };
    const specs: readonly VesselSpec[] =
      typeof opts.ships === "number"
        ? Array.from({ length: opts.ships }, (_, i) => ({
            shipType: SIMULATED_SHIP_TYPES[i % SIMULATED_SHIP_TYPES.length]!,
          }))
        : opts.ships;
    const used = new Set<string>();
    this.vessels = specs.map((spec, i) => {
      const rng = new Random(hashSeed(this.seed, "vessel", i));
      let v = createVessel(i, spec, rng);
      while (used.has(v.imoNumber))
        v = { ...v, imoNumber: createVessel(i, { shipType: spec.shipType }, rng).imoNumber };
      used.add(v.imoNumber);
      return v;
    });
    this.logs = this.vessels.map(() => new ShipTruthLog());
    this.faultRates = opts.faults === true ? DEFAULT_FAULT_RATES : opts.faults || undefined;
  }

  scenario(i: number): Scenario {
    return this.opts.scenarios?.[i] ?? {};
  }

  /** Every record of the run: the ships, then ship by ship its voyages and time series. */
  *records(): Generator<SimRecord> {
    for (const vessel of this.vessels) yield { kind: "ship", vessel };
    for (const [i, vessel] of this.vessels.entries()) yield* this.shipRecords(i, vessel);
  }

  private shipRecords(i: number, vessel: Vessel): Iterable<SimRecord> {
    const o = this.opts;
    const log = this.logs[i]!;
    const sim = new ShipSimulation(
      vessel,
      {
        startMs: o.startMs,
        endMs: o.endMs,
        cadenceMinutes: CADENCES[o.cadence],
        model: this.model,
        scenario: this.scenario(i),
        ...(o.onSeaStep ? { onSeaStep: (step: SeaStepTruth) => o.onSeaStep!(i, step) } : {}),
      },
      new Random(hashSeed(this.seed, "ship", i)),
      log,
    );
    const stream = sim.records();
    if (!this.faultRates) return stream;
    return injectFaults(stream, this.faultRates, new Random(hashSeed(this.seed, "faults", i)), (e) => {
      log.countFault(e.fault);
      o.onFault?.(e);
    });
  }

  /** The ground truth (complete once `records()` has been consumed). */
  groundTruth() {
    const o = this.opts;
    return {
      generator: "sextant fleet simulator",
      version: 1,
      seed: this.seed,
      start: new Date(o.startMs).toISOString(),
      end: new Date(o.endMs).toISOString(),
      cadence: o.cadence,
      model: this.model,
      faults: this.faultRates ?? null,
      conventions: {
        timestamps: "end of the period a record covers, UTC",
        fuelMain:
          "one record per period with time at sea; Period (h) = hours at sea, rates per day of sailing",
        fuelAuxiliary:
          "one record per period; Distance (nm) 0 (distance is carried by the main-engine record)",
        dailyRecords: "hull and compliance: first record of each UTC day",
        voyageId: "the voyage number; empty in port",
        co2: "CO2 Emissions = Fuel Rate × Cf of the record's fuel type (MEPC.364(79))",
      },
      ships: this.vessels.map((v, i) =>
        shipGroundTruth(v, this.scenario(i), { startMs: o.startMs, endMs: o.endMs }, this.logs[i]!),
      ),
    };
  }
}

export type GroundTruth = ReturnType<FleetSimulation["groundTruth"]>;
