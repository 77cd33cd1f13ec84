import { describe, expect, it } from "vitest";
import type { CharterPartyTermsAnswer } from "../../../contracts/charter-party";
import { ApiError } from "../../lib/api";
import {
  claimMissingReason,
  claimText,
  cpErrorMessage,
  otherReasons,
  weatherCorrectedMissingReason,
} from "./cp-result-model";
import { formFromTerms, termsBodyOf } from "./cp-terms-model";

const stored: CharterPartyTermsAnswer = {
  gradeConsumption: [],
  condition: "ballast",
  speedKn: 14,
  consumptionTonnesPerDay: 30,
  aboutSpeedKn: 0.5,
  aboutConsumptionPercent: 5,
  goodWeather: { maxBeaufort: 4, maxDouglas: 3, maxWaveHeightM: 2, maxAdverseCurrentKn: 0.5, wholeDay: true },
  minGoodWeatherHours: 48,
  minGoodWeatherShare: 0.25,
  consumers: ["main", "auxiliary"],
  hireRatePerDay: 12_000,
  bunkerPricePerTonne: null,
  currency: "EUR",
  source: "voyage",
  rule: "…",
};

describe("terms form", () => {
  it("starts from the defaults when the voyage has no terms, the condition left to the voyage's cargo", () => {
    const form = formFromTerms(null);
    expect(form).toMatchObject({ speedKn: "", condition: "", aboutSpeedKn: "0.5", maxBeaufort: "4" });
    const result = termsBodyOf({ ...form, speedKn: "13,5", consumptionTonnesPerDay: "28" }, null);
    expect(result).toEqual({
      ok: true,
      body: {
        speedKn: 13.5,
        consumptionTonnesPerDay: 28,
        aboutSpeedKn: 0.5,
        aboutConsumptionPercent: 5,
        goodWeather: {
          maxBeaufort: 4,
          maxDouglas: 3,
          maxWaveHeightM: null,
          maxAdverseCurrentKn: null,
          wholeDay: true,
        },
        hireRatePerDay: null,
        bunkerPricePerTonne: null,
        gradeConsumption: [],
        currency: "USD",
      },
    });
  });

  it("reads per-grade lines as typed, and names the field of one it cannot read", () => {
    const form = { ...formFromTerms(null), speedKn: "14", consumptionTonnesPerDay: "30" };
    const ok = termsBodyOf({ ...form, gradeConsumption: "vlsfo 28 @ 600; LSMGO 0,1" }, null);
    expect(ok.ok && ok.body.gradeConsumption).toEqual([
      { grade: "VLSFO", tonnesPerDay: 28, pricePerTonne: 600 },
      { grade: "LSMGO", tonnesPerDay: 0.1, pricePerTonne: null },
    ]);
    const bad = termsBodyOf({ ...form, gradeConsumption: "VLSFO lots" }, null);
    expect(!bad.ok && Object.keys(bad.errors)).toEqual(["gradeConsumption"]);
    // stored lines come back as the text they read from
    expect(
      formFromTerms({
        ...stored,
        gradeConsumption: [{ grade: "VLSFO", tonnesPerDay: 28, pricePerTonne: 600 }],
      }).gradeConsumption,
    ).toBe("VLSFO 28 @ 600");
  });

  it("keeps the stored fields the form does not show", () => {
    const result = termsBodyOf(formFromTerms(stored), stored);
    expect(result.ok && result.body).toMatchObject({
      condition: "ballast",
      minGoodWeatherHours: 48,
      minGoodWeatherShare: 0.25,
      consumers: ["main", "auxiliary"],
      goodWeather: { maxWaveHeightM: 2, maxAdverseCurrentKn: 0.5 },
      hireRatePerDay: 12_000,
      bunkerPricePerTonne: null,
      currency: "EUR",
    });
  });

  it.each([
    ["a missing speed", { speedKn: "" }, "speedKn"],
    ["an unreadable consumption", { consumptionTonnesPerDay: "abc" }, "consumptionTonnesPerDay"],
    ["a Beaufort force past 12", { maxBeaufort: "13" }, "goodWeather.maxBeaufort"],
    ["a currency that is no ISO code", { currency: "dollars" }, "currency"],
  ])("names the field of %s", (_, patch, field) => {
    const result = termsBodyOf({ ...formFromTerms(stored), ...patch }, stored);
    expect(result.ok).toBe(false);
    expect(!result.ok && Object.keys(result.errors)).toContain(field);
  });
});

const answer = {
  claim: null,
  reasons: [] as string[],
  timeLostHours: null,
  weatherCorrected: null,
  status: "under_performing" as const,
};

describe("result in words", () => {
  it("values the claim with its parts, or says there is none", () => {
    const claim = { hire: 2_184.5, fuel: 950, total: 3_134.5, currency: "USD" };
    expect(claimText({ ...answer, claim })).toBe("3,135 USD (hire 2,185 USD + fuel 950 USD)");
    expect(claimText({ ...answer, claim: { ...claim, hire: 0, fuel: 0, total: 0 } })).toMatch(/^No claim/);
  });

  it.each([
    [
      "the price to set",
      ["Set the bunker price to value the over-consumption.", "The weather-corrected method needs power …"],
      "Set the bunker price to value the over-consumption.",
    ],
    [
      "too little good weather",
      ["Too little good weather for the method: 10.0 h in 0 day(s), the least is 24 h."],
      "Too little good weather for the method: 10.0 h in 0 day(s), the least is 24 h.",
    ],
  ])("says why the claim is missing: %s", (_, reasons, expected) => {
    expect(claimMissingReason({ ...answer, reasons })).toBe(expected);
  });

  it("says why the weather-corrected figures are missing, and each reason once", () => {
    const reasons = ["Set the hire rate to value the time lost.", "The weather-corrected method needs power"];
    expect(weatherCorrectedMissingReason({ ...answer, reasons })).toBe(reasons[1]);
    expect(otherReasons({ ...answer, reasons })).toEqual([]);
    const claim = { hire: 1, fuel: 0, total: 1, currency: "USD" };
    const wc = { speedKn: 13, consumptionTonnesPerDay: 30, timeLostHours: 0, overConsumptionTonnes: 0 };
    const full = { ...wc, underConsumptionTonnes: 0, days: 3, hours: 72 };
    expect(otherReasons({ ...answer, claim, weatherCorrected: full, reasons: ["Note."] })).toEqual(["Note."]);
  });
});

describe("error messages", () => {
  const error = (status: number, body: object | string) =>
    new ApiError(status, "x", typeof body === "string" ? body : JSON.stringify(body));

  it("never shows a bare 'The request is invalid'", () => {
    const invalid = {
      error: {
        code: "invalid_request",
        message: "The request is invalid",
        details: [{ field: "speedKn", reason: "must be above 0" }],
      },
    };
    expect(cpErrorMessage(error(400, invalid))).toBe("Check the terms: speedKn must be above 0");
    expect(cpErrorMessage(error(400, ""))).not.toMatch(/request is invalid/);
  });

  it("shows a conflict in the server's own words", () => {
    const message = "Voyage V1 has no charter-party terms: set the warranted speed and consumption first";
    expect(cpErrorMessage(error(409, { error: { code: "conflict", message } }))).toBe(message);
  });
});
