import { z } from "zod";
import { idField, idParam, isoInstant, singleLineText } from "./common";
import { pageQueryFieldsOf } from "./pagination";

export const VOYAGE_STATUSES = ["planned", "active", "completed", "cancelled"] as const;
export type VoyageStatus = (typeof VOYAGE_STATUSES)[number];

export const createVoyageBody = z
  .object({
    shipId: idField,
    voyageNumber: singleLineText().min(1, "is required").max(50),
    origin: singleLineText().min(1, "is required").max(200),
    destination: singleLineText().min(1, "is required").max(200),
    departureDate: isoInstant,
    arrivalDate: isoInstant.nullable().optional(),
    /** A new voyage is 'active' (spec §4) unless another status is given. */
    status: z.enum(VOYAGE_STATUSES).default("active"),
    cargoTonnes: z.number().min(0, "must not be negative").max(600_000).nullable().optional(),
  })
  .strict()
  .refine((v) => !v.arrivalDate || v.arrivalDate >= v.departureDate, {
    path: ["arrivalDate"],
    message: "must not be before the departure date",
  });
export type CreateVoyageBody = z.input<typeof createVoyageBody>;

export const voyage = z.object({
  id: z.number(),
  shipId: z.number(),
  voyageNumber: z.string(),
  origin: z.string(),
  destination: z.string(),
  departureDate: z.string(),
  arrivalDate: z.string().nullable(),
  status: z.enum(VOYAGE_STATUSES),
  cargoTonnes: z.number().nullable(),
});
export type Voyage = z.infer<typeof voyage>;

export const updateVoyageBody = z
  .object({
    voyageNumber: singleLineText().min(1, "is required").max(50),
    origin: singleLineText().min(1, "is required").max(200),
    destination: singleLineText().min(1, "is required").max(200),
    departureDate: isoInstant,
    arrivalDate: isoInstant.nullable(),
    status: z.enum(VOYAGE_STATUSES),
    cargoTonnes: z.number().min(0, "must not be negative").max(600_000).nullable(),
  })
  .partial()
  .strict();
export type UpdateVoyageBody = z.input<typeof updateVoyageBody>;

/** Newest departure first: the cursor carries a departure instant. */
export const voyageListQuery = z
  .object({ shipId: idParam.optional(), ...pageQueryFieldsOf("instant") })
  .strict();
