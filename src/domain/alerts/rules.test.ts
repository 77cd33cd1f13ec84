/** Each rule fires above its threshold, clears below it and says 'no-data' (with what is missing) without inputs. */
import { describe, expect, it, test } from "vitest";
import { ALERT_DEFAULTS, evaluateRule } from "./index";

const sfoc = (differencePercent: number, verified = true) => ({
  sfoc: {
    value: 185 * (1 + differencePercent / 100),
    reference: 185,
    differencePercent,
    referenceSource: "shop-test" as const,
    verified,
  },
});
const est = (value: number, half = 0.5) => ({ value, low: value - half, high: value + half });
const NOW = Date.parse("2026-03-01T10:00:00Z");

describe("fuelEfficiency: SFOC over 7 days more than threshold % above its baseline", () => {
  test.each([
    ["fires at 4.6 % over a 3 % threshold", 4.6, "fires"],
    ["clears at 2.9 %", 2.9, "clear"],
    ["clears exactly at the threshold", 3, "clear"],
    ["clears below the baseline", -2, "clear"],
  ] as const)("%s", (_n, d, state) => {
    const r = evaluateRule("fuelEfficiency", sfoc(d), 3);
    expect(r.state).toBe(state);
    expect(r.figure).toBe(d);
    expect(r.unit).toBe("%");
  });
  it("says no-data without an SFOC, and for one that fails its cross-check", () => {
    expect(evaluateRule("fuelEfficiency", { sfoc: null }, 3)).toMatchObject({
      state: "no-data",
      figure: null,
    });
    const r = evaluateRule("fuelEfficiency", sfoc(12, false), 3);
    expect(r.state).toBe("no-data");
    expect(r.reason).toMatch(/cross-check/);
  });
});

describe("enginePerformance: deviation from the shop test at load above threshold %", () => {
  it("fires above, clears below, no-data without a curve or a deviation", () => {
    expect(evaluateRule("enginePerformance", { hasShopTest: true, meanDeviationPercent: 9 }, 8).state).toBe(
      "fires",
    );
    expect(evaluateRule("enginePerformance", { hasShopTest: true, meanDeviationPercent: 4.7 }, 8).state).toBe(
      "clear",
    );
    expect(
      evaluateRule("enginePerformance", { hasShopTest: false, meanDeviationPercent: null }, 8),
    ).toMatchObject({
      state: "no-data",
      reason: expect.stringMatching(/shop-test curve/),
    });
    expect(
      evaluateRule("enginePerformance", { hasShopTest: true, meanDeviationPercent: null }, 8).state,
    ).toBe("no-data");
  });
});

describe("hullFouling: speed loss measurably above threshold %", () => {
  test.each([
    ["fires when the interval lies above", est(12.9), "fires"],
    ["clears when the interval straddles the threshold", est(5.1, 1), "clear"],
    ["clears well below", est(2), "clear"],
  ] as const)("%s", (_n, loss, state) => {
    const r = evaluateRule(
      "hullFouling",
      { speedLossPercent: loss, excessPowerPercent: est(loss.value * 3) },
      5,
    );
    expect(r.state).toBe(state);
    expect(r.figure).toBe(loss.value);
  });
  it("passes on what the hull analysis misses", () => {
    expect(evaluateRule("hullFouling", { missing: "No speed–power reference." }, 5)).toMatchObject({
      state: "no-data",
      reason: "No speed–power reference.",
    });
  });
});

describe("ciiCompliance: projected D or E, or the C/D boundary within threshold days", () => {
  const cii = (projectedRating: "A" | "B" | "C" | "D" | "E" | null, daysToCdBoundary: number | null) => ({
    year: 2026,
    projectedRating,
    projectedAttained: 4.2,
    daysToCdBoundary,
  });
  test.each([
    ["fires on a projected E", cii("E", -39), 0, "fires"],
    ["fires on a projected D", cii("D", -3), 0, "fires"],
    ["clears on a projected B far from the boundary", cii("B", 58.9), 0, "clear"],
    ["fires on a C within the day threshold", cii("C", 12), 30, "fires"],
    ["clears on a C beyond the day threshold", cii("C", 45), 30, "clear"],
  ] as const)("%s", (_n, input, threshold, state) => {
    expect(evaluateRule("ciiCompliance", input, threshold).state).toBe(state);
  });
  it("no-data before ratings exist or without a projection", () => {
    expect(evaluateRule("ciiCompliance", { ...cii(null, 5), year: 2022 }, 0).state).toBe("no-data");
    expect(evaluateRule("ciiCompliance", { missing: "No distance sailed this year." }, 0).state).toBe(
      "no-data",
    );
  });
});

