/**
 * The voyage track on a world map, offline: land from the Natural Earth 1:50m data set packaged in
 * `world-atlas` (TopoJSON, loaded lazily with this module, never a tile server), projected with d3-geo
 * (Natural Earth projection fitted to the track) and drawn as SVG, the track coloured by a chosen figure.
 */
import { geoNaturalEarth1, geoPath } from "d3-geo";
import type { MultiPoint } from "geojson";
import { useMemo } from "react";
import { extentOf } from "../../../../domain/performance/statistics";
import { formatNumber } from "../../../lib/format";
import { LAND_CREDIT, useLand } from "../../../ui/world-map/land";
import { colorAt, trackSegments } from "./track-colors";

export type TrackFigure = { label: string; unit: string; values: readonly (number | null)[] };

const WIDTH = 960;
const HEIGHT = 480;

export default function VoyageMap({
  t,
  lat,
  lon,
  figure,
}: {
  t: readonly number[];
  lat: readonly number[];
  lon: readonly number[];
  figure: TrackFigure;
}) {
  const land = useLand();
  const projection = useMemo(() => {
    const points: MultiPoint = { type: "MultiPoint", coordinates: lon.map((x, i) => [x, lat[i]!]) };
    const p = geoNaturalEarth1();
    // fitted to the track with a margin; a track of a single spot still shows its surroundings
    p.fitExtent(
      [
        [60, 40],
        [WIDTH - 60, HEIGHT - 40],
      ],
      points,
    );
    if (p.scale() > 2500) p.scale(2500);
    return p;
  }, [lat, lon]);
  const path = geoPath(projection);
  const extent = extentOf(figure.values);
  // the line breaks where the data do (trackSegments: antimeridian, or a gap of STALE_FACTOR spacings)
  const segments = useMemo(() => {
    const lines: { x1: number; y1: number; x2: number; y2: number; color: string }[] = [];
    const dots: { x: number; y: number; color: string }[] = [];
    const xy = lon.map((x, i) => projection([x, lat[i]!]));
    const colorOf = (i: number) => {
      const v = figure.values[i] ?? null;
      return v === null || !extent
        ? "#64748b"
        : colorAt(extent[1] > extent[0] ? (v - extent[0]) / (extent[1] - extent[0]) : 0.5);
    };
    for (const run of trackSegments(t, lon)) {
      const lone = xy[run.start];
      if (run.start === run.end && lone) dots.push({ x: lone[0], y: lone[1], color: colorOf(run.start) });
      for (let i = run.start + 1; i <= run.end; i++) {
        const a = xy[i - 1];
        const b = xy[i];
        if (a && b) lines.push({ x1: a[0], y1: a[1], x2: b[0], y2: b[1], color: colorOf(i) });
      }
    }
    return { lines, dots };
  }, [t, lat, lon, figure, projection, extent]);
  const first = projection([lon[0]!, lat[0]!]);
  const last = projection([lon.at(-1)!, lat.at(-1)!]);
  return (
    <figure className="flex flex-col gap-2" data-testid="voyage-map">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="w-full rounded-md border border-slate-200 bg-sky-50"
        role="img"
        aria-label={`Voyage track on a world map, coloured by ${figure.label}`}
      >
        <path d={path({ type: "Sphere" }) ?? undefined} fill="#e0f2fe" />
        {land ? (
          <path
            d={path(land) ?? undefined}
            fill="#e2e8f0"
            stroke="#94a3b8"
            strokeWidth={0.6}
            data-testid="map-land"
          />
        ) : null}
        <g strokeWidth={2.5} strokeLinecap="round" data-testid="map-track">
          {segments.lines.map((s, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional and redrawn whole
            <line key={i} x1={s.x1} y1={s.y1} x2={s.x2} y2={s.y2} stroke={s.color} />
          ))}
          {segments.dots.map((d, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: positional, redrawn whole
            <circle key={`dot-${i}`} cx={d.x} cy={d.y} r={1.8} fill={d.color} stroke="none" />
          ))}
        </g>
        {first ? (
          <circle cx={first[0]} cy={first[1]} r={5} fill="#15803d" stroke="white" strokeWidth={1.5} />
        ) : null}
        {last ? (
          <circle cx={last[0]} cy={last[1]} r={5} fill="#dc2626" stroke="white" strokeWidth={1.5} />
        ) : null}
      </svg>
      <figcaption className="flex flex-wrap items-center gap-3 text-xs text-slate-600">
        <span className="inline-flex items-center gap-1">
          <span className="inline-block h-2.5 w-2.5 rounded-full bg-green-700" /> first position
        </span>
        <span className="inline-flex items-center gap-1">
          <span className="inline-block h-2.5 w-2.5 rounded-full bg-red-600" /> last position
        </span>
        {extent ? (
          <span className="inline-flex items-center gap-1" data-testid="map-legend">
            {figure.label}: {formatNumber(extent[0], 1)}
            <span
              className="inline-block h-2.5 w-24 rounded"
              style={{
                background: `linear-gradient(to right, ${[0, 0.33, 0.66, 1].map(colorAt).join(", ")})`,
              }}
            />
            {formatNumber(extent[1], 1)} {figure.unit}
          </span>
        ) : (
          <span>No {figure.label.toLowerCase()} recorded at these positions: the track is drawn grey.</span>
        )}
        <span>{LAND_CREDIT}</span>
      </figcaption>
    </figure>
  );
}
