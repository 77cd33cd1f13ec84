import { describe, expect, it } from "vitest";
import { medianIntervalMs, STALE_FACTOR, trackSegments } from "./track-colors";

const HOUR_S = 3600;
/** Hourly positions (epoch seconds) from 2025-05-01T00:00Z, steaming east along the equator. */
const hourly = (hours: number, startS = Date.parse("2025-05-01T00:00Z") / 1000) =>
  Array.from({ length: hours }, (_, i) => startS + i * HOUR_S);
const eastward = (n: number) => Array.from({ length: n }, (_, i) => 10 + i * 0.05);

describe("medianIntervalMs", () => {
  it("is the middle spacing, the mean of the two middle ones for an even count, null below two", () => {
    expect(medianIntervalMs([0, 10, 30, 100])).toBe(20);
    expect(medianIntervalMs([0, 10, 30, 100, 110])).toBe(15);
    expect(medianIntervalMs([5])).toBeNull();
    expect(medianIntervalMs([])).toBeNull();
  });
});

describe("trackSegments: the line breaks at gaps relative to the data's own spacing", () => {
  it("7 days of hourly positions (in 15-minute buckets) are one line, not 168 dots", () => {
    const t = hourly(7 * 24);
    expect(trackSegments(t, eastward(t.length))).toEqual([{ start: 0, end: t.length - 1 }]);
  });

  it("a real 2-day hole in hourly data breaks it in two", () => {
    const before = hourly(3 * 24);
    const after = hourly(2 * 24, before.at(-1)! + 2 * 24 * HOUR_S);
    const t = [...before, ...after];
    expect(trackSegments(t, eastward(t.length))).toEqual([
      { start: 0, end: before.length - 1 },
      { start: before.length, end: t.length - 1 },
    ]);
  });

  it(`a gap up to ${STALE_FACTOR} spacings is drawn; longer breaks; 6-hourly reports are a line too`, () => {
    const t = [0, 1, 2, 3, 6, 7, 8, 12, 13].map((h) => h * HOUR_S);
    expect(trackSegments(t, eastward(t.length))).toEqual([
      { start: 0, end: 6 },
      { start: 7, end: 8 },
    ]);
    const sixHourly = Array.from({ length: 40 }, (_, i) => i * 6 * HOUR_S);
    expect(trackSegments(sixHourly, eastward(40))).toHaveLength(1);
  });

  it("breaks across the antimeridian; a single position is a run of one", () => {
    const t = hourly(4);
    expect(trackSegments(t, [179.5, 179.9, -179.8, -179.5])).toEqual([
      { start: 0, end: 1 },
      { start: 2, end: 3 },
    ]);
    expect(trackSegments([t[0]!], [10])).toEqual([{ start: 0, end: 0 }]);
    expect(trackSegments([], [])).toEqual([]);
  });
});
