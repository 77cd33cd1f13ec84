import { DomainInputError } from "../errors.js";
import { requireFinite } from "../performance/guards.js";

/**
 * The plausible range of one calculator input: inclusive `max`, `min` inclusive unless `minExclusive`
 * (then the value must be greater than `min`), whole numbers only when `integer`. `source` says where the
 * bounds come from (a standard, another range of ours, or the stated engineering reason), so a 400 is
 * never arbitrary. Used both by the contracts (zod, the 400 names the field) and by the domain guards.
 */
export type InputRange = {
  min: number;
  max: number;
  unit: string;
  minExclusive?: boolean;
  integer?: boolean;
  source: string;
};

const unitText = (unit: string) => (unit ? ` ${unit}` : "");

/** The reason a value outside `range` is refused, in the API's words: "must be between 1 and 35 kn". */
export function rangeReason(range: InputRange): string {
  const u = unitText(range.unit);
  return range.minExclusive
    ? `must be greater than ${range.min} and at most ${range.max}${u}`
    : `must be between ${range.min} and ${range.max}${u}`;
}

/** Whether `value` lies in `range` (finite, above/at min, at most max, whole when required). */
export function isWithinRange(value: number, range: InputRange): boolean {
  if (typeof value !== "number" || !Number.isFinite(value)) return false;
  if (range.minExclusive ? value <= range.min : value < range.min) return false;
  if (value > range.max) return false;
  return !range.integer || Number.isInteger(value);
}

/** Returns `value` when it lies in `range`; throws `DomainInputError(field, rangeReason(range))` otherwise. */
export function requireWithinRange(field: string, value: number, range: InputRange): number {
  requireFinite(field, value);
  if (range.integer && !Number.isInteger(value)) throw new DomainInputError(field, "must be a whole number");
  if (!isWithinRange(value, range)) throw new DomainInputError(field, rangeReason(range));
  return value;
}
