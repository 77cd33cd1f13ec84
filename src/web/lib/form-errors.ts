import type { FieldError } from "./api";

/** Field name → first reason, for showing errors next to inputs. */
export type FieldErrors = Partial<Record<string, string>>;

/** The first reason per field of a 400 answer's details. */
export function toFieldErrors(details: readonly FieldError[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const { field, reason } of details) errors[field] ??= reason;
  return errors;
}

/** The same from schema issues (the forms check with the contract's zod schema before sending). */
export function issuesToFieldErrors(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): FieldErrors {
  return toFieldErrors(
    issues.map((issue) => ({ field: issue.path.map(String).join("."), reason: issue.message })),
  );
}