describe("trimOptimization: penalty against a confident optimum above threshold %", () => {
  const t = (savingPercent: number) => ({
    currentTrimM: 1.5,
    optimumTrimM: 0.4,
    savingPercent,
    savingInterval: { lowPercent: savingPercent - 1, highPercent: savingPercent + 1 },
  });
  it("fires above, clears below, and names the missing confidence", () => {
    expect(evaluateRule("trimOptimization", t(3.1), 2).state).toBe("fires");
    expect(evaluateRule("trimOptimization", t(1.2), 2).state).toBe("clear");
    const r = evaluateRule(
      "trimOptimization",
      { missing: "only 1 voyage sailed near this draught and speed" },
      2,
    );
    expect(r).toMatchObject({ state: "no-data", figure: null });
    expect(r.reason).toMatch(/^No confident trim optimum: only 1 voyage/);
  });
});

describe("maintenanceSchedule: planned event within threshold days, or a cleaning due", () => {
  const none = { action: "none" as const, reason: "No fouling cost can be shown." };
  it("fires on a planned event within the threshold, and on one overdue", () => {
    const r = evaluateRule(
      "maintenanceSchedule",
      { planned: [{ type: "dry-docking", date: "2026-03-05" }], cleaning: none, nowMs: NOW },
      7,
    );
    expect(r).toMatchObject({ state: "fires", figure: 4 });
    expect(
      evaluateRule(
        "maintenanceSchedule",
        { planned: [{ type: "hull-cleaning", date: "2026-02-20" }], cleaning: none, nowMs: NOW },
        7,
      ),
    ).toMatchObject({ state: "fires", figure: -9 });
  });
  it("clears when the next event is beyond the threshold and no cleaning is due", () => {
    const r = evaluateRule(
      "maintenanceSchedule",
      { planned: [{ type: "dry-docking", date: "2026-04-30" }], cleaning: none, nowMs: NOW },
      7,
    );
    expect(r).toMatchObject({ state: "clear", figure: 60 });
  });
  it("fires on an overdue cleaning of medium confidence, not on a low-confidence one", () => {
    const due = (confidence: "medium" | "low") => ({
      action: "clean-now" as const,
      recommendedDate: "2026-03-01",
      confidence,
      extraFuelTonnesPerDay: 11.4,
    });
    expect(
      evaluateRule("maintenanceSchedule", { planned: [], cleaning: due("medium"), nowMs: NOW }, 7),
    ).toMatchObject({ state: "fires", figure: 0 });
    const low = evaluateRule("maintenanceSchedule", { planned: [], cleaning: due("low"), nowMs: NOW }, 7);
    expect(low.state).toBe("clear");
    expect(low.reason).toMatch(/low-confidence/);
  });
  it("says no-data when nothing is planned and the cleaning need is unknown", () => {
    const r = evaluateRule(
      "maintenanceSchedule",
      { planned: [], cleaning: { missing: "No speed–power reference." }, nowMs: NOW },
      7,
    );
    expect(r).toMatchObject({ state: "no-data", figure: null });
  });
});

it("the defaults are the specification's table (spec §9)", () => {
  expect(ALERT_DEFAULTS.hullFouling).toEqual({
    enabled: true,
    threshold: 5,
    severity: "medium",
    notificationMethod: "dashboard",
  });
  expect(ALERT_DEFAULTS.trimOptimization.enabled).toBe(false);
  expect(ALERT_DEFAULTS.ciiCompliance.threshold).toBe(0);
});
