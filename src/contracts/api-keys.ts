/**
 * API keys (issue 19): machines (a ship's data logger, an MQTT bridge, a reporting tool) authenticate with a
 * key instead of a session. A key has scopes — `ingest` (the ingestion routes and MQTT), `read` (GET routes) —
 * and may be limited to some ships. The key itself is answered once, at creation; lists show its prefix only.
 */
import { z } from "zod";
import { idField, idParam, singleLineText } from "./common";

export const API_KEY_SCOPES = ["ingest", "read"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The visible start of every key: `sxt_` and 8 hex characters (`sxt_ab12cd34`). */
export const API_KEY_PREFIX_PATTERN = /^sxt_[0-9a-f]{8}$/;

export const createApiKeyBody = z
  .object({
    name: singleLineText().min(1, "is required").max(100, "must be at most 100 characters"),
    scopes: z
      .array(z.enum(API_KEY_SCOPES, { error: "must be ingest or read" }))
      .min(1, "needs at least one scope")
      .max(10)
      .transform((s) => [...new Set(s)].sort()),
    /** Absent or null: every ship of the organisation, now and later. */
    shipIds: z
      .array(idField)
      .min(1, "needs at least one ship (leave it out for every ship)")
      .max(1000)
      .nullable()
      .optional()
      .transform((ids) => (ids ? [...new Set(ids)].sort((a, b) => a - b) : null)),
  })
  .strict();
export type CreateApiKeyBody = z.input<typeof createApiKeyBody>;

/** The answer to a creation: the only time the key is ever shown. */
export const createdApiKey = z.object({ id: z.number(), key: z.string(), prefix: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKey>;

export const apiKey = z.object({
  id: z.number(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  shipIds: z.array(z.number()).nullable(),
  createdAt: z.string(),
  createdBy: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKey>;

export const apiKeyParams = z.object({ id: idParam }).strict();
