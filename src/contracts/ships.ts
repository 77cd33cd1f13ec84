import { z } from "zod";
import { isValidImoNumber, normaliseImoNumber } from "../domain/ships/imo-number";
import { SHIP_PARTICULAR_LIMITS as LIMIT } from "../domain/ships/particular-limits";
import { parseShipType, SHIP_TYPES } from "../domain/ships/ship-types";
import { singleLineText } from "./common";

const imo = z
  .string()
  .trim()
  .transform(normaliseImoNumber)
  .refine(isValidImoNumber, "must be 7 digits with a valid IMO check digit");

const shipType = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const type = parseShipType(value);
    if (!type) {
      ctx.addIssue({
        code: "custom",
        message: `is not a known ship type (one of: ${SHIP_TYPES.join(", ")})`,
      });
      return z.NEVER;
    }
    return type;
  });

const positive = (max: number) =>
  z.number().positive("must be greater than 0").max(max, `must be at most ${max}`);

/** Ship particulars beyond the specification's form, needed by the analytics (CII capacity, ISO 19030). */
const particulars = {
  deadweight: positive(LIMIT.deadweight).nullable().optional(),
  grossTonnage: positive(LIMIT.grossTonnage).nullable().optional(),
  enginePower: positive(LIMIT.enginePower).nullable().optional(),
  designSpeed: positive(LIMIT.designSpeed).nullable().optional(),
  length: positive(LIMIT.length).nullable().optional(),
  beam: positive(LIMIT.beam).nullable().optional(),
  designDraught: positive(LIMIT.designDraught).nullable().optional(),
  yearBuilt: z.number().int().min(1900).max(2100).nullable().optional(),
};

export const createShipBody = z
  .object({ name: singleLineText().min(1, "is required").max(200), imo, type: shipType, ...particulars })
  .strict();
export type CreateShipBody = z.input<typeof createShipBody>;

export const updateShipBody = createShipBody.partial().strict();
export type UpdateShipBody = z.input<typeof updateShipBody>;

export const ship = z.object({
  id: z.number(),
  name: z.string(),
  imo: z.string(),
  type: z.enum(SHIP_TYPES),
  typeLabel: z.string(),
  deadweight: z.number().nullable(),
  grossTonnage: z.number().nullable(),
  enginePower: z.number().nullable(),
  designSpeed: z.number().nullable(),
  length: z.number().nullable(),
  beam: z.number().nullable(),
  designDraught: z.number().nullable(),
  yearBuilt: z.number().nullable(),
});
export type Ship = z.infer<typeof ship>;
