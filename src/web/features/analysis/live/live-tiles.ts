/**
 * The live tiles in the browser: the snapshot's tiles, updated by each streamed record (value, last seen,
 * the latest readings, the sparkline's day) and re-judged as time passes with the server's rule
 * (domain/live/series-status.ts), so a series turns stale on screen without a reload.
 */
import type { LiveRecordEvent, LiveTile } from "../../../../contracts/analysis/real-time-monitoring-section";
import { DEFAULT_STUCK_RUN } from "../../../../domain/data-quality/stuck-values";
import { LIVE_SERIES, medianIntervalMs, seriesStatus } from "../../../../domain/live";

const DAY_S = 86_400;

/** The tiles after one streamed record (a series the snapshot lacked gets a tile of its own). */
export function applyLiveRecord(tiles: readonly LiveTile[], event: LiveRecordEvent): LiveTile[] {
  const t = Date.parse(event.ts) / 1000;
  const next = [...tiles];
  for (const [key, v] of Object.entries(event.values)) {
    const series = LIVE_SERIES.find((s) => s.key === key);
    if (!series) continue;
    const at = next.findIndex((x) => x.key === key);
    const old = at >= 0 ? next[at]! : undefined;
    if (old && t <= Date.parse(old.lastSeen) / 1000) continue;
    const recentT = [...(old?.recent.t ?? []), t].slice(-DEFAULT_STUCK_RUN);
    const recentV = [...(old?.recent.v ?? []), v].slice(-DEFAULT_STUCK_RUN);
    const keep = (old?.sparkline.t ?? []).map((x) => x > t - DAY_S);
    const cadence = medianIntervalMs([...(old?.recent.t ?? []), t].map((s) => s * 1000));
    const tile: LiveTile = {
      key,
      label: series.label,
      unit: series.unit,
      digits: series.digits,
      value: v,
      lastSeen: event.ts,
      cadenceSeconds: old?.cadenceSeconds ?? (cadence === null ? null : cadence / 1000),
      stale: false,
      status: "active",
      reasons: [],
      recent: { t: recentT, v: recentV },
      sparkline: {
        t: [...(old?.sparkline.t ?? []).filter((_, i) => keep[i]), t],
        v: [...(old?.sparkline.v ?? []).filter((_, i) => keep[i]), v],
      },
    };
    if (at >= 0) next[at] = tile;
    else next.push(tile);
  }
  const order = (key: string) => LIVE_SERIES.findIndex((s) => s.key === key);
  return next.sort((a, b) => order(a.key) - order(b.key));
}

/** Each tile's status at `nowMs` (the server's rule, with the tile's own cadence). */
export function judgeTiles(tiles: readonly LiveTile[], nowMs: number): LiveTile[] {
  return tiles.map((tile) => {
    const series = LIVE_SERIES.find((s) => s.key === tile.key);
    const verdict = seriesStatus(
      {
        lastMs: Date.parse(tile.lastSeen),
        cadenceMs: tile.cadenceSeconds === null ? null : tile.cadenceSeconds * 1000,
        recent: tile.recent.t.map((t, i) => ({ t: t * 1000, v: tile.recent.v[i]! })),
        plausible: series?.plausible,
        frozenCheck: series?.frozenCheck,
      },
      nowMs,
    );
    return { ...tile, ...verdict };
  });
}
