/**
 * The sea-step truth a charter-party test reads (`onSeaStep`) and the 'out of dry dock' scenario: listening
 * changes nothing in the run, the steps add up to the reported main-engine fuel and distance, and the
 * clean-hull fuel is the fuel the same run burns with fouling switched off.
 */
import { describe, expect, it } from "vitest";
import type { SeaStepTruth } from "./ship-simulation";
import { collect, csvText, smallRun } from "./test-helpers";

const run = (more: Parameters<typeof smallRun>[0] = {}) => smallRun({ days: 40, ships: 1, seed: 3, ...more });

function listened(options: ReturnType<typeof smallRun>) {
  const steps: SeaStepTruth[] = [];
  const c = collect({ ...options, onSeaStep: (_i, s) => steps.push(s) });
  return { ...c, steps };
}

describe("sea-step truth", () => {
  it("leaves the run byte-identical", () => {
    const steps: SeaStepTruth[] = [];
    expect(csvText({ ...run(), onSeaStep: (_i, s) => steps.push(s) })).toBe(csvText(run()));
    expect(steps.length).toBeGreaterThan(100);
  });

  it("adds up to the main-engine fuel and distance the records report", () => {
    const { steps, mainFuel } = listened(run({ model: { noise: false } }));
    const fuel = mainFuel.reduce((s, f) => s + (f.fuelRate * f.periodHours) / 24, 0);
    const distance = mainFuel.reduce((s, f) => s + f.distanceNm, 0);
    expect(steps.reduce((s, x) => s + x.fuelT, 0) / fuel).toBeCloseTo(1, 3);
    expect(steps.reduce((s, x) => s + x.sogKn * x.hours, 0) / distance).toBeCloseTo(1, 3);
  });

  it("gives as clean-hull fuel what the ship burns with fouling off, and more fuel when fouled", () => {
    const fouled = listened(run());
    const clean = listened(run({ model: { fouling: false } }));
    const sum = (xs: SeaStepTruth[], f: (s: SeaStepTruth) => number) => xs.reduce((s, x) => s + f(x), 0);
    // a short run: no maintenance, so the two runs sail the same hours in the same weather
    expect(clean.steps.length).toBe(fouled.steps.length);
    for (const s of clean.steps) expect(s.cleanHullFuelT).toBeCloseTo(s.fuelT, 12);
    expect(sum(fouled.steps, (s) => s.cleanHullFuelT) / sum(clean.steps, (s) => s.fuelT)).toBeCloseTo(1, 9);
    expect(sum(fouled.steps, (s) => s.fuelT)).toBeGreaterThan(sum(fouled.steps, (s) => s.cleanHullFuelT));
  });

  it("starts an 'out of dry dock' ship with a clean hull and propeller", () => {
    const drawn = listened(run());
    const docked = listened(run({ scenarios: [{ outOfDryDock: true }] }));
    expect(drawn.steps[0]!.foulingPct).toBeGreaterThan(0);
    expect(docked.steps[0]!.foulingPct).toBeLessThan(0.1);
    const ship = docked.truth.ships[0]!;
    expect(ship.fouling.initial).toMatchObject({ hullPct: 0, propellerPct: 0, daysSinceDryDock: 0 });
    expect(ship.fouling.monthly[0]!.daysSinceHullCleaning).toBe(0);
  });
});
