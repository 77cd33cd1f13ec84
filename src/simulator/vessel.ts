/**
 * Vessel particulars and the hidden parameters of each simulated ship (its ground truth): hull form through
 * the admiralty constant, fouling rates, maintenance intervals, engine shop-test curve and drift, auxiliary
 * loads, optimum-trim function, weather sensitivity. Particulars are scaled from one reference ship per IMO
 * type (deadweight drawn in the type's range, dimensions ∝ dwt^(1/3), MCR ∝ Δ^(2/3)).
 */
import type { FuelType } from "../domain/fuels/fuel-types";
import { SHIP_TYPE_LABELS } from "../domain/ships/ship-types";
import type { Random } from "./random";

export const SIMULATED_SHIP_TYPES = [
  "bulk_carrier",
  "container_ship",
  "tanker",
  "general_cargo_ship",
  "lng_carrier",
] as const;
export type SimulatedShipType = (typeof SIMULATED_SHIP_TYPES)[number];

export type Particulars = {
  deadweightT: number;
  grossTonnage: number;
  mcrKw: number;
  designSpeedKn: number;
  lengthM: number;
  beamM: number;
  designDraughtM: number;
  yearBuilt: number;
};

type Template = {
  dwtRange: [number, number];
  ref: Omit<Particulars, "yearBuilt">;
  /** Deadweight / displacement at the design draught. */
  dwtRatio: number;
  windAreaM2: number;
  genset: { kw: number; count: number };
  aux: { hvacKw: number; pumpsKw: number; lightingKw: number; portCargoKw: number; reeferPlugs: number };
  speedFraction: [number, number];
  fuels: { main: FuelType; eca: FuelType; aux: FuelType };
};

const TEMPLATES: Record<SimulatedShipType, Template> = {
  bulk_carrier: {
    dwtRange: [35_000, 180_000],
    ref: {
      deadweightT: 82_000,
      grossTonnage: 44_000,
      mcrKw: 9_960,
      designSpeedKn: 14.2,
      lengthM: 229,
      beamM: 32.3,
      designDraughtM: 14.5,
    },
    dwtRatio: 0.845,
    windAreaM2: 700,
    genset: { kw: 700, count: 3 },
    aux: { hvacKw: 55, pumpsKw: 160, lightingKw: 35, portCargoKw: 0, reeferPlugs: 0 },
    speedFraction: [0.74, 0.95],
    fuels: { main: "HFO", eca: "MGO", aux: "MDO" },
  },
  tanker: {
    dwtRange: [40_000, 300_000],
    ref: {
      deadweightT: 115_000,
      grossTonnage: 62_000,
      mcrKw: 15_820,
      designSpeedKn: 15,
      lengthM: 250,
      beamM: 44,
      designDraughtM: 15,
    },
    dwtRatio: 0.86,
    windAreaM2: 900,
    genset: { kw: 900, count: 3 },
    aux: { hvacKw: 60, pumpsKw: 220, lightingKw: 40, portCargoKw: 1_400, reeferPlugs: 0 },
    speedFraction: [0.74, 0.95],
    fuels: { main: "HFO", eca: "MGO", aux: "MDO" },
  },
  container_ship: {
    dwtRange: [20_000, 160_000],
    ref: {
      deadweightT: 52_400,
      grossTonnage: 47_000,
      mcrKw: 36_560,
      designSpeedKn: 22.5,
      lengthM: 294,
      beamM: 32.2,
      designDraughtM: 13.5,
    },
    dwtRatio: 0.7,
    windAreaM2: 1_150,
    genset: { kw: 1_800, count: 4 },
    aux: { hvacKw: 90, pumpsKw: 320, lightingKw: 60, portCargoKw: 150, reeferPlugs: 500 },
    speedFraction: [0.62, 0.86],
    fuels: { main: "HFO", eca: "MGO", aux: "MDO" },
  },
  general_cargo_ship: {
    dwtRange: [5_000, 30_000],
    ref: {
      deadweightT: 12_000,
      grossTonnage: 8_500,
      mcrKw: 5_000,
      designSpeedKn: 13.5,
      lengthM: 140,
      beamM: 21,
      designDraughtM: 8.5,
    },
    dwtRatio: 0.72,
    windAreaM2: 350,
    genset: { kw: 400, count: 3 },
    aux: { hvacKw: 30, pumpsKw: 70, lightingKw: 20, portCargoKw: 260, reeferPlugs: 0 },
    speedFraction: [0.75, 0.95],
    fuels: { main: "HFO", eca: "MGO", aux: "MGO" },
  },
  lng_carrier: {
    dwtRange: [70_000, 100_000],
    ref: {
      deadweightT: 90_000,
      grossTonnage: 110_000,
      mcrKw: 28_000,
      designSpeedKn: 19.5,
      lengthM: 290,
      beamM: 46.4,
      designDraughtM: 11.5,
    },
    dwtRatio: 0.74,
    windAreaM2: 1_400,
    genset: { kw: 3_000, count: 4 },
    aux: { hvacKw: 110, pumpsKw: 420, lightingKw: 60, portCargoKw: 1_800, reeferPlugs: 0 },
    speedFraction: [0.75, 0.92],
    fuels: { main: "LNG", eca: "LNG", aux: "MGO" },
  },
};

