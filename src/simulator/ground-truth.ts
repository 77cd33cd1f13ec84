/**
 * The ground truth written beside the generated files: per ship, everything the analytics should recover
 * (speed–power curve, fouling rates and maintenance dates, shop-test curve and SFOC drift, optimum trim,
 * weather sensitivity, fuels), plus monthly snapshots of the hidden state. Its size grows with events and
 * months, never with rows.
 */

import { DAY_MS } from "../domain/time/units";
import { calmWaterPowerKw, draughtAt, optimumTrimM, REFERENCE_LCV, shopTestSfoc } from "./physics";
import { round } from "./records";
import type { Scenario, ShipState } from "./ship-simulation";
import {
  DRIFT_EXTRA_PCT_PER_YEAR,
  DRIFT_WINDOW_DAYS,
  OVERDUE_FOULING_SCALE,
  OVERDUE_WINDOW_DAYS,
} from "./ship-simulation";
import type { Vessel } from "./vessel";

export type MaintenanceKind = "hull_cleaning" | "propeller_polishing" | "dry_dock";
export type MaintenanceEvent = {
  date: string;
  kind: MaintenanceKind;
  port: string;
  hullFoulingPctBefore: number;
  propellerFoulingPctBefore: number;
};
export type MonthlySnapshot = {
  date: string;
  hullFoulingPct: number;
  propellerFoulingPct: number;
  /** Added calm-water power from fouling, % = hull + propeller. */
  addedPowerPct: number;
  sfocFactor: number;
  daysSinceHullCleaning: number;
};

/** ISO 8601 UTC to the minute. */
const iso = (ms: number) => new Date(Math.round(ms / 60_000) * 60_000).toISOString().replace(".000Z", "Z");

/** What one ship's run learns as it goes: maintenance events, monthly state, faults injected. */
export class ShipTruthLog {
  readonly events: MaintenanceEvent[] = [];
  readonly monthly: MonthlySnapshot[] = [];
  readonly faults: Record<string, number> = {};
  private lastMonth = -1;

  event(ms: number, kind: MaintenanceKind, port: string, s: ShipState): void {
    this.events.push({
      date: iso(ms),
      kind,
      port,
      hullFoulingPctBefore: round(s.hullPct, 3),
      propellerFoulingPctBefore: round(s.propPct, 3),
    });
  }

  snapshot(ms: number, s: ShipState, sfocFactor: number): void {
    const last = this.last;
    last.ms = ms;
    last.hull = s.hullPct;
    last.prop = s.propPct;
    last.sfocFactor = sfocFactor;
    last.lastHullCleaning = s.lastHullCleaning;
    const d = new Date(ms);
    const month = d.getUTCFullYear() * 12 + d.getUTCMonth();
    if (month !== this.lastMonth) {
      this.lastMonth = month;
      this.monthly.push(this.end()!);
    }
  }

  private readonly last = { ms: Number.NaN, hull: 0, prop: 0, sfocFactor: 1, lastHullCleaning: 0 };

  /** The hidden state at the last record. */
  end(): MonthlySnapshot | undefined {
    const l = this.last;
    if (Number.isNaN(l.ms)) return undefined;
    return {
      date: iso(l.ms),
      hullFoulingPct: round(l.hull, 3),
      propellerFoulingPct: round(l.prop, 3),
      addedPowerPct: round(l.hull + l.prop, 3),
      sfocFactor: round(l.sfocFactor, 5),
      daysSinceHullCleaning: Math.floor((l.ms - l.lastHullCleaning) / DAY_MS),
    };
  }

  countFault(name: string): void {
    this.faults[name] = (this.faults[name] ?? 0) + 1;
  }
}

