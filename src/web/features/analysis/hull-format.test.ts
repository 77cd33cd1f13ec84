import { describe, expect, it } from "vitest";
import {
  dayText,
  distanceText,
  estimateText,
  eventMarkers,
  foulingTone,
  intervalText,
  moneyPerDay,
  percentText,
  referenceSpanText,
  sentence,
  shareText,
  toEpochSeconds,
  trendSegments,
} from "./hull-format";

const DAY = 86_400;
const day = (iso: string) => toEpochSeconds(iso);

describe("figures with units and intervals", () => {
  it.each([
    [12.345, "12.3 %"],
    [-0.04, "0.0 %"],
    [51, "51.0 %"],
    [-1.26, "-1.3 %"],
    [null, "—"],
  ] as const)("percentText(%s) → %s", (value, text) => {
    expect(percentText(value)).toBe(text);
  });

  it("writes a 0–1 share as a percentage, '—' when missing", () => {
    expect(shareText(0.1234)).toBe("12.3 %");
    expect(shareText(0.03)).toBe("3.0 %");
    expect(shareText(null)).toBe("—");
  });

  it("writes an estimate with its 95 % bounds, a negative bound readable", () => {
    const e = { value: 4.25, low: -0.5, high: 9.04 };
    expect(estimateText(e, "%/year")).toBe("4.3 %/year (95 %: -0.5 to 9.0)");
    expect(estimateText(e, "")).toBe("4.3 (95 %: -0.5 to 9.0)");
    expect(intervalText(e, "%", 2)).toBe("-0.50 to 9.04 %");
  });
});

describe("sentence", () => {
  it.each([
    ["no fuel records in this range", "No fuel records in this range."],
    ["Enter the curve.", "Enter the curve."],
    ["  ", ""],
  ])("%j → %j", (text, out) => {
    expect(sentence(text)).toBe(out);
  });
});

describe("moneyPerDay", () => {
  it("writes the organisation's currency after the figure, per day", () => {
    expect(moneyPerDay(1234.4, "USD")).toBe("1,234 USD/day");
    expect(moneyPerDay(null, "EUR")).toBe("—");
  });
});

describe("dates", () => {
  it("reads a calendar date as UTC midnight and an instant as is", () => {
    expect(toEpochSeconds("2026-03-01")).toBe(Date.UTC(2026, 2, 1) / 1000);
    expect(dayText("2026-03-01T23:30:00Z")).toBe("2026-03-01");
    expect(dayText("not a date")).toBe("—");
  });

  it.each([
    ["2026-04-05", "2026-03-01T10:00:00Z", "in 35 days"],
    ["2026-03-01", "2026-03-01T23:00:00Z", "today"],
    ["2026-02-28", "2026-03-01", "1 day ago"],
    ["2025-03-01", "2026-03-01", "365 days ago"],
  ])("distanceText(%s, %s) → %s", (date, reference, text) => {
    expect(distanceText(date, reference)).toBe(text);
  });
});

describe("fouling state tone (spec §4 Good / Moderate / Poor)", () => {
  it.each([
    ["Good", "success"],
    ["Moderate", "warning"],
    ["Poor", "danger"],
  ] as const)("%s → %s", (state, tone) => {
    expect(foulingTone(state)).toBe(tone);
  });
});

describe("eventMarkers", () => {
  it("places each event at its UTC day, planned ones dashed and named so", () => {
    const markers = eventMarkers([
      { type: "hull-cleaning", date: "2025-06-01", status: "done", source: "stored" },
      { type: "dry-docking", date: "2027-01-10", status: "planned", source: "stored" },
    ]);
    expect(markers.map((m) => [m.t, m.label, m.dashed])).toEqual([
      [day("2025-06-01"), "Hull cleaning", false],
      [day("2027-01-10"), "Dry-docking (planned)", true],
    ]);
  });
});

describe("trendSegments", () => {
  it("draws each interval's line from its start to its end, whatever days the data has between", () => {
    const segments = trendSegments(
      [
        { from: "2026-01-01", to: "2026-01-04", start: 0, end: 3 },
        { from: "2026-01-04", to: "2026-01-06T12:00:00Z", start: 1, end: 2 },
      ],
      (s) => [s.start, s.end],
      "#000",
    );
    expect(segments).toEqual([
      { t0: day("2026-01-01"), v0: 0, t1: day("2026-01-04"), v1: 3, color: "#000" },
      { t0: day("2026-01-04"), v0: 1, t1: day("2026-01-06") + DAY / 2, v1: 2, color: "#000" },
    ]);
  });
});

describe("referenceSpanText (issue 35 item 3: the curve is drawn only over its span)", () => {
  it("names a fitted reference's speeds and their basis", () => {
    expect(
      referenceSpanText({
        source: "fitted-clean-period",
        span: { fromKn: 11.2, toKn: 14.8, basis: "fitted-speeds" },
      }),
    ).toBe(
      "Reference fitted on 11.2–14.8 kn (5th–95th percentile of the daily mean speeds it was fitted on); not drawn beyond.",
    );
  });
  it("names an entered curve's own points, and says why nothing is drawn without a span", () => {
    expect(
      referenceSpanText({ source: "ship", span: { fromKn: 10, toKn: 16, basis: "entered-points" } }),
    ).toBe("Reference curve entered over 10.0–16.0 kn (its own points); not drawn beyond them.");
    expect(referenceSpanText({ source: "fitted-clean-period", span: null })).toMatch(
      /single speed: no curve/,
    );
  });
});
