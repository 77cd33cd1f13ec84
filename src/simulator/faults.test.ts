import { describe, expect, it } from "vitest";
import { csvLine } from "./csv";
import type { FaultEvent } from "./faults";
import { FleetSimulation } from "./fleet";
import { smallRun } from "./test-helpers";

function lines(faults: boolean | undefined, events?: FaultEvent[]) {
  const fleet = new FleetSimulation({
    ...smallRun({ days: 120 }),
    faults: faults ? { missing: 0.02, stuck: 0.01, outlier: 0.01, duplicate: 0.01 } : false,
    onFault: (e) => events?.push(e),
  });
  return [...fleet.records()].map(csvLine);
}

describe("faults", () => {
  const clean = lines(false);
  const events: FaultEvent[] = [];
  const faulty = lines(true, events);
  const count = (f: string) => events.filter((e) => e.fault === f).length;

  it("injects each kind of fault at about its rate, and reports every one", () => {
    const series = clean.length;
    expect(count("missing") / series).toBeGreaterThan(0.015);
    expect(count("missing") / series).toBeLessThan(0.025);
    expect(count("duplicate") / series).toBeGreaterThan(0.006);
    expect(count("outlier") / series).toBeGreaterThan(0.006);
    expect(count("stuck")).toBeGreaterThan(100);
    expect(faulty.length).toBe(clean.length - count("missing") + count("duplicate"));
  });

  it("sends a duplicated report twice in a row", () => {
    let twins = 0;
    for (let i = 1; i < faulty.length; i++) if (faulty[i] === faulty[i - 1]) twins++;
    expect(twins).toBe(count("duplicate"));
  });

  it("leaves the rows without faults as they were", () => {
    const cleanSet = new Set(clean);
    const touched = events.filter((e) => e.fault === "outlier" || e.fault === "stuck").length;
    const changed = faulty.filter((l) => !cleanSet.has(l)).length;
    expect(changed).toBeLessThanOrEqual(touched);
    expect(changed).toBeGreaterThan(0);
  });
});
