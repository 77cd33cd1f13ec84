/**
 * Column mapping: which file column feeds which contract field. The defaults are the record registry's
 * (src/contracts/record-registry.ts: what the simulator writes and the templates show, shared with the
 * browser); a user's `columnMappings` ({"Header": "field"}) replaces them.
 * Headers match case-insensitively and ignoring surrounding spaces.
 */
import { z } from "zod";
import { UPLOAD_COLUMNS, UPLOAD_DATA_TYPES, type UploadDataType } from "../../contracts/upload-columns";
import { badRequest } from "../http/errors";
import type { Cell, FieldKind } from "./cell-values";
import { compileField } from "./fast-row";
import { UPLOAD_TYPES } from "./upload-types";

/** The multipart `mappingConfig` JSON text (spec §3): dataType, columnMappings, skipRows (default 1). */
export const mappingConfig = z
  .object({
    dataType: z.enum(UPLOAD_DATA_TYPES),
    columnMappings: z.record(z.string(), z.string()).optional(),
    skipRows: z.coerce.number().int().min(0).max(1000).default(1),
  })
  .strip();
export type MappingConfig = z.output<typeof mappingConfig>;

export function parseMappingConfig(text: string | undefined): MappingConfig {
  if (text === undefined || text.trim() === "") {
    throw badRequest([{ field: "mappingConfig", reason: "is required (JSON with dataType)" }]);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badRequest([{ field: "mappingConfig", reason: "is not valid JSON" }]);
  }
  const parsed = mappingConfig.safeParse(json);
  if (!parsed.success) {
    throw badRequest(
      parsed.error.issues.map((i) => ({
        field: ["mappingConfig", ...i.path].join("."),
        reason: i.message,
      })),
    );
  }
  return parsed.data;
}

const kindCache = new Map<UploadDataType, Record<string, FieldKind>>();

/**
 * Number or string per contract field, read from the contract's JSON Schema (input side), so that the kinds
 * follow the contract instead of being listed a second time.
 */
export function fieldKinds(type: UploadDataType): Record<string, FieldKind> {
  const cached = kindCache.get(type);
  if (cached) return cached;
  const schema = z.toJSONSchema(UPLOAD_TYPES[type].body, { io: "input", unrepresentable: "any" }) as {
    properties: Record<string, { type?: string; anyOf?: { type?: string }[] }>;
  };
  const kinds: Record<string, FieldKind> = {};
  for (const [field, prop] of Object.entries(schema.properties)) {
    const types = [prop.type, ...(prop.anyOf ?? []).map((p) => p.type)];
    kinds[field] = types.some((t) => t === "number" || t === "integer") ? "number" : "string";
  }
  kindCache.set(type, kinds);
  return kinds;
}

/** The fields of a type that hold an instant (the contract's `isoInstant`: timestamp, departure date…). */
export function instantFields(type: UploadDataType): ReadonlySet<string> {
  const shape = UPLOAD_TYPES[type].body.shape as Record<string, z.ZodType>;
  return new Set(Object.keys(shape).filter((field) => compileField(shape[field]!).kind === "instant"));
}

/** A file's columns matched to fields: field → column index and the header the user sees. */
export type ColumnPlan = { field: string; index: number; header: string }[];

const norm = (header: string) => header.trim().toLowerCase().replace(/\s+/g, " ");

/** Checks a mapping against the type's contract (400 naming each unknown field). */
export function checkMappings(type: UploadDataType, mappings: Record<string, string>): void {
  const known = new Set(Object.keys(fieldKinds(type)));
  const details = Object.entries(mappings)
    .filter(([, field]) => !known.has(field))
    .map(([header, field]) => ({
      field: `columnMappings.${header}`,
      reason: `'${field}' is not a field of ${type} (fields: ${[...known].join(", ")})`,
    }));
  if (details.length > 0) throw badRequest(details, "The column mapping names unknown fields");
}

/**
 * Matches the header row to the mapping. Without a header row (skipRows 0) the columns are taken in the
 * default order. Missing required columns are a 400 naming them; other missing columns stay empty.
 */
export function planColumns(
  type: UploadDataType,
  headerRow: Cell[] | undefined,
  mappings: Record<string, string>,
  where = "the file",
): ColumnPlan {
  const headers = headerRow
    ? headerRow.map((c) => (c === null || c === undefined ? "" : String(c)))
    : [...UPLOAD_COLUMNS[type]];
  const index = new Map<string, number>();
  headers.forEach((h, i) => {
    if (!index.has(norm(h))) index.set(norm(h), i);
  });
  const plan: ColumnPlan = [];
  const mappedFields = new Set<string>();
  for (const [header, field] of Object.entries(mappings)) {
    const i = index.get(norm(header));
    if (i === undefined || mappedFields.has(field)) continue;
    plan.push({ field, index: i, header: headers[i]!.trim() });
    mappedFields.add(field);
  }
  const missing = UPLOAD_TYPES[type].required.filter((f) => !mappedFields.has(f));
  if (missing.length > 0) {
    const headerOf = (f: string) => Object.entries(mappings).find(([, v]) => v === f)?.[0] ?? f;
    throw badRequest(
      missing.map((f) => ({ field: headerOf(f), reason: `column is missing in ${where} (needed for ${f})` })),
      `The ${type} data in ${where} lacks required columns; check the header row and skipRows`,
    );
  }
  return plan;
}
