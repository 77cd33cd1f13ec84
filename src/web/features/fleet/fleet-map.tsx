/**
 * The fleet's last reported positions on the offline world map (ui/world-map/land.ts), fitted to the ships;
 * a ship that needs attention is drawn red. A click opens its dashboard.
 */
import { geoNaturalEarth1, geoPath } from "d3-geo";
import type { MultiPoint } from "geojson";
import { useMemo } from "react";
import { useNavigate } from "react-router";
import type { FleetShip } from "../../../contracts/fleet";
import { formatInstant } from "../../lib/format";
import { LAND_CREDIT, useLand } from "../../ui/world-map/land";
import { needsAttention } from "./fleet-table-model";

const WIDTH = 960;
const HEIGHT = 420;

export default function FleetMap({ ships }: { ships: readonly FleetShip[] }) {
  const land = useLand();
  const navigate = useNavigate();
  const placed = ships.filter((s) => s.position !== null);
  const projection = useMemo(() => {
    const p = geoNaturalEarth1();
    // each ship with a margin of sea around it, so that one ship (or a fleet in one port) still shows its
    // coast instead of a point blown up to the whole frame
    const points: MultiPoint = {
      type: "MultiPoint",
      coordinates: placed.flatMap((s) => {
        const { lon, lat } = s.position!;
        const clampLat = (x: number) => Math.max(-85, Math.min(85, x));
        return [
          [lon - 12, clampLat(lat - 8)],
          [lon + 12, clampLat(lat + 8)],
        ];
      }),
    };
    p.fitExtent(
      [
        [60, 40],
        [WIDTH - 60, HEIGHT - 40],
      ],
      points,
    );
    return p;
  }, [placed]);
  const path = geoPath(projection);
  // fitted to no point the projection is all NaN: no map rather than a broken one
  if (placed.length === 0)
    return (
      <p className="text-sm text-slate-600" data-testid="fleet-map-empty">
        No positions yet: a ship's position comes with its records (latitude and longitude) or its live feed.
      </p>
    );
  return (
    <figure className="flex flex-col gap-2" data-testid="fleet-map">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="w-full rounded-md border border-slate-200 bg-sky-50"
        role="img"
        aria-label={`Last reported positions of ${placed.length} ships`}
      >
        <path d={path({ type: "Sphere" }) ?? undefined} fill="#e0f2fe" />
        {land ? <path d={path(land) ?? undefined} fill="#e2e8f0" stroke="#94a3b8" strokeWidth={0.6} /> : null}
        {placed.map((s) => {
          const xy = projection([s.position!.lon, s.position!.lat]);
          if (!xy) return null;
          const alert = needsAttention(s);
          return (
            // biome-ignore lint/a11y/useSemanticElements: an SVG mark; the table holds the same links
            <g
              key={s.id}
              role="link"
              tabIndex={0}
              className="cursor-pointer"
              onClick={() => navigate(`/dashboard/${s.id}`)}
              onKeyDown={(e) => e.key === "Enter" && navigate(`/dashboard/${s.id}`)}
              data-testid="fleet-map-ship"
            >
              <title>{`${s.name}: ${formatInstant(s.position!.at)}`}</title>
              <circle
                cx={xy[0]}
                cy={xy[1]}
                r={6}
                fill={alert ? "#dc2626" : "#0369a1"}
                stroke="white"
                strokeWidth={1.5}
              />
              <text x={xy[0] + 9} y={xy[1] + 4} fontSize={13} fill="#0f172a">
                {s.name}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="flex flex-wrap gap-3 text-xs text-slate-600">
        <span>
          {placed.length} of {ships.length} ships with a reported position
          {placed.length < ships.length ? " (the others have none stored)" : ""}.
        </span>
        <span className="inline-flex items-center gap-1">
          <span className="inline-block h-2.5 w-2.5 rounded-full bg-red-600" /> needs attention
        </span>
        <span>{LAND_CREDIT}</span>
      </figcaption>
    </figure>
  );
}
