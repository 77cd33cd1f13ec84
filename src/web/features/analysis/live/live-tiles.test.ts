import { describe, expect, it } from "vitest";
import type { LiveTile } from "../../../../contracts/analysis/real-time-monitoring-section";
import { applyLiveRecord, judgeTiles } from "./live-tiles";

const MIN = 60;
const T0 = Date.parse("2026-03-01T12:00:00Z") / 1000;

const sogTile: LiveTile = {
  key: "sog",
  label: "Speed over ground",
  unit: "kn",
  digits: 1,
  value: 12,
  lastSeen: new Date(T0 * 1000).toISOString(),
  cadenceSeconds: MIN,
  stale: false,
  status: "active",
  reasons: [],
  recent: { t: [T0 - MIN, T0], v: [11.9, 12] },
  sparkline: { t: [T0 - 2 * 86_400, T0 - MIN, T0], v: [10, 11.9, 12] },
};

describe("live tiles in the browser", () => {
  it("a streamed record updates its tile's value, last seen, readings and day of sparkline", () => {
    const ts = new Date((T0 + MIN) * 1000).toISOString();
    const [tile] = applyLiveRecord([sogTile], { kind: "fuel", ts, consumer: "main", values: { sog: 13.4 } });
    expect(tile).toMatchObject({ value: 13.4, lastSeen: ts, cadenceSeconds: MIN });
    expect(tile!.recent.v).toEqual([11.9, 12, 13.4]);
    // The point older than a day before the new reading leaves the sparkline.
    expect(tile!.sparkline.v).toEqual([11.9, 12, 13.4]);
  });

  it("ignores an older record, and gives a new series its own tile in the catalogue's order", () => {
    const old = applyLiveRecord([sogTile], {
      kind: "fuel",
      ts: new Date((T0 - 10 * MIN) * 1000).toISOString(),
      values: { sog: 1 },
    });
    expect(old[0]!.value).toBe(12);
    const added = applyLiveRecord([sogTile], {
      kind: "fuel",
      ts: new Date((T0 + MIN) * 1000).toISOString(),
      values: { fuelRate: 30.2 },
    });
    expect(added.map((x) => x.key)).toEqual(["fuelRate", "sog"]);
    expect(added[0]!.cadenceSeconds).toBeNull();
  });

  it("turns a tile stale as time passes, with the server's rule", () => {
    expect(judgeTiles([sogTile], (T0 + 2 * MIN) * 1000)[0]).toMatchObject({ stale: false, status: "active" });
    expect(judgeTiles([sogTile], (T0 + 5 * MIN) * 1000)[0]).toMatchObject({ stale: true, status: "warning" });
    expect(judgeTiles([sogTile], (T0 + 11 * MIN) * 1000)[0]).toMatchObject({ stale: true, status: "error" });
  });
});