export type Vessel = {
  index: number;
  name: string;
  imoNumber: string;
  shipType: SimulatedShipType;
  particulars: Particulars;
  hull: {
    designDisplacementT: number;
    lightshipT: number;
    /** Calm-water power P = k·Δ^(2/3)·V³ (kW, t, kn) at the optimum trim with a clean hull. */
    admiraltyK: number;
    /** Quasi-propulsive efficiency η_D converting added resistance to added delivered power. */
    etaD: number;
    windAreaM2: number;
    /** C_AA(ψ) = C·cos ψ, ψ the apparent wind angle off the bow. */
    windCoefficient: number;
    /** Multiplier on the STAwave-1 added wave resistance. */
    waveMultiplier: number;
  };
  fouling: {
    hullRatePctPerDay: number;
    propellerRatePctPerDay: number;
    /** Rate × (1 + gain·(SST − 15 °C)), floored at `coldFloor`. */
    warmWaterGainPerC: number;
    coldFloor: number;
    /** Rate multiplier while idle (in port or at anchor). */
    idleFactor: number;
    /** Fraction of hull fouling left after an in-water hull cleaning (a dry-dock leaves none). */
    cleaningResidual: number;
    hullCleaningIntervalDays: number;
    propellerPolishIntervalDays: number;
    dryDockIntervalDays: number;
    initial: {
      hullPct: number;
      propellerPct: number;
      daysSinceHullCleaning: number;
      daysSincePolish: number;
      daysSinceDryDock: number;
    };
  };
  engine: {
    mcrKw: number;
    /** Shop test at ISO reference LCV 42,700 kJ/kg: SFOC(L) = min + curvature·(L − loadAtMin)², L = P/MCR. */
    sfocMinGPerKwh: number;
    loadAtMin: number;
    curvature: number;
    /** Highest load the master accepts in service, fraction of MCR. */
    maxServiceLoad: number;
    baseDriftPctPerYear: number;
  };
  aux: Template["aux"] & {
    gensetKw: number;
    gensets: number;
    navigationKw: number;
    reeferKwPerPlug: number;
    sfocMinGPerKwh: number;
  };
  trim: {
    /** Optimum trim (m, + by the stern) = a0 + a1·(1 − T/T_design) + a2·(V/V_design − 0.8). */
    a0: number;
    a1: number;
    a2: number;
    /** Added power fraction per m² of distance from the optimum. */
    penaltyPerM2: number;
    /** Standard deviation of the trim the crew sets around the optimum, m. */
    crewErrorSdM: number;
  };
  operation: { speedFraction: [number, number]; baseSlipPct: number };
  fuels: Template["fuels"];
};

export type VesselSpec = {
  shipType: SimulatedShipType;
  name?: string;
  imoNumber?: string;
  particulars?: Partial<Particulars>;
};

const NAMES = [
  "Aurora",
  "Boreas",
  "Celeste",
  "Dorado",
  "Eridanus",
  "Fornax",
  "Gemma",
  "Hydra",
  "Izar",
  "Juno",
  "Kestrel",
  "Lyra",
  "Mira",
  "Nereid",
  "Orion",
  "Pavo",
  "Quasar",
  "Rigel",
  "Sirius",
  "Tethys",
  "Ursa",
  "Vega",
  "Wezen",
  "Xenia",
  "Yildun",
  "Zosma",
];

/** A valid IMO number (A.1117(30) check digit) starting with 9. */
export function makeImoNumber(rng: Random): string {
  const digits = [9, ...Array.from({ length: 5 }, () => rng.int(0, 9))];
  const sum = digits.reduce((s, d, i) => s + d * (7 - i), 0);
  return `${digits.join("")}${sum % 10}`;
}

export function shipTypeLabel(type: SimulatedShipType): string {
  return SHIP_TYPE_LABELS[type];
}

