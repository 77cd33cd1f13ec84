import { z } from "zod";
import { CAPACITY_BASIS, capacityField } from "../domain/cii/capacity-basis.js";
import {
  CII_CALCULATOR_DEFAULTS,
  type CiiCalculatorInput,
  type CiiCalculatorResult,
} from "../domain/cii/cii-calculator.js";
import { CII_CALCULATOR_RANGES as R } from "../domain/cii/cii-calculator-ranges.js";
import { CII_RATINGS, COMPLIANCE_STATUSES } from "../domain/cii/rating.js";
import { CII_FIRST_YEAR, CII_LAST_YEAR } from "../domain/cii/reduction-factors.js";
import { rangeReason } from "../domain/data-quality/input-range.js";
import { FUEL_TYPES } from "../domain/fuels/fuel-types.js";
import { isCiiRated, parseShipType, SHIP_TYPES } from "../domain/ships/ship-types.js";
import { numberField, rangedNumber } from "./common.js";

/**
 * POST /api/calculate-cii (spec §3, §7; issue 3 item 11). The specification's fields plus `grossTonnage`
 * (GT-based ship types) and `fuels` (several fuels). CII figures in g CO2 per capacity-tonne-mile.
 * Computed by `calculateCii` in src/domain/cii/cii-calculator.ts (MEPC.352/353/354(78), MEPC.338(76),
 * MEPC.400(83)). Defaults: `CII_CALCULATOR_DEFAULTS`. Plausible input ranges and their sources:
 * `CII_CALCULATOR_RANGES` (zero fuel or distance has no CII: 400). Years 2019–2022 are answered with
 * `rated: false`, no rating and a `ratingNote` (ratings start with 2023, MARPOL Annex VI reg. 28).
 */
export { CII_CALCULATOR_DEFAULTS };

const YEAR_MESSAGE = `must be a year from ${CII_FIRST_YEAR} to ${CII_LAST_YEAR} (no reduction factor adopted after ${CII_LAST_YEAR})`;

export const ciiFuelEntry = z.strictObject({
  fuelType: z.enum(FUEL_TYPES).describe("Fuel type (MEPC.364(79) Cf)"),
  tonnes: numberField()
    .min(0, `must be between 0 and ${R.annualFuelTonnes.max} t`)
    .max(R.annualFuelTonnes.max, `must be between 0 and ${R.annualFuelTonnes.max} t`)
    .describe("Fuel burnt in the year [t]"),
});

export const calculateCiiBody = z
  .strictObject({
    shipType: z
      .string()
      .trim()
      .min(1, "is required")
      .refine((v) => {
        const type = parseShipType(v);
        return type !== undefined && isCiiRated(type);
      }, "must be a CII-rated ship type, e.g. 'Bulk carrier', 'Tanker', 'Container ship'")
      .describe("Ship type by the specification's or IMO names, case-insensitive"),
    deadweight: rangedNumber(R.deadweight)
      .optional()
      .describe("Deadweight [t]; needed for DWT-based ship types"),
    grossTonnage: rangedNumber(R.grossTonnage)
      .optional()
      .describe("Gross tonnage; needed for vehicle carriers, ro-ro cargo, ro-pax, HSC and cruise ships"),
    fuelConsumption: rangedNumber(R.annualFuelTonnes).optional().describe("Annual fuel, tonnes of HFO"),
    fuels: z
      .array(ciiFuelEntry)
      .min(1, "must list at least one fuel")
      .optional()
      .describe("Annual fuel by type"),
    distanceTravelled: rangedNumber(R.distanceNm).describe("Distance travelled in the year [nm]"),
    calculationYear: numberField()
      .int("must be a whole year")
      .min(CII_FIRST_YEAR, YEAR_MESSAGE)
      .max(CII_LAST_YEAR, YEAR_MESSAGE)
      .describe(`Calendar year ${CII_FIRST_YEAR}-${CII_LAST_YEAR}`),
  })
  .superRefine((body, ctx) => {
    if (body.fuelConsumption !== undefined && body.fuels !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["fuels"],
        message: "give either fuelConsumption or fuels, not both",
      });
    }
    const total = body.fuels?.reduce((sum, f) => sum + f.tonnes, 0);
    if (total !== undefined && !(total > R.annualFuelTonnes.min && total <= R.annualFuelTonnes.max)) {
      ctx.addIssue({
        code: "custom",
        path: ["fuels"],
        message: `in total ${rangeReason(R.annualFuelTonnes)}`,
      });
    }
    if (body.fuelConsumption === undefined && body.fuels === undefined) {
      ctx.addIssue({ code: "custom", path: ["fuelConsumption"], message: "is required (or give fuels)" });
    }
    const type = parseShipType(body.shipType);
    if (type === undefined || !isCiiRated(type)) return;
    const basis = CAPACITY_BASIS[type as keyof typeof CAPACITY_BASIS];
    const field = capacityField(basis);
    if (body[field] === undefined) {
      ctx.addIssue({
        code: "custom",
        path: [field],
        message: `is required: this ship type is rated on ${basis}`,
      });
    }
  });
export type CalculateCiiBody = z.infer<typeof calculateCiiBody>;

const ciiShipTypeKey = z.enum(SHIP_TYPES).exclude(["research_vessel"]);

export const calculateCiiResponse = z.strictObject({
  attainedCII: z.number().describe("Attained CII (AER or cgDIST) [g CO2/(t·nm) or g CO2/(GT·nm)]"),
  requiredCII: z.number().describe("Required CII of the year"),
  referenceCII: z.number().describe("2019 reference line value"),
  rated: z.boolean().describe("False before 2023: ratings start with the 2023 data"),
  rating: z.enum(CII_RATINGS).nullable().describe("A–E; null when the year is not rated"),
  ratingNote: z.string().nullable().describe("Why there is no rating (a year before 2023)"),
  boundaries: z.strictObject({
    superior: z.number(),
    lower: z.number(),
    upper: z.number(),
    inferior: z.number(),
  }),
  reductionFromBaseline: z.number().describe("Reduction factor Z of the year [%]"),
  complianceStatus: z.enum(COMPLIANCE_STATUSES).nullable(),
  nextYearTarget: z.number().nullable().describe("Required CII of the next year; null after 2030"),
  capacityBasis: z.enum(["DWT", "GT"]),
  shipType: ciiShipTypeKey.describe("The IMO ship type the name resolved to"),
  capacity: z.number().describe("The DWT or GT used"),
  co2Tonnes: z.number().describe("Annual CO2 [t]"),
});
export type CalculateCiiResponse = z.infer<typeof calculateCiiResponse>;

// Compile-time checks that the contract and the domain types agree.
type Assert<T extends true> = T;
export type _CiiBodyMatchesDomain = Assert<CalculateCiiBody extends CiiCalculatorInput ? true : false>;
export type _CiiResultMatchesResponse = Assert<
  CiiCalculatorResult extends CalculateCiiResponse ? true : false
>;
export type _CiiResponseMatchesResult = Assert<
  CalculateCiiResponse extends CiiCalculatorResult ? true : false
>;
