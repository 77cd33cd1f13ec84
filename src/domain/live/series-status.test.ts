import { describe, expect, it } from "vitest";
import { PLAUSIBILITY_RANGES } from "../data-quality/plausibility";
import { medianIntervalMs, seriesStatus } from "./series-status";

const MIN = 60_000;
const minutes = (n: number, value: (i: number) => number = (i) => 10 + (i % 3)) =>
  Array.from({ length: n }, (_, i) => ({ t: i * MIN, v: value(i) }));

describe("cadence", () => {
  it("is the median interval, so one gap does not stretch it", () => {
    expect(medianIntervalMs([0, MIN, 2 * MIN, 3 * MIN, 300 * MIN])).toBe(MIN);
    expect(medianIntervalMs([0, 15 * MIN, 30 * MIN])).toBe(15 * MIN);
    expect(medianIntervalMs([5])).toBeNull();
  });
});

describe("status", () => {
  const recent = minutes(20);
  const last = recent.at(-1)!.t;
  it.each([
    [last + 2 * MIN, "active", false],
    [last + 4 * MIN, "warning", true],
    [last + 11 * MIN, "error", true],
  ])("a minute series seen at +%d ms is %s (stale %s)", (now, status, stale) => {
    expect(seriesStatus({ lastMs: last, cadenceMs: MIN, recent }, now)).toMatchObject({ status, stale });
  });

  it("judges each series against its own cadence: a daily series 2 h late is on time", () => {
    expect(
      seriesStatus({ lastMs: 0, cadenceMs: 86_400_000, recent: [{ t: 0, v: 5 }] }, 2 * 3_600_000).status,
    ).toBe("active");
  });

  it("warns of an implausible latest value and of a frozen sensor, not of a ship at rest", () => {
    const wild = [...recent.slice(0, -1), { t: last, v: 80 }];
    expect(
      seriesStatus(
        { lastMs: last, cadenceMs: MIN, recent: wild, plausible: PLAUSIBILITY_RANGES.speedOverGround },
        last,
      ).status,
    ).toBe("warning");
    const frozen = Array.from({ length: 12 }, (_, i) => ({ t: i * 15 * MIN, v: 12.3 }));
    const f = seriesStatus(
      { lastMs: frozen.at(-1)!.t, cadenceMs: 15 * MIN, recent: frozen, frozenCheck: true },
      frozen.at(-1)!.t,
    );
    expect(f.status).toBe("warning");
    expect(f.reasons[0]).toMatch(/Unchanged/);
    // A heading on a steady course or a draught on a passage may hold: those series are not checked.
    const steady = seriesStatus(
      { lastMs: frozen.at(-1)!.t, cadenceMs: 15 * MIN, recent: frozen },
      frozen.at(-1)!.t,
    );
    expect(steady.status).toBe("active");
    const atRest = frozen.map((r) => ({ ...r, v: 0 }));
    expect(
      seriesStatus(
        { lastMs: atRest.at(-1)!.t, cadenceMs: 15 * MIN, recent: atRest, frozenCheck: true },
        atRest.at(-1)!.t,
      ).status,
    ).toBe("active");
    const shortRun = minutes(12, () => 14.5);
    expect(
      seriesStatus(
        { lastMs: shortRun.at(-1)!.t, cadenceMs: MIN, recent: shortRun, frozenCheck: true },
        shortRun.at(-1)!.t,
      ).status,
    ).toBe("active");
  });
});
