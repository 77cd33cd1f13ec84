/**
 * environment-real-time-monitoring: the snapshot of the ship's sensor series — per series with data its
 * latest value, last seen, own cadence, status (domain/live/series-status.ts) and the day before its latest
 * reading as a sparkline. The stream (live/live.routes.ts) pushes what comes after.
 */
import type {
  LiveTile,
  RealTimeMonitoringSectionResponse,
} from "../../../contracts/analysis/real-time-monitoring-section";
import { DEFAULT_STUCK_RUN } from "../../../domain/data-quality/stuck-values";
import { LIVE_SERIES, medianIntervalMs, seriesStatus, sparkline } from "../../../domain/live";
import { liveRecords } from "../../metrics/live-records";
import type { AnalysisContext } from "../context";
import { presentRange } from "../context";

const seconds = (ms: number) => ms / 1000;

export async function realTimeMonitoring(ctx: AnalysisContext): Promise<RealTimeMonitoringSectionResponse> {
  const { db, orgId, ship, range, now } = ctx;
  const records = await liveRecords(db, orgId, ship.id, { kind: "lastDay" });
  const tiles: LiveTile[] = [];
  for (const s of LIVE_SERIES) {
    const points = records
      .filter((r) => r.kind === s.kind && (s.consumer === undefined || r.consumer === s.consumer))
      .flatMap((r) => (r.values[s.key] === undefined ? [] : [{ t: r.ts, v: r.values[s.key]! }]));
    const last = points.at(-1);
    if (!last) continue;
    const cadenceMs = medianIntervalMs(points.map((p) => p.t));
    const recent = points.slice(-DEFAULT_STUCK_RUN);
    const verdict = seriesStatus(
      { lastMs: last.t, cadenceMs, recent, plausible: s.plausible, frozenCheck: s.frozenCheck },
      now.getTime(),
    );
    const line = sparkline(points);
    tiles.push({
      key: s.key,
      label: s.label,
      unit: s.unit,
      digits: s.digits,
      value: last.v,
      lastSeen: new Date(last.t).toISOString(),
      cadenceSeconds: cadenceMs === null ? null : seconds(cadenceMs),
      ...verdict,
      recent: { t: recent.map((p) => seconds(p.t)), v: recent.map((p) => p.v) },
      sparkline: { t: line.t.map(seconds), v: line.v },
    });
  }
  return {
    section: "environment-real-time-monitoring",
    status: "ready",
    shipId: ship.id,
    range: presentRange(range),
    asOf: now.toISOString(),
    newestMs: records.at(-1)?.ts ?? null,
    tiles,
  };
}
