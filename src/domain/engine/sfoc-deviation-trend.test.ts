import { describe, expect, it } from "vitest";
import { TREND_MIN_DAYS, TREND_MIN_SPAN_DAYS } from "../hull/fouling-trend";
import { sfocDeviationTrend } from "./sfoc-deviation-trend";

const DAY_S = 86_400;
const t0 = Date.parse("2025-01-01T00:00:00Z") / 1000;

describe("sfocDeviationTrend: a trend per 30 days only where its rule allows one (issue 35 item 3)", () => {
  it("24 hourly deviations are no trend, and say why", () => {
    const hours = Array.from({ length: 24 }, (_, i) => ({ tSeconds: t0 + i * 3600, percent: i * 0.5 }));
    const got = sfocDeviationTrend(hours);
    expect(got.trend).toBeNull();
    expect(got.reason).toBe(
      `a trend needs deviations on at least ${TREND_MIN_DAYS} days, the first and the last at least ${TREND_MIN_SPAN_DAYS} days apart; this range has 1 day, 0 days apart`,
    );
  });

  it("90 days drifting 1 % per 30 days (hourly, with a daily wobble) give that trend with its interval", () => {
    const periods = Array.from({ length: 90 * 24 }, (_, i) => {
      const days = i / 24;
      return { tSeconds: t0 + i * 3600, percent: 2 + days / 30 + 0.3 * Math.sin(i / 5) };
    });
    const got = sfocDeviationTrend(periods);
    expect(got.reason).toBeNull();
    expect(got.trend!.percentPer30Days).toBeCloseTo(1, 1);
    expect(got.trend!.lowPercentPer30Days).toBeLessThan(got.trend!.percentPer30Days);
    expect(got.trend!.highPercentPer30Days).toBeGreaterThan(got.trend!.percentPer30Days);
    expect(got.trend!.days).toBe(90);
  });

  it("deviations outside the tested loads (null) do not count as days", () => {
    const periods = Array.from({ length: 60 }, (_, i) => ({
      tSeconds: t0 + i * DAY_S,
      percent: i % 4 === 0 ? 1 : null,
    }));
    expect(sfocDeviationTrend(periods).reason).toMatch(/this range has 15 days, 56 days apart$/);
  });
});
