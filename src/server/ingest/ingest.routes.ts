/**
 * `POST /api/ingest/:recordType`: a JSON array or NDJSON of records, one transaction per request, answered
 * with the counts and the refusals per record (ingest-batch.ts). Callers: an API key with the ingest scope
 * (its ship limit applies per record), or a signed-in writer.
 */
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ingestParams, ingestResult } from "../../contracts/ingest";
import type { AppDeps } from "../app-deps";
import { requireAuth, requireWriter } from "../auth/guards";
import { shipPerRecord } from "../auth/ship-scope";
import { ApiError } from "../http/errors";
import { ingestRecords, UnreadableRecord } from "./ingest-batch";
import { inIngestTransaction } from "./ingest-transaction";

const NDJSON = "application/x-ndjson";

/** NDJSON text → one value per non-blank line; a line that is not JSON becomes its record's refusal. */
export function parseNdjson(text: string): unknown[] {
  const records: unknown[] = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    try {
      records.push(JSON.parse(line));
    } catch {
      records.push(new UnreadableRecord("is not valid JSON"));
    }
  }
  return records;
}

/** A key with the ingest scope (checked by the session loader), or a writer's session. */
const ingestersOnly = async (request: FastifyRequest) => {
  if (!requireAuth(request).apiKey) requireWriter(request);
};

export const ingestRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database, config }) => {
  app.addContentTypeParser(
    NDJSON,
    { parseAs: "string", bodyLimit: config.INGEST_MAX_BYTES },
    (_request, body, done) => done(null, parseNdjson(body as string)),
  );

  app.post(
    "/api/ingest/:recordType",
    {
      onRequest: ingestersOnly,
      config: { shipScope: shipPerRecord }, // a key's ship limit refuses each record of another ship (ingest-run.ts)
      bodyLimit: config.INGEST_MAX_BYTES,
      schema: {
        tags: ["ingest"],
        params: ingestParams,
        body: z.array(z.unknown()),
        response: { 200: ingestResult },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const records = request.body;
      if (records.length > config.INGEST_MAX_RECORDS) {
        throw new ApiError(
          413,
          "too_many_records",
          `At most ${config.INGEST_MAX_RECORDS.toLocaleString("en")} records per request (INGEST_MAX_RECORDS)`,
        );
      }
      const grant = auth.apiKey;
      const items = records.map((record) => (grant ? { record, grant } : { record }));
      return inIngestTransaction(database.pool, auth.orgId, (run) =>
        ingestRecords(run, request.params.recordType, items),
      );
    },
  );
};
