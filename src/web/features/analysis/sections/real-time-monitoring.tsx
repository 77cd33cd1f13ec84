import { Radio } from "lucide-react";
import type { LiveTile } from "../../../../contracts/analysis/real-time-monitoring-section";
import type { SensorStatus } from "../../../../domain/live/series-status";
import type { DashboardFilters } from "../../../lib/dashboard-filters";
import { formatInstant, formatNumber } from "../../../lib/format";
import { Badge } from "../../../ui/badge";
import { useSection } from "../api/get-section";
import { useLiveTiles } from "../live/use-live-tiles";
import { NoData, SectionQuery } from "./section-frame";

/** Sensor status (spec §4): active, warning, error; any other neutral. */
const STATUS_TONE: Record<SensorStatus, "success" | "warning" | "danger"> = {
  active: "success",
  warning: "warning",
  error: "danger",
};

/** The day before the latest reading as a line, scaled to the tile. */
function Sparkline({ t, v }: { t: number[]; v: number[] }) {
  if (t.length < 2) return <div className="h-8" />;
  const [t0, t1] = [t[0]!, t.at(-1)!];
  const lo = Math.min(...v);
  const hi = Math.max(...v);
  const x = (s: number) => ((s - t0) / (t1 - t0 || 1)) * 100;
  const y = (val: number) => 30 - ((val - lo) / (hi - lo || 1)) * 28 - 1;
  const points = t.map((s, i) => `${x(s).toFixed(2)},${y(v[i]!).toFixed(2)}`).join(" ");
  return (
    <svg viewBox="0 0 100 30" preserveAspectRatio="none" className="h-8 w-full" aria-hidden="true">
      <polyline
        points={points}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}

function ago(iso: string, now: number): string {
  const s = Math.max(0, (now - Date.parse(iso)) / 1000);
  if (s < 90) return `${Math.round(s)} s ago`;
  if (s < 5400) return `${Math.round(s / 60)} min ago`;
  if (s < 172_800) return `${Math.round(s / 3600)} h ago`;
  return `${Math.round(s / 86_400)} days ago`;
}

function Tile({ tile }: { tile: LiveTile }) {
  const now = Date.now();
  return (
    <div
      className="flex flex-col gap-1 rounded-md border border-slate-200 bg-white p-3"
      data-testid={`live-tile-${tile.key}`}
      data-status={tile.status}
    >
      <div className="flex items-center justify-between gap-2">
        <span className="text-xs font-medium text-slate-500">{tile.label}</span>
        <div className="flex gap-1">
          {tile.stale ? (
            <Badge tone="warning" data-testid="live-stale">
              STALE
            </Badge>
          ) : null}
          <Badge tone={STATUS_TONE[tile.status]}>{tile.status}</Badge>
        </div>
      </div>
      <div className="text-xl font-semibold tabular-nums text-slate-900" data-testid="live-value">
        {formatNumber(tile.value, tile.digits)}{" "}
        <span className="text-sm font-normal text-slate-500">{tile.unit}</span>
      </div>
      <div className="text-sky-600">
        <Sparkline t={tile.sparkline.t} v={tile.sparkline.v} />
      </div>
      <p className="text-xs text-slate-500" title={formatInstant(tile.lastSeen)}>
        Last seen {ago(tile.lastSeen, now)}
        {tile.cadenceSeconds !== null ? ` · every ${formatCadence(tile.cadenceSeconds)}` : ""}
      </p>
      {tile.reasons.map((r) => (
        <p key={r} className="text-xs text-amber-700">
          {r}
        </p>
      ))}
    </div>
  );
}

function formatCadence(seconds: number): string {
  if (seconds < 120) return `${Math.round(seconds)} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  return `${Math.round(seconds / 3600)} h`;
}

function LiveTiles({ data }: { data: Parameters<typeof useLiveTiles>[0] }) {
  const { tiles, connection, received } = useLiveTiles(data);
  return (
    <>
      <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
        <Badge tone={connection === "live" ? "success" : "neutral"} data-testid="live-connection">
          {connection === "live" ? "Live" : connection === "connecting" ? "Connecting…" : "Reconnecting…"}
        </Badge>
        <span>
          Latest value of each sensor; new records appear as they are stored ({formatNumber(received, 0)}{" "}
          since opened). A series is stale when it is late by 3 of its own intervals.
        </span>
      </div>
      {tiles.length === 0 ? (
        <NoData title="No sensor data for this ship yet" icon={Radio}>
          Records from forms, uploads (an NMEA 0183 log too) or ingestion appear here as they are stored.
        </NoData>
      ) : (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4" data-testid="live-tiles">
          {tiles.map((tile) => (
            <Tile key={tile.key} tile={tile} />
          ))}
        </div>
      )}
    </>
  );
}

/**
 * environment-real-time-monitoring: live tiles of the ship's sensors (latest value, sparkline of the last
 * day, last seen, stale and status), updated by Server-Sent Events without a reload. The range filter does
 * not apply: live values are the latest.
 */
export function RealTimeMonitoringSection({
  shipId,
  filters,
}: {
  shipId: number;
  filters: DashboardFilters;
}) {
  const query = useSection(shipId, "environment-real-time-monitoring", filters);
  return (
    <SectionQuery query={query} name="Real-time Monitoring">
      {(data) => <LiveTiles data={data} />}
    </SectionQuery>
  );
}
