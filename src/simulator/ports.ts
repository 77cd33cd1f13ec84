/**
 * Real ports and a small sea-lane graph between them. Legs follow the shortest path over hand-placed
 * waypoints (straits, capes, canals) so that routes pass Suez, Malacca, Gibraltar or the Cape instead of
 * crossing land; each edge is a great circle. Positions are approximate (±0.2°): enough for distances and
 * climate, not for navigation.
 */
import { greatCircleNm, initialBearingDeg, intermediatePoint, type LatLon } from "./geo";

export type Port = LatLon & { code: string; name: string };

export const PORTS = {
  NLRTM: { code: "NLRTM", name: "Rotterdam", lat: 51.95, lon: 4.05 },
  DEHAM: { code: "DEHAM", name: "Hamburg", lat: 53.54, lon: 9.97 },
  USHOU: { code: "USHOU", name: "Houston", lat: 29.6, lon: -94.95 },
  BRSSZ: { code: "BRSSZ", name: "Santos", lat: -23.99, lon: -46.3 },
  BRTUB: { code: "BRTUB", name: "Tubarão", lat: -20.29, lon: -40.24 },
  NGBON: { code: "NGBON", name: "Bonny", lat: 4.42, lon: 7.15 },
  ZARCB: { code: "ZARCB", name: "Richards Bay", lat: -28.8, lon: 32.08 },
  SARTA: { code: "SARTA", name: "Ras Tanura", lat: 26.64, lon: 50.16 },
  AEJEA: { code: "AEJEA", name: "Jebel Ali", lat: 25.01, lon: 55.06 },
  AEFJR: { code: "AEFJR", name: "Fujairah", lat: 25.17, lon: 56.36 },
  LKCMB: { code: "LKCMB", name: "Colombo", lat: 6.95, lon: 79.84 },
  SGSIN: { code: "SGSIN", name: "Singapore", lat: 1.26, lon: 103.84 },
  AUPHE: { code: "AUPHE", name: "Port Hedland", lat: -20.31, lon: 118.58 },
  CNNGB: { code: "CNNGB", name: "Ningbo", lat: 29.93, lon: 121.95 },
  CNSHA: { code: "CNSHA", name: "Shanghai", lat: 30.62, lon: 122.07 },
  CNTAO: { code: "CNTAO", name: "Qingdao", lat: 36.07, lon: 120.32 },
  KRPUS: { code: "KRPUS", name: "Busan", lat: 35.1, lon: 129.04 },
} as const satisfies Record<string, Port>;

export type PortCode = keyof typeof PORTS;

const WAYPOINTS: Record<string, LatLon> = {
  GERMAN_BIGHT: { lat: 54.0, lon: 7.8 },
  TEXEL: { lat: 53.3, lon: 4.3 },
  DOVER: { lat: 51.05, lon: 1.6 },
  USHANT: { lat: 48.6, lon: -5.9 },
  FINISTERRE: { lat: 43.0, lon: -10.3 },
  ST_VINCENT: { lat: 36.7, lon: -9.3 },
  GIBRALTAR: { lat: 35.95, lon: -5.6 },
  MED_W: { lat: 37.0, lon: 1.0 },
  SICILY: { lat: 37.4, lon: 11.7 },
  PORT_SAID: { lat: 31.6, lon: 32.3 },
  SUEZ: { lat: 29.8, lon: 32.57 },
  BAB_EL_MANDEB: { lat: 12.6, lon: 43.35 },
  ADEN_E: { lat: 13.2, lon: 52.5 },
  RAS_AL_HADD: { lat: 22.8, lon: 60.3 },
  GULF_OF_OMAN: { lat: 25.5, lon: 57.0 },
  HORMUZ: { lat: 26.55, lon: 56.5 },
  GULF_C: { lat: 26.1, lon: 55.4 },
  DONDRA: { lat: 5.6, lon: 80.6 },
  MALACCA_N: { lat: 6.4, lon: 95.8 },
  MALACCA_P: { lat: 4.9, lon: 98.6 },
  MALACCA_S: { lat: 2.7, lon: 101.0 },
  SINGAPORE_E: { lat: 1.3, lon: 104.6 },
  SCS_S: { lat: 10.0, lon: 110.0 },
  SCS_N: { lat: 20.5, lon: 116.5 },
  TAIWAN_STRAIT: { lat: 24.5, lon: 119.7 },
  ZHEJIANG: { lat: 28.0, lon: 122.3 },
  YELLOW_SEA: { lat: 33.5, lon: 123.5 },
  KOREA_S: { lat: 32.6, lon: 127.5 },
  KARIMATA: { lat: -1.5, lon: 108.8 },
  JAVA_C: { lat: -5.0, lon: 109.5 },
  JAVA_E: { lat: -6.0, lon: 113.5 },
  SUNDA: { lat: -6.0, lon: 105.8 },
  LOMBOK_N: { lat: -8.2, lon: 115.8 },
  LOMBOK_S: { lat: -9.2, lon: 115.85 },
  GOOD_HOPE: { lat: -35.6, lon: 20.0 },
  AGULHAS_E: { lat: -35.0, lon: 27.0 },
  NATAL_OFF: { lat: -30.0, lon: 33.5 },
  CABO_FRIO: { lat: -23.5, lon: -40.5 },
  SAO_ROQUE: { lat: -5.5, lon: -34.2 },
  VERDE_W: { lat: 17.5, lon: -27.0 },
  CANARIAS_W: { lat: 30.0, lon: -20.0 },
  DAKAR_W: { lat: 14.7, lon: -18.3 },
  SIERRA_LEONE: { lat: 7.0, lon: -14.5 },
  CAPE_PALMAS: { lat: 3.8, lon: -8.0 },
  GUINEA: { lat: 3.0, lon: 3.0 },
  KEY_WEST: { lat: 23.7, lon: -81.5 },
  FLORIDA_STRAIT: { lat: 25.0, lon: -79.7 },
  CANAVERAL: { lat: 28.5, lon: -79.8 },
};

