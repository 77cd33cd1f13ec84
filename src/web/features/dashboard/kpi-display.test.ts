import { describe, expect, it } from "vitest";
import type { Kpis } from "../../../contracts/analysis/kpis";
import { ciiTone, describeDifference, kpiViews, loadBandTone } from "./kpi-display";

const noKpis: Kpis = {
  sfoc: null,
  fuelConsumptionRate: null,
  engineLoadFactor: null,
  cii: null,
  ciiEmptyReason: null,
};
const none = { inRange: false, newest: null };
/** The dashboard's `records` with the given fuel presence (null: no fuel record at all). */
const records = (fuel: { inRange: boolean; newest: string } | null) => ({
  fuel: fuel ?? none,
  environmental: none,
  hull: none,
  trim: none,
  auxiliary: none,
});

describe("describeDifference (spec §2: below the reference is better)", () => {
  it.each([
    ["below the reference is green with a down arrow", -2.345, "−2.3%", "better", "down"],
    ["above the reference is red with an up arrow", 4.06, "+4.1%", "worse", "up"],
    ["equal to the reference counts as worse", 0, "0.0%", "worse", "up"],
    ["a tiny improvement rounds to 0.0% but stays green", -0.04, "0.0%", "better", "down"],
    ["one decimal always", 12, "+12.0%", "worse", "up"],
  ])("%s", (_rule, percent, text, tone, arrow) => {
    expect(describeDifference(percent)).toEqual({ text, tone, arrow });
  });
});

describe("labels computed from their value", () => {
  it.each([
    ["Low Load", "warning"],
    ["Optimal Range", "success"],
    ["High Load", "warning"],
  ] as const)("load band %s is %s", (band, tone) => {
    expect(loadBandTone(band)).toBe(tone);
  });
  it("CII compliance tones", () => {
    expect(ciiTone("Compliant")).toBe("success");
    expect(ciiTone("Non-Compliant")).toBe("danger");
  });
});

const full: Kpis = {
  sfoc: {
    value: 187.26,
    reference: 180,
    differencePercent: 4.03,
    referenceSource: "shop-test",
    referenceLoadPercent: 74.6,
    reported: 186.1,
    reportedDifferencePercent: -0.62,
    verified: true,
    flags: [],
  },
  fuelConsumptionRate: {
    value: 31.24,
    reference: 33,
    referenceHoursAtSea: 72,
    referenceBasis: "3.0 days at sea in the 12 months before",
    differencePercent: -5.33,
    atSeaSource: "speed-through-water",
  },
  engineLoadFactor: { value: 91.2, band: "High Load" },
  ciiEmptyReason: null,
  cii: {
    rating: "D",
    attained: 5.123,
    required: 4.5,
    complianceStatus: "Non-Compliant",
    year: 2026,
    distanceSource: "reported",
    projection: {
      attained: 5.2,
      rating: "D",
      low: 4.6,
      high: 5.8,
      lowRating: "C",
      highRating: "E",
      required: 4.5,
      basedOnDays: 31,
      method: "Linear extrapolation …",
      basis: {
        kind: "ship-weeks",
        blocks: 5,
        blockDays: 7,
        degreesOfFreedom: 4,
        daysWithData: 31,
        driftPercentPerYear: 20,
        halfWidthPercent: 11.5,
      },
    },
  },
};

