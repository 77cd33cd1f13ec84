/** Helpers for the simulator's tests: small runs collected by record kind. */
import { csvLine } from "./csv";
import { type FleetOptions, FleetSimulation, spanFrom } from "./fleet";
import type { FuelRecord, SimRecord } from "./records";

export const CALM_CLEAN = {
  weather: false,
  fouling: false,
  trimError: false,
  drift: false,
  noise: false,
} as const;

export function smallRun(overrides: Partial<FleetOptions> & { days?: number } = {}): FleetOptions {
  const { days = 120, ...rest } = overrides;
  return {
    ships: 3,
    seed: 7,
    cadence: "1h",
    ...spanFrom(Date.UTC(2024, 0, 1), days / 365, overrides.cadence ?? "1h"),
    ...rest,
  };
}

export function collect(options: FleetOptions) {
  const fleet = new FleetSimulation(options);
  const byKind = new Map<SimRecord["kind"], SimRecord[]>();
  for (const r of fleet.records()) {
    const list = byKind.get(r.kind) ?? [];
    list.push(r);
    byKind.set(r.kind, list);
  }
  const of = <K extends SimRecord["kind"]>(k: K) =>
    (byKind.get(k) ?? []) as Extract<SimRecord, { kind: K }>[];
  return {
    fleet,
    truth: fleet.groundTruth(),
    of,
    mainFuel: (of("fuel") as FuelRecord[]).filter((f) => f.consumer === "main"),
  };
}

/** The whole run as the concatenated CSV text of every record (for byte comparisons). */
export function csvText(options: FleetOptions): string {
  let out = "";
  for (const r of new FleetSimulation(options).records()) out += csvLine(r);
  return out;
}

/** Ordinary least squares y = b0 + b1·x1 + b2·x2; returns [b0, b1, b2]. */
export function fit2(x1: number[], x2: number[], y: number[]): [number, number, number] {
  const n = y.length;
  const m = (a: number[]) => a.reduce((s, v) => s + v, 0) / n;
  const [m1, m2, my] = [m(x1), m(x2), m(y)];
  let s11 = 0;
  let s22 = 0;
  let s12 = 0;
  let s1y = 0;
  let s2y = 0;
  for (let i = 0; i < n; i++) {
    const a = x1[i]! - m1;
    const b = x2[i]! - m2;
    const c = y[i]! - my;
    s11 += a * a;
    s22 += b * b;
    s12 += a * b;
    s1y += a * c;
    s2y += b * c;
  }
  const det = s11 * s22 - s12 * s12;
  const b1 = (s1y * s22 - s2y * s12) / det;
  const b2 = (s2y * s11 - s1y * s12) / det;
  return [my - b1 * m1 - b2 * m2, b1, b2];
}