const EDGES: readonly (readonly [string, string])[] = [
  ["DEHAM", "GERMAN_BIGHT"],
  ["GERMAN_BIGHT", "TEXEL"],
  ["TEXEL", "NLRTM"],
  ["TEXEL", "DOVER"],
  ["NLRTM", "DOVER"],
  ["DOVER", "USHANT"],
  ["USHANT", "FINISTERRE"],
  ["USHANT", "CANAVERAL"],
  ["FINISTERRE", "ST_VINCENT"],
  ["FINISTERRE", "CANARIAS_W"],
  ["ST_VINCENT", "GIBRALTAR"],
  ["ST_VINCENT", "CANARIAS_W"],
  ["GIBRALTAR", "MED_W"],
  ["MED_W", "SICILY"],
  ["SICILY", "PORT_SAID"],
  ["PORT_SAID", "SUEZ"],
  ["SUEZ", "BAB_EL_MANDEB"],
  ["BAB_EL_MANDEB", "ADEN_E"],
  ["ADEN_E", "RAS_AL_HADD"],
  ["ADEN_E", "DONDRA"],
  ["RAS_AL_HADD", "GULF_OF_OMAN"],
  ["RAS_AL_HADD", "DONDRA"],
  ["GULF_OF_OMAN", "AEFJR"],
  ["GULF_OF_OMAN", "HORMUZ"],
  ["HORMUZ", "GULF_C"],
  ["GULF_C", "AEJEA"],
  ["GULF_C", "SARTA"],
  ["DONDRA", "LKCMB"],
  ["DONDRA", "MALACCA_N"],
  ["DONDRA", "SUNDA"],
  ["MALACCA_N", "MALACCA_P"],
  ["MALACCA_P", "MALACCA_S"],
  ["MALACCA_S", "SGSIN"],
  ["SGSIN", "SINGAPORE_E"],
  ["SINGAPORE_E", "SCS_S"],
  ["SINGAPORE_E", "KARIMATA"],
  ["SCS_S", "SCS_N"],
  ["SCS_N", "TAIWAN_STRAIT"],
  ["TAIWAN_STRAIT", "ZHEJIANG"],
  ["ZHEJIANG", "CNNGB"],
  ["ZHEJIANG", "CNSHA"],
  ["CNNGB", "CNSHA"],
  ["CNSHA", "YELLOW_SEA"],
  ["ZHEJIANG", "YELLOW_SEA"],
  ["YELLOW_SEA", "CNTAO"],
  ["YELLOW_SEA", "KOREA_S"],
  ["ZHEJIANG", "KOREA_S"],
  ["KOREA_S", "KRPUS"],
  ["KARIMATA", "JAVA_C"],
  ["SUNDA", "JAVA_C"],
  ["JAVA_C", "JAVA_E"],
  ["JAVA_E", "LOMBOK_N"],
  ["LOMBOK_N", "LOMBOK_S"],
  ["LOMBOK_S", "AUPHE"],
  ["SUNDA", "GOOD_HOPE"],
  ["SUNDA", "NATAL_OFF"],
  ["LOMBOK_S", "GOOD_HOPE"],
  ["ZARCB", "NATAL_OFF"],
  ["NATAL_OFF", "AGULHAS_E"],
  ["AGULHAS_E", "GOOD_HOPE"],
  ["GOOD_HOPE", "BRTUB"],
  ["GOOD_HOPE", "CABO_FRIO"],
  ["BRSSZ", "CABO_FRIO"],
  ["CABO_FRIO", "BRTUB"],
  ["CABO_FRIO", "SAO_ROQUE"],
  ["BRTUB", "SAO_ROQUE"],
  ["SAO_ROQUE", "VERDE_W"],
  ["VERDE_W", "CANARIAS_W"],
  ["VERDE_W", "DAKAR_W"],
  ["DAKAR_W", "CANARIAS_W"],
  ["DAKAR_W", "SIERRA_LEONE"],
  ["SIERRA_LEONE", "CAPE_PALMAS"],
  ["CAPE_PALMAS", "GUINEA"],
  ["GUINEA", "NGBON"],
  ["GUINEA", "GOOD_HOPE"],
  ["USHOU", "KEY_WEST"],
  ["KEY_WEST", "FLORIDA_STRAIT"],
  ["FLORIDA_STRAIT", "CANAVERAL"],
  ["CANAVERAL", "CANARIAS_W"],
];

