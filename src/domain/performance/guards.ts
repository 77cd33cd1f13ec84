import { DomainInputError } from "../errors.js";

/**
 * Input guards shared by the engineering calculations (hull, weather, engine, performance). Each throws a
 * `DomainInputError` naming the field, so the HTTP layer can answer 400 with that field.
 */

/** Returns `value` if it is a finite number; throws `DomainInputError(field, …)` otherwise. */
export function requireFinite(field: string, value: number): number {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new DomainInputError(field, "must be a finite number");
  }
  return value;
}

/** Returns `value` if it is finite and strictly greater than 0; throws otherwise. */
export function requirePositive(field: string, value: number): number {
  requireFinite(field, value);
  if (value <= 0) throw new DomainInputError(field, "must be greater than 0");
  return value;
}

/** Returns `value` if it is finite and at least 0; throws otherwise. */
export function requireNonNegative(field: string, value: number): number {
  requireFinite(field, value);
  if (value < 0) throw new DomainInputError(field, "must be 0 or more");
  return value;
}

/** Returns `value` if it is finite and within [min, max] (inclusive); throws otherwise. */
export function requireInRange(field: string, value: number, min: number, max: number): number {
  requireFinite(field, value);
  if (value < min || value > max) throw new DomainInputError(field, `must be between ${min} and ${max}`);
  return value;
}

/** Throws `DomainInputError(field, …)` unless `values` holds at least `min` items. */
export function requireMinLength(field: string, values: readonly unknown[], min: number): void {
  if (values.length < min) throw new DomainInputError(field, `needs at least ${min} values`);
}