describe("kpiViews", () => {
  it("shows each figure with its unit, difference and label", () => {
    const [sfoc, rate, load, cii] = kpiViews(full);
    expect(sfoc).toMatchObject({
      value: "187.3",
      unit: "g/kWh",
      difference: { text: "+4.0%", label: "vs baseline" },
    });
    expect(rate).toMatchObject({
      value: "31.2",
      unit: "MT/day",
      difference: { text: "−5.3%", tone: "better" },
    });
    expect(load).toMatchObject({ value: "91.2", badge: { text: "High Load", tone: "warning" } });
    expect(cii).toMatchObject({
      value: "D",
      unit: "IMO Grade",
      badge: { text: "Non-Compliant", tone: "danger" },
    });
  });

  it("always shows one decimal", () => {
    const [sfoc, , load] = kpiViews({
      ...full,
      sfoc: { ...full.sfoc!, value: 200 },
      engineLoadFactor: { value: 37, band: "Low Load" },
    });
    expect(sfoc?.value).toBe("200.0");
    expect(load?.value).toBe("37.0");
  });

  it("says there is no data instead of showing a number (never a fallback)", () => {
    const views = kpiViews(noKpis, records(null));
    for (const view of views) {
      expect(view.value).toBeNull();
      expect(view.emptyText).toMatch(/^No /);
      expect(view.difference).toBeNull();
      expect(view.badge).toBeNull();
    }
  });

  it("an empty card says its cause: the range outside the records, none yet, or a field (issue 35 item 2)", () => {
    const texts = (r: ReturnType<typeof records>) => kpiViews(noKpis, r).map((v) => v.emptyText);
    expect(texts(records({ inRange: false, newest: "2025-03-02T00:00:00.000Z" })).slice(0, 3)).toEqual(
      Array(3).fill("No fuel records in this range; the newest is from 2025-03-02 — widen the range"),
    );
    expect(texts(records(null))[1]).toBe("No fuel records yet — add or upload them");
    // the CII card's cause is the server's (a year's records, the capacity, the distance)
    const reason = "No fuel records in 2026 yet; add or upload the ship's records of the year.";
    expect(kpiViews({ ...noKpis, ciiEmptyReason: reason })[3]?.emptyText).toBe(reason);
    expect(texts(records({ inRange: true, newest: "2025-03-02T00:00:00.000Z" })).slice(0, 3)).toEqual([
      "The fuel records in this range carry no engine power — add Engine Power (kW) to derive SFOC",
      "The fuel records in this range show no time at sea — add their speed through water or over ground",
      "The fuel records in this range carry no engine load — add Engine Load Factor (%) to them",
    ]);
  });

  it("a rate without a 12-month history has no difference", () => {
    const [, rate] = kpiViews({
      ...full,
      fuelConsumptionRate: {
        value: 20,
        reference: null,
        referenceHoursAtSea: null,
        referenceBasis: null,
        differencePercent: null,
        atSeaSource: "speed-through-water",
      },
    });
    expect(rate?.difference).toBeNull();
    expect(rate?.detail).toMatch(/No history/);
  });

  it("an SFOC that fails its cross-check is never a green improvement (issue 11 item 2)", () => {
    // the case: SFOC column 176–180 g/kWh, fuel/power 131.9 g/kWh, −28.7 % vs baseline
    const [sfoc] = kpiViews({
      ...full,
      sfoc: {
        ...full.sfoc!,
        value: 131.9,
        reference: 185,
        differencePercent: -28.7,
        reported: 178,
        reportedDifferencePercent: 34.95,
        verified: false,
        flags: ["reported-vs-derived", "out-of-physical-range"],
      },
    });
    expect(sfoc?.difference).toMatchObject({ tone: "unverified", label: "vs baseline (unverified)" });
    expect(sfoc?.badge).toEqual({ text: "Unverified", tone: "warning" });
    expect(sfoc?.crossCheck).toMatch(
      /Reported 178\.0 g\/kWh \(\+35\.0% vs derived\)\. Unverified: .*10%.*range/,
    );
  });

  it("a verified SFOC shows the reported figure as its cross-check", () => {
    const [sfoc] = kpiViews(full);
    expect(sfoc?.difference?.tone).toBe("worse");
    expect(sfoc?.crossCheck).toBe("Reported 186.1 g/kWh (−0.6% vs derived)");
  });

  it("a CII rated on a derived distance says so", () => {
    const [, , , cii] = kpiViews({ ...full, cii: { ...full.cii!, distanceSource: "derived" } });
    expect(cii?.detail).toMatch(/\(distance derived from SOG × hours\)\. Year end/);
  });

  it("the CII card carries the year-end projection, its interval with both ends' ratings and its basis", () => {
    const [, , , cii] = kpiViews(full);
    expect(cii?.detail).toContain("Year end 5.20 (D), 95 % interval 4.60–5.80, C to E");
    expect(cii?.detail).toContain(
      "from the ship's 31 days so far (5 blocks of 7 days) and a drift of 20 % a year",
    );
  });

  it("a fuel rate whose time at sea came from speed over ground says so (no log speed)", () => {
    const [, rate] = kpiViews({
      ...full,
      fuelConsumptionRate: { ...full.fuelConsumptionRate!, atSeaSource: "speed-over-ground" },
    });
    expect(rate?.detail).toMatch(/\(time at sea by speed over ground: no log speed\)$/);
    expect(kpiViews(full)[1]?.detail).not.toContain("over ground");
    // the reference says what it rests on: three days at sea are not a year (issue 35)
    expect(kpiViews(full)[1]?.detail).toBe("Reference 33 MT/day: 3.0 days at sea in the 12 months before");
  });
});
