import { describe, expect, test } from "vitest";
import {
  daysSince,
  IMPLIED_CLEANING_WINDOW_DAYS,
  latestDoneEvent,
  type MaintenanceEvent,
  segmentsHullAnalysis,
  withImpliedCleanings,
} from "./maintenance-events";

const stored = (type: MaintenanceEvent["type"], date: string, status: "done" | "planned" = "done") =>
  ({ id: 1, type, date, status, notes: null, coating: null, coatingType: null, source: "stored" }) as const;

describe("withImpliedCleanings", () => {
  test("a hull record's last cleaning date with no stored cleaning near it becomes an implied hull cleaning", () => {
    const events = withImpliedCleanings(
      [stored("engine-overhaul", "2025-03-01")],
      ["2025-01-10", "2025-01-10"],
    );
    expect(events.map((e) => [e.type, e.date, e.source])).toEqual([
      ["hull-cleaning", "2025-01-10", "hull-record"],
      ["engine-overhaul", "2025-03-01", "stored"],
    ]);
  });

  test(`a stored done hull cleaning or dry-docking within ±${IMPLIED_CLEANING_WINDOW_DAYS} days wins`, () => {
    expect(withImpliedCleanings([stored("hull-cleaning", "2025-01-20")], ["2025-01-06"])).toHaveLength(1);
    expect(withImpliedCleanings([stored("dry-docking", "2025-01-01")], ["2025-01-15"])).toHaveLength(1);
    // One day outside the window: a different cleaning.
    expect(withImpliedCleanings([stored("hull-cleaning", "2025-01-21")], ["2025-01-06"])).toHaveLength(2);
  });

  test("a planned cleaning or a propeller polish does not stand for the recorded cleaning", () => {
    expect(
      withImpliedCleanings([stored("hull-cleaning", "2025-01-10", "planned")], ["2025-01-10"]),
    ).toHaveLength(2);
    expect(withImpliedCleanings([stored("propeller-polishing", "2025-01-10")], ["2025-01-10"])).toHaveLength(
      2,
    );
  });

  test("dates retyped a few days apart on later reports are one cleaning, the first kept", () => {
    const events = withImpliedCleanings([], ["2025-05-03", "2025-05-01", "2025-09-01"]);
    expect(events.map((e) => e.date)).toEqual(["2025-05-01", "2025-09-01"]);
  });
});

describe("event helpers", () => {
  test("done cleanings, polishes and dockings segment the hull analysis; overhauls and planned events do not", () => {
    expect(segmentsHullAnalysis(stored("propeller-polishing", "2025-01-01"))).toBe(true);
    expect(segmentsHullAnalysis(stored("engine-overhaul", "2025-01-01"))).toBe(false);
    expect(segmentsHullAnalysis(stored("hull-cleaning", "2025-01-01", "planned"))).toBe(false);
  });

  test("days since and the latest done event on a day", () => {
    expect(daysSince("2024-12-31", "2025-03-01T10:00:00Z")).toBe(60);
    const events = [stored("hull-cleaning", "2025-01-01"), stored("hull-cleaning", "2025-06-01", "planned")];
    expect(latestDoneEvent(events, "2025-07-01")?.date).toBe("2025-01-01");
    expect(latestDoneEvent(events, "2024-12-01")).toBeNull();
  });
});
