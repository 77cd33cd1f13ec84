import type { InputRange } from "../data-quality/input-range.js";
import { DEFINED_RANGES, PLAUSIBILITY_RANGES as P } from "../data-quality/plausibility.js";
import { AT_SEA_MIN_STW_KN } from "../records/record-arithmetic.js";
import { SHIP_PARTICULAR_LIMITS as SHIP } from "../ships/particular-limits.js";

/**
 * Plausible ranges of the hull performance calculator's inputs, each with its source. Defined once: the
 * contract builds its zod schema from them (a 400 names the field) and `calculateHullPerformance` checks
 * them again for callers that skip the contract. Built from the records' plausibility ranges and the ship
 * particulars' limits so that the calculator accepts what a record or a ship may hold, and no more.
 */
export const HULL_CALCULATOR_RANGES = {
  power: {
    min: 10,
    max: SHIP.enginePower,
    unit: "kW",
    source:
      "at least 10 kW (below any propulsion engine under way; catches MW typed as kW the other way) and at most the installed power limit of a ship (SHIP_PARTICULAR_LIMITS)",
  },
  // A hard refusal of the input (400), not the records' soft plausibility flag: the calculator is not told
  // the fuel, and the physical SFOC range moves with it (sfocPlausibilityRange / report checks, decision 007),
  // so this bound only catches unit and typing errors on any fuel; the physical check stays with the records.
  sfoc: {
    min: 120,
    max: 350,
    unit: "g/kWh",
    source:
      "a hard input bound for any fuel and engine (unit and typing errors); Sextant engineering bound [MEM]",
  },
  speed: {
    min: AT_SEA_MIN_STW_KN,
    max: P.speedThroughWater.max,
    unit: "kn",
    source:
      "under way (above the at-sea threshold AT_SEA_MIN_STW_KN) and within the records' speed-through-water range",
  },
  seaState: { ...DEFINED_RANGES.seaState, source: "the Douglas scale, 0–9 by definition (DEFINED_RANGES)" },
  windSpeed: { ...P.windSpeed, source: "the records' wind speed plausibility range" },
  waveHeight: { ...P.waveHeight, source: "the records' wave height plausibility range" },
  fuelPricePerTonne: {
    min: 0,
    minExclusive: true,
    max: 10_000,
    unit: "USD/t",
    source:
      "about 5× the dearest marine fuels ever quoted (MGO near 1,500–2,000 USD/t in 2022) [MEM]: catches unit mix-ups",
  },
  cleaningCost: {
    min: 0,
    max: 10_000_000,
    unit: "USD",
    source:
      "an in-water cleaning costs tens of thousands, a dry-docking with full re-coating a few million USD [MEM]",
  },
  lengthM: {
    min: 24,
    max: SHIP.length,
    unit: "m",
    source:
      "from 24 m (the Load Lines Convention's smallest sea-going ship) [MEM] to the ship particulars limit",
  },
  beamM: {
    min: 3,
    max: SHIP.beam,
    unit: "m",
    source: "a sea-going ship's beam [MEM] up to the particulars limit",
  },
  bowLengthM: {
    min: 1,
    max: SHIP.length,
    unit: "m",
    source:
      "part of the ship's length (ship particulars limit); STAwave-1 grows as 1/√L_BWL, so 0 is refused",
  },
  frontalAreaM2: {
    min: 10,
    max: 5_000,
    unit: "m²",
    source: "beam × height above water, from a small coaster to the largest ships (≤ 80 m × ≤ 60 m) [MEM]",
  },
} as const satisfies Record<string, InputRange>;

/**
 * Largest relative difference between the current and the baseline speed, 0.2 (±20 %), over which the
 * calculator puts the two powers at the same speed with the cube law (P ∝ V³, reference-data.md §11).
 * The law is an approximation near service speed; its exponent runs from about 3 to 4 with speed, and an
 * exponent error of 0.5 already moves the power by 10 % (25 roughness-index points) at 20 % off [MEM].
 * Farther apart, the comparison is refused rather than guessed.
 */
export const CUBE_LAW_MAX_SPEED_DEVIATION = 0.2;

/**
 * The hull efficiency a calculation may produce: the records' plausible range for hullEfficiency
 * (−60 % to +20 %, i.e. excess power from −16.7 % to +150 % at equal speed). A result outside it comes
 * from inconsistent powers (units, a baseline at another speed or draught), not from a hull.
 */
export const HULL_EFFICIENCY_RANGE: InputRange = {
  ...P.hullEfficiency,
  source: "the records' hull efficiency plausibility range (data-quality/plausibility.ts)",
};
