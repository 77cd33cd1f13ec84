/**
 * Column headers of the upload formats, one list per data type, read from the record registry
 * (record-registry.ts, where each column's field, unit and example live): the fleet simulator writes them,
 * the templates show them and the upload feature reads them.
 *
 * Conventions of the files: ships are referenced by IMO number in 'Ship ID' (the upload also accepts the
 * database id or the exact vessel name); 'Voyage ID' holds the voyage number; dates are ISO 8601 in UTC;
 * numbers use a dot for decimals and no thousands separator; an empty cell is a missing value.
 */
import { RECORD_REGISTRY } from "./record-registry";

export const UPLOAD_DATA_TYPES = [
  "ships",
  "voyages",
  "fuel",
  "environmental",
  "hull",
  "trim",
  "compliance",
  "auxiliary",
  "events",
] as const;

export type UploadDataType = (typeof UPLOAD_DATA_TYPES)[number];

/** The headers of each type, in file order. */
export const UPLOAD_COLUMNS: Record<UploadDataType, readonly string[]> = Object.fromEntries(
  UPLOAD_DATA_TYPES.map((type): [UploadDataType, readonly string[]] => [
    type,
    RECORD_REGISTRY[type].map((c) => c.header),
  ]),
) as Record<UploadDataType, readonly string[]>;

/** The columns the specification gives as defaults (spec §3); the rest of each list is optional. */
export const SPEC_DEFAULT_COLUMN_COUNT: Partial<Record<UploadDataType, number>> = {
  ships: 8,
  voyages: 6,
  fuel: 11,
  environmental: 8,
  hull: 7,
};