/** The ground truth of one ship, as written to ground-truth.json. */
export function shipGroundTruth(
  v: Vessel,
  scenario: Scenario,
  run: { startMs: number; endMs: number },
  log: ShipTruthLog,
) {
  const p = v.particulars;
  const curve = (displacementT: number) => ({
    displacementT: Math.round(displacementT),
    meanDraughtM: round(draughtAt(v, displacementT), 2),
    points: [0.6, 0.7, 0.8, 0.9, 1.0, 1.05].map((f) => {
      const speedKn = round(p.designSpeedKn * f, 2);
      return { speedKn, powerKw: Math.round(calmWaterPowerKw(v, speedKn, displacementT)) };
    }),
  });
  const ballastT = v.hull.lightshipT + 0.04 * p.deadweightT + 0.34 * p.deadweightT;
  const draughts = [0.55, 0.7, 0.85, 1].map((f) => round(p.designDraughtM * f, 2));
  const speeds = [0.65, 0.75, 0.85, 0.95].map((f) => round(p.designSpeedKn * f, 1));
  return {
    name: v.name,
    imoNumber: v.imoNumber,
    shipType: v.shipType,
    particulars: p,
    scenario,
    hull: { ...v.hull, draughtFormula: "T = T_design · (Δ/Δ_design)^0.9" },
    calmWater: {
      formula: "P_kW = k · Δ_t^(2/3) · V_kn^3 · (1 + fouling) · (1 + trim penalty) (+ weather)",
      k: v.hull.admiraltyK,
      admiraltyCoefficient: round(1 / v.hull.admiraltyK, 2),
    },
    speedPowerCurve: { design: curve(v.hull.designDisplacementT), ballast: curve(ballastT) },
    fouling: {
      ...v.fouling,
      ...(scenario.outOfDryDock
        ? {
            initial: {
              hullPct: 0,
              propellerPct: 0,
              daysSinceHullCleaning: 0,
              daysSincePolish: 0,
              daysSinceDryDock: 0,
            },
          }
        : {}),
      formula:
        "d(pct)/dt = rate · scale · max(coldFloor, 1 + warmWaterGainPerC·(SST − 15)) · (idle ? idleFactor : 1), none while dry-docked (16 days from arrival, hull out of the water); added power fraction = (hull + propeller)/100",
      scenarioRateScale: scenario.overdueHullCleaning ? OVERDUE_FOULING_SCALE : 1,
      noMaintenanceAfter: scenario.overdueHullCleaning ? iso(run.endMs - OVERDUE_WINDOW_DAYS * DAY_MS) : null,
      events: log.events,
      monthly: log.monthly,
      atEnd: log.end() ?? null,
    },
    engine: {
      ...v.engine,
      shopTest: {
        formula: "SFOC_g/kWh(L) = sfocMin + curvature·(L − loadAtMin)², L = P/MCR, at LCV 42,700 kJ/kg",
        referenceLcvKjPerKg: REFERENCE_LCV,
        points: [0.25, 0.5, 0.75, 0.85, 1].map((l) => ({
          loadPct: l * 100,
          sfocGPerKwh: round(shopTestSfoc(v, l), 2),
        })),
      },
      reportedSfoc: "shopTest(L) · sfocFactor(t) · 42,700 / LCV(fuel type)",
      sfocDrift: {
        basePctPerYear: v.engine.baseDriftPctPerYear,
        from: iso(run.startMs),
        extra: scenario.driftingEngine
          ? {
              onset: iso(Math.max(run.startMs, run.endMs - DRIFT_WINDOW_DAYS * DAY_MS)),
              pctPerYear: DRIFT_EXTRA_PCT_PER_YEAR,
            }
          : null,
      },
    },
    auxiliary: v.aux,
    trim: {
      ...v.trim,
      formula:
        "optimum_m = a0 + a1·(1 − T/T_design) + a2·(V/V_design − 0.8); penalty = min(0.15, penaltyPerM2·(trim − optimum)²)",
      table: draughts.flatMap((draughtM) =>
        speeds.map((speedKn) => ({
          draughtM,
          speedKn,
          optimumTrimM: round(optimumTrimM(v, draughtM, speedKn), 3),
        })),
      ),
    },
    weather: {
      windResistance: "R = ½·1.225·windAreaM2·(windCoefficient·V_WR·(V + U·cos θ) − windCoefficient·V²)",
      waveResistance:
        "R = waveMultiplier·(1/16)·1025·9.81·H²·B·√(B/L)·(0.1 + 0.9·((1+cos μ)/2)²), wind sea and swell",
      addedPower: "ΔP_kW = R·V_ms/etaD/1000",
      etaD: v.hull.etaD,
      windAreaM2: v.hull.windAreaM2,
      windCoefficient: v.hull.windCoefficient,
      waveMultiplier: v.hull.waveMultiplier,
      voluntarySlowdown: "V = V_service·max(0.6, 1 − 0.06·(Hs − 4.5)) when Hs > 4.5 m",
      maxServiceLoad: v.engine.maxServiceLoad,
    },
    fuels: { ...v.fuels, ecaAuxiliary: "MGO" },
    hullRecord: {
      roughnessIndex:
        "max(100, 100 + 2.5·F) (+ noise), F = hull + propeller fouling % (domain roughnessIndexFromExcessPower)",
      hullEfficiency: "−100·F/(100 + F), F = hull + propeller fouling %",
      propellerSlip: "baseSlipPct + 0.35·F + 0.6·Hs (+ noise)",
      baseSlipPct: v.operation.baseSlipPct,
    },
    faults: log.faults,
  };
}
