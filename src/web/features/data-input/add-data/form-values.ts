/**
 * The Add Data forms as data: each field's kind, label, hint and step, and the pure steps from the inputs'
 * text to a request body (spec §5: empty numbers are sent as null). The contract's zod schema then checks
 * the body, in the browser and again on the server.
 */
import { z } from "zod";
import type { FieldErrors } from "../../../lib/form-errors";

export type FieldKind = "text" | "number" | "integer" | "select" | "datetime" | "date";

export type FieldSpec = {
  /** The body key (and the key of the server's field errors). */
  name: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  /** Input step; numbers default to 0.1 and integers to 1 (spec §5). */
  step?: string;
  hint?: string;
  options?: ReadonlyArray<{ value: string; label: string }>;
  /** Initial text; selects without one start on their first option. */
  defaultValue?: string;
};

export type FormValues = Record<string, string>;

/** The initial text of each field: its default, else a select's first option, else empty. */
export function initialValues(fields: readonly FieldSpec[]): FormValues {
  const values: FormValues = {};
  for (const field of fields) values[field.name] = field.defaultValue ?? field.options?.[0]?.value ?? "";
  return values;
}

/** One input's text as a body value: numbers parsed (empty → null), empty optional values null or absent. */
export function toBodyValue(field: FieldSpec, text: string): unknown {
  const value = field.kind === "text" ? text : text.trim();
  switch (field.kind) {
    case "text":
      return value;
    case "number":
    case "integer":
      return value === "" ? null : Number(value);
    case "select":
    case "date":
      return value === "" ? (field.required ? "" : null) : value;
    case "datetime":
      // An absent timestamp means 'now' on the server; a present one is read as UTC (no offset given).
      return value === "" ? (field.required ? "" : undefined) : value;
  }
}

/** The request body of a form's fields (absent values left out). */
export function toBody(fields: readonly FieldSpec[], values: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = toBodyValue(field, values[field.name] ?? "");
    if (value !== undefined) body[field.name] = value;
  }
  return body;
}

/** 'is required' for each required field left empty; checked before the schema, whose wording differs. */
export function missingRequired(fields: readonly FieldSpec[], values: FormValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of fields)
    if (field.required && (values[field.name] ?? "").trim() === "") errors[field.name] = "is required";
  return errors;
}

/** A field reason as a sentence under its input: 'must be at most 9' → 'Must be at most 9'. */
export function reasonText(reason: string): string {
  return reason.charAt(0).toUpperCase() + reason.slice(1);
}

/** The numeric bounds a contract gives a field (for the input's min/max), from the zod schema itself. */
export function numberBounds(
  schema: z.ZodObject,
  name: string,
): { min?: number; max?: number; integer: boolean } {
  let inner: z.ZodType | undefined = schema.shape[name] as z.ZodType | undefined;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable || inner instanceof z.ZodDefault)
    inner = inner.unwrap() as z.ZodType;
  if (!(inner instanceof z.ZodNumber)) return { integer: false };
  const bounds: { min?: number; max?: number; integer: boolean } = { integer: inner.isInt };
  if (inner.minValue !== null && Number.isFinite(inner.minValue)) bounds.min = inner.minValue;
  if (inner.maxValue !== null && Number.isFinite(inner.maxValue)) bounds.max = inner.maxValue;
  return bounds;
}