/** Draws one vessel of a type; given particulars (e.g. an existing ship's) are kept and the rest derived. */
export function createVessel(index: number, spec: VesselSpec, rng: Random): Vessel {
  const t = TEMPLATES[spec.shipType];
  const dwt = spec.particulars?.deadweightT ?? Math.round(rng.uniform(...t.dwtRange) / 100) * 100;
  const s = Math.cbrt(dwt / t.ref.deadweightT);
  const round1 = (x: number) => Math.round(x * 10) / 10;
  const designSpeedKn =
    spec.particulars?.designSpeedKn ?? round1(t.ref.designSpeedKn * rng.uniform(0.96, 1.04));
  const designDisplacementT = dwt / t.dwtRatio;
  const refDisplacement = t.ref.deadweightT / t.dwtRatio;
  const mcrGuess =
    t.ref.mcrKw *
    (designDisplacementT / refDisplacement) ** (2 / 3) *
    (designSpeedKn / t.ref.designSpeedKn) ** 3;
  const p: Particulars = {
    deadweightT: dwt,
    grossTonnage:
      spec.particulars?.grossTonnage ?? Math.round((t.ref.grossTonnage * dwt) / t.ref.deadweightT),
    mcrKw: spec.particulars?.mcrKw ?? Math.round(mcrGuess / 10) * 10,
    designSpeedKn,
    // Larger ships grow more in beam than in length and draught (L ∝ s^0.8, B ∝ s^1.4, T ∝ s^0.8: Δ ∝ s³).
    lengthM: spec.particulars?.lengthM ?? round1(t.ref.lengthM * s ** 0.8),
    beamM: spec.particulars?.beamM ?? round1(t.ref.beamM * s ** 1.4),
    designDraughtM: spec.particulars?.designDraughtM ?? round1(t.ref.designDraughtM * s ** 0.8),
    yearBuilt: spec.particulars?.yearBuilt ?? rng.int(2006, 2021),
  };
  // Calm-water power at the design speed and draught: 75 % MCR (85 % MCR service rating with a 15 % sea margin).
  const admiraltyK = (0.75 * p.mcrKw) / (designDisplacementT ** (2 / 3) * designSpeedKn ** 3);
  const area = t.windAreaM2 * (p.beamM / t.ref.beamM) ** 2;
  const gensetKw = Math.round((t.genset.kw * Math.max(0.5, p.mcrKw / t.ref.mcrKw)) / 10) * 10;
  const auxScale = Math.max(0.4, p.mcrKw / t.ref.mcrKw);
  const sized = (kw: number) => Math.round(kw * auxScale * rng.uniform(0.85, 1.15));
  const vessel: Vessel = {
    index,
    name:
      spec.name ??
      `${NAMES[index % NAMES.length]} ${shipTypeLabel(spec.shipType).split(" ")[0]}${index >= NAMES.length ? ` ${Math.floor(index / NAMES.length) + 1}` : ""}`,
    imoNumber: spec.imoNumber ?? makeImoNumber(rng),
    shipType: spec.shipType,
    particulars: p,
    hull: {
      designDisplacementT,
      lightshipT: designDisplacementT - dwt,
      admiraltyK,
      etaD: rng.uniform(0.66, 0.74),
      windAreaM2: Math.round(area),
      windCoefficient: rng.uniform(0.75, 0.95),
      waveMultiplier: rng.uniform(1.5, 2.5),
    },
    fouling: {
      hullRatePctPerDay: rng.uniform(0.012, 0.025),
      propellerRatePctPerDay: rng.uniform(0.004, 0.009),
      warmWaterGainPerC: 0.06,
      coldFloor: 0.25,
      idleFactor: rng.uniform(2, 3),
      cleaningResidual: 0.1,
      hullCleaningIntervalDays: rng.int(270, 420),
      propellerPolishIntervalDays: rng.int(150, 240),
      dryDockIntervalDays: 5 * 365,
      initial: {
        hullPct: 0,
        propellerPct: 0,
        daysSinceHullCleaning: 0,
        daysSincePolish: 0,
        daysSinceDryDock: 0,
      },
    },
    engine: {
      mcrKw: p.mcrKw,
      sfocMinGPerKwh: rng.uniform(164, 172),
      loadAtMin: rng.uniform(0.74, 0.8),
      curvature: rng.uniform(40, 55),
      maxServiceLoad: 0.9,
      baseDriftPctPerYear: rng.uniform(0.3, 0.8),
    },
    aux: {
      hvacKw: sized(t.aux.hvacKw),
      pumpsKw: sized(t.aux.pumpsKw),
      lightingKw: sized(t.aux.lightingKw),
      portCargoKw: sized(t.aux.portCargoKw),
      reeferPlugs: Math.round(t.aux.reeferPlugs * auxScale),
      gensetKw,
      gensets: t.genset.count,
      navigationKw: rng.int(30, 55),
      reeferKwPerPlug: 2.8,
      sfocMinGPerKwh: rng.uniform(195, 205),
    },
    trim: {
      a0: rng.uniform(-0.6, 0.2),
      a1: rng.uniform(2, 4),
      a2: rng.uniform(-1.5, -0.5),
      penaltyPerM2: rng.uniform(0.012, 0.025),
      crewErrorSdM: rng.uniform(0.4, 1),
    },
    operation: { speedFraction: t.speedFraction, baseSlipPct: rng.uniform(4, 8) },
    fuels: t.fuels,
  };
  // History before the simulation: fouling accumulated at an average 1.3 × the base rate.
  const f = vessel.fouling;
  f.initial.daysSinceHullCleaning = rng.int(0, 200);
  f.initial.daysSincePolish = rng.int(0, 120);
  f.initial.daysSinceDryDock = rng.int(f.initial.daysSinceHullCleaning, 1_500);
  f.initial.hullPct = f.initial.daysSinceHullCleaning * f.hullRatePctPerDay * 1.3;
  f.initial.propellerPct = f.initial.daysSincePolish * f.propellerRatePctPerDay * 1.3;
  return vessel;
}
