/**
 * Charter-party performance (issue 33): the terms a writer sets per voyage (or per ship and condition, the
 * default of its voyages) and the performance answer. The defaults are the domain's (domain/charter-party).
 */
import { z } from "zod";
import { CP_CONDITIONS } from "../domain/charter-party/terms";
import { fuelGradeOf } from "../domain/fuels/fuel-names";
import { numberField } from "./common";
import { ENGINE_CONSUMERS } from "./records";
import { STATEMENT_FORMATS } from "./reports";

const currency = z.string().regex(/^[A-Z]{3}$/, "must be an ISO 4217 code");

export const goodWeatherRuleBody = z
  .object({
    maxBeaufort: numberField().int("must be a whole number").min(0).max(12),
    maxDouglas: numberField().int("must be a whole number").min(0).max(9),
    maxWaveHeightM: numberField().min(0).max(20).nullable(),
    maxAdverseCurrentKn: numberField().min(0).max(10).nullable(),
    wholeDay: z.boolean(),
  })
  .partial()
  .strict();

/** PUT /api/voyages/:id/charter-party and PUT /api/ships/:id/charter-party/:condition. */
export const charterPartyTermsBody = z
  .object({
    speedKn: numberField().gt(0, "must be above 0").max(40),
    consumptionTonnesPerDay: numberField().gt(0, "must be above 0").max(1000),
    condition: z.enum(CP_CONDITIONS).optional(),
    aboutSpeedKn: numberField().min(0).max(5).optional(),
    aboutConsumptionPercent: numberField().min(0).max(50).optional(),
    goodWeather: goodWeatherRuleBody.optional(),
    /** Least good weather before the method gives a figure, h (default one day). */
    minGoodWeatherHours: numberField()
      .min(0)
      .max(24 * 100)
      .optional(),
    /** And as a share of the covered sea time, 0–1 (default none). */
    minGoodWeatherShare: numberField().min(0).max(1).optional(),
    /**
     * Warranted consumption per fuel grade where the charter words it so (e.g. VLSFO at sea plus LSMGO), each
     * with its own price for the claim (else the bunker price). Grades as reported ('VLSFO', 'LSMGO').
     */
    gradeConsumption: z
      .array(
        z
          .object({
            grade: z
              .string()
              .trim()
              .min(1, "is required")
              .max(40)
              .transform((g, ctx) => {
                const canonical = fuelGradeOf(g);
                if (!canonical) {
                  ctx.addIssue({ code: "custom", message: "is not a fuel grade Sextant knows" });
                  return z.NEVER;
                }
                return canonical.grade;
              }),
            tonnesPerDay: numberField().min(0).max(1000),
            pricePerTonne: numberField().min(0).max(100_000).nullable().optional(),
          })
          .strict(),
      )
      .max(6)
      .optional(),
    /** The consumers the warranted consumption covers (default the main engine). */
    consumers: z.array(z.enum(ENGINE_CONSUMERS)).min(1).max(3).optional(),
    hireRatePerDay: numberField().min(0).max(10_000_000).nullable().optional(),
    bunkerPricePerTonne: numberField().min(0).max(100_000).nullable().optional(),
    currency: currency.optional(),
  })
  .strict();
export type CharterPartyTermsBody = z.infer<typeof charterPartyTermsBody>;

