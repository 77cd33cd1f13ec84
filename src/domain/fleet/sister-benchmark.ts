/**
 * Benchmarking of sister ships: ships of one type and size band (./size-bands.ts) compared on the figures a
 * fleet manager ranks them by, each where lower is better — SFOC against the engine's own shop test at the same
 * load (normalises for engine model and load), ISO 19030 speed loss, EEOI (MEPC.1/Circ.684) and fuel cost per
 * nautical mile. The spread (worst − best) says how much the group leaves on the table; the worst performer is
 * named per figure. A figure is compared only among the ships that have it, and only when two or more do.
 */
import type { ShipType } from "../ships/ship-types";
import { type SizeBand, sizeBandOf } from "./size-bands";

export const BENCHMARK_METRICS = ["sfocVsShopTestPercent", "speedLossPercent", "eeoi", "costPerNm"] as const;
export type BenchmarkMetric = (typeof BENCHMARK_METRICS)[number];

export type BenchmarkShip = {
  shipId: number;
  shipType: ShipType;
  deadweight: number | null;
  figures: Record<BenchmarkMetric, number | null>;
};

export type MetricComparison = {
  /** Ships with the figure. */
  n: number;
  median: number;
  best: { shipId: number; value: number };
  worst: { shipId: number; value: number };
  /** worst − best, in the figure's unit. */
  spread: number;
  /** Each ship's figure and its distance from the median (value − median, the figure's unit). */
  ships: { shipId: number; value: number; fromMedian: number }[];
};

export type PeerGroup = {
  shipType: ShipType;
  band: SizeBand;
  shipIds: number[];
  metrics: Record<BenchmarkMetric, MetricComparison | null>;
};

/** Median of a non-empty list. */
function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

function compare(ships: readonly BenchmarkShip[], metric: BenchmarkMetric): MetricComparison | null {
  const withFigure = ships
    .map((s) => ({ shipId: s.shipId, value: s.figures[metric] }))
    .filter((s): s is { shipId: number; value: number } => s.value !== null && Number.isFinite(s.value));
  if (withFigure.length < 2) return null;
  const m = median(withFigure.map((s) => s.value));
  // ties go to the lower ship id, so the answer does not depend on the order ships were read in
  const ordered = [...withFigure].sort((a, b) => a.value - b.value || a.shipId - b.shipId);
  const best = ordered[0]!;
  const worst = [...withFigure].sort((a, b) => b.value - a.value || a.shipId - b.shipId)[0]!;
  return {
    n: withFigure.length,
    median: m,
    best,
    worst,
    spread: worst.value - best.value,
    ships: ordered.map((s) => ({ ...s, fromMedian: s.value - m })),
  };
}

/** The groups of two or more sister ships, largest first, each with its comparisons. */
export function sisterShipGroups(ships: readonly BenchmarkShip[]): PeerGroup[] {
  const groups = new Map<string, { shipType: ShipType; band: SizeBand; ships: BenchmarkShip[] }>();
  for (const ship of ships) {
    const band = sizeBandOf(ship.shipType, ship.deadweight);
    if (!band) continue;
    const key = `${ship.shipType}/${band.id}`;
    const group = groups.get(key) ?? { shipType: ship.shipType, band, ships: [] };
    group.ships.push(ship);
    groups.set(key, group);
  }
  return [...groups.values()]
    .filter((g) => g.ships.length >= 2)
    .sort((a, b) => b.ships.length - a.ships.length || a.shipType.localeCompare(b.shipType))
    .map((g) => ({
      shipType: g.shipType,
      band: g.band,
      shipIds: g.ships.map((s) => s.shipId).sort((a, b) => a - b),
      metrics: Object.fromEntries(BENCHMARK_METRICS.map((m) => [m, compare(g.ships, m)])) as Record<
        BenchmarkMetric,
        MetricComparison | null
      >,
    }));
}