const NODES: Record<string, LatLon> = { ...WAYPOINTS, ...PORTS };

const ADJACENCY = (() => {
  const adj = new Map<string, { to: string; nm: number }[]>();
  for (const [a, b] of EDGES) {
    const pa = NODES[a];
    const pb = NODES[b];
    if (!pa || !pb) throw new Error(`unknown route node ${pa ? b : a}`);
    const nm = greatCircleNm(pa, pb);
    for (const [x, y] of [
      [a, b],
      [b, a],
    ] as const) {
      if (!adj.has(x)) adj.set(x, []);
      adj.get(x)!.push({ to: y, nm });
    }
  }
  return adj;
})();

/** A leg's track: its points and the cumulative distance (nm) at each. */
export type Route = { from: PortCode; to: PortCode; points: LatLon[]; cumNm: number[]; distanceNm: number };

const routeCache = new Map<string, Route>();

/** Shortest sea route between two ports over the lane graph (Dijkstra; deterministic tie order). */
export function routeBetween(from: PortCode, to: PortCode): Route {
  const key = `${from}>${to}`;
  const cached = routeCache.get(key);
  if (cached) return cached;
  const dist = new Map<string, number>([[from, 0]]);
  const prev = new Map<string, string>();
  const done = new Set<string>();
  while (true) {
    let best: string | undefined;
    for (const [node, d] of dist)
      if (!done.has(node) && (best === undefined || d < dist.get(best)!)) best = node;
    if (best === undefined) throw new Error(`no sea route from ${from} to ${to}`);
    if (best === to) break;
    done.add(best);
    for (const e of ADJACENCY.get(best) ?? []) {
      const nd = dist.get(best)! + e.nm;
      if (nd < (dist.get(e.to) ?? Number.POSITIVE_INFINITY)) {
        dist.set(e.to, nd);
        prev.set(e.to, best);
      }
    }
  }
  const names = [to as string];
  while (names[0] !== from) names.unshift(prev.get(names[0]!)!);
  const points = names.map((n) => NODES[n]!);
  const cumNm = [0];
  for (let i = 1; i < points.length; i++)
    cumNm.push(cumNm[i - 1]! + greatCircleNm(points[i - 1]!, points[i]!));
  const route: Route = { from, to, points, cumNm, distanceNm: cumNm[cumNm.length - 1]! };
  routeCache.set(key, route);
  return route;
}

/** Position and true heading (degrees) `distanceNm` along a route. */
export function positionAlong(route: Route, distanceNm: number): LatLon & { headingDeg: number } {
  const d = Math.max(0, Math.min(route.distanceNm, distanceNm));
  let i = 1;
  while (i < route.cumNm.length - 1 && route.cumNm[i]! < d) i++;
  const a = route.points[i - 1]!;
  const b = route.points[i]!;
  const len = route.cumNm[i]! - route.cumNm[i - 1]!;
  const f = len > 0 ? (d - route.cumNm[i - 1]!) / len : 1;
  const p = intermediatePoint(a, b, f);
  const headingDeg =
    f < 0.999 ? initialBearingDeg(p, b) : initialBearingDeg(intermediatePoint(a, b, 0.99), b);
  return { lat: p.lat, lon: p.lon, headingDeg };
}

/**
 * Inside an emission control area (MARPOL Annex VI Reg. 14): North Sea / English Channel / Baltic, and the
 * North American ECA (US and Gulf of Mexico waters). Boxes, not the legal polygons.
 */
export function isInEca(lat: number, lon: number): boolean {
  if (lat >= 48.5 && lat <= 66 && lon >= -5.5 && lon <= 30) return true;
  return lat >= 24 && lat <= 50 && lon >= -98 && lon <= -60;
}