export const charterPartyTermsAnswer = z.object({
  condition: z.enum(CP_CONDITIONS),
  speedKn: z.number(),
  consumptionTonnesPerDay: z.number(),
  aboutSpeedKn: z.number(),
  aboutConsumptionPercent: z.number(),
  goodWeather: z.object({
    maxBeaufort: z.number(),
    maxDouglas: z.number(),
    maxWaveHeightM: z.number().nullable(),
    maxAdverseCurrentKn: z.number().nullable(),
    wholeDay: z.boolean(),
  }),
  minGoodWeatherHours: z.number(),
  minGoodWeatherShare: z.number(),
  gradeConsumption: z.array(
    z.object({ grade: z.string(), tonnesPerDay: z.number(), pricePerTonne: z.number().nullable() }),
  ),
  consumers: z.array(z.enum(ENGINE_CONSUMERS)),
  hireRatePerDay: z.number().nullable(),
  bunkerPricePerTonne: z.number().nullable(),
  currency: z.string(),
  /** Where the terms come from: set on the voyage, or the ship's default for the condition. */
  source: z.enum(["voyage", "ship"]),
  /** The rule in words. */
  rule: z.string(),
});
export type CharterPartyTermsAnswer = z.infer<typeof charterPartyTermsAnswer>;

/** GET /api/voyages/:id/charter-party: the terms that apply, or null when none are set. */
export const voyageCharterPartyAnswer = z.object({ terms: charterPartyTermsAnswer.nullable() });

export const shipCharterPartyParams = z
  .object({ id: z.coerce.number().int().positive(), condition: z.enum(CP_CONDITIONS) })
  .strict();
export const shipCharterPartyAnswer = z.object({
  laden: charterPartyTermsAnswer.nullable(),
  ballast: charterPartyTermsAnswer.nullable(),
});

const methodFigures = {
  speedKn: z.number(),
  consumptionTonnesPerDay: z.number(),
  timeLostHours: z.number(),
  overConsumptionTonnes: z.number(),
};

export const CP_STATUSES = [
  "on_warranty",
  "at_risk",
  "under_performing",
  "insufficient_good_weather",
] as const;

export const charterPartyPerformanceAnswer = z.object({
  voyageId: z.number(),
  terms: charterPartyTermsAnswer,
  /** Where the periods come from: noon-to-noon reports, or days of sensor records. */
  basis: z.enum(["noon_reports", "sensor_days"]),
  goodWeather: z.object({
    days: z.number(),
    hours: z.number(),
    distanceNm: z.number(),
    speedKn: z.number().nullable(),
    consumptionTonnesPerDay: z.number().nullable(),
  }),
  voyage: z.object({ seaHours: z.number(), distanceNm: z.number() }),
  timeLostHours: z.number().nullable(),
  overConsumptionTonnes: z.number().nullable(),
  underConsumptionTonnes: z.number().nullable(),
  claim: z.object({ hire: z.number(), fuel: z.number(), total: z.number(), currency: z.string() }).nullable(),
  weatherCorrected: z
    .object({ ...methodFigures, underConsumptionTonnes: z.number(), days: z.number(), hours: z.number() })
    .nullable(),
  /** Per warranted grade (terms.gradeConsumption), by the good-weather method. */
  byGrade: z.array(
    z.object({
      grade: z.string(),
      warrantedTonnesPerDay: z.number(),
      goodWeatherTonnesPerDay: z.number(),
      overConsumptionTonnes: z.number(),
      underConsumptionTonnes: z.number(),
    }),
  ),
  status: z.enum(CP_STATUSES),
  days: z.array(
    z.object({
      /** The period's start and end, ISO 8601. */
      from: z.string(),
      to: z.string(),
      hours: z.number(),
      steamingHours: z.number(),
      distanceNm: z.number(),
      speedKn: z.number().nullable(),
      consumptionTonnes: z.number(),
      beaufort: z.number().nullable(),
      douglas: z.number().nullable(),
      covered: z.boolean(),
      goodWeather: z.boolean(),
      reason: z.string(),
    }),
  ),
  reasons: z.array(z.string()),
  /** How the figures are computed, with the citation (the statement prints it). */
  method: z.string(),
});
export type CharterPartyPerformanceAnswer = z.infer<typeof charterPartyPerformanceAnswer>;

/** GET /api/voyages/:id/charter-party/statement?format=pdf|xlsx: the statement a chartering manager sends. */
export const charterPartyStatementQuery = z
  .object({ format: z.enum(STATEMENT_FORMATS).default("pdf") })
  .strict();
