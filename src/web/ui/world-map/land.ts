/**
 * The world's land for offline maps: the Natural Earth 1:50m data set packaged in `world-atlas` (TopoJSON,
 * public domain), loaded lazily once as a separate chunk of the web build, never from a tile server.
 */
import type { FeatureCollection } from "geojson";
import { useEffect, useState } from "react";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";

let landPromise: Promise<FeatureCollection> | null = null;

export function loadLand(): Promise<FeatureCollection> {
  landPromise ??= import("world-atlas/land-50m.json").then((m) => {
    const topo = (m.default ?? m) as unknown as Topology<{ land: GeometryCollection }>;
    return feature(topo, topo.objects.land) as FeatureCollection;
  });
  return landPromise;
}

/** The land polygons once loaded (null before). */
export function useLand(): FeatureCollection | null {
  const [land, setLand] = useState<FeatureCollection | null>(null);
  useEffect(() => {
    let live = true;
    loadLand().then((l) => live && setLand(l));
    return () => {
      live = false;
    };
  }, []);
  return land;
}

export const LAND_CREDIT = "Coastlines: Natural Earth 1:50m (public domain).";
