/**
 * Upload routes (spec §7): POST /api/upload-data, POST /api/data/bulk-upload, GET /api/data/bulk-template,
 * and the upload log GET /api/uploads. @fastify/multipart is registered here only, not app-wide
 * (ARCHITECTURE: a globally registered multipart parser costs every route).
 */
import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { nmeaUploadResult } from "../../contracts/nmea-upload";
import { noonPreview, noonUploadResult } from "../../contracts/noon-reports";
import { PAGED_ARRAY_DESCRIPTION as PAGED } from "../../contracts/pagination";
import { bulkUploadResult, uploadLogEntry, uploadLogQuery, uploadResult } from "../../contracts/uploads";
import type { AppDeps } from "../app-deps";
import { requireAuth, requireWriter, signedInOnly, writersOnly } from "../auth/guards";
import { fleetWide } from "../auth/ship-scope";
import { badRequest } from "../http/errors";
import { sendPageHeaders } from "../http/pagination";
import { countUploadRows } from "../observability/metrics-registry";
import { bulkTemplate } from "./bulk-template";
import { parseMappingConfig } from "./column-mapping";
import { isNmeaConfig, uploadNmea } from "./nmea/nmea-service";
import { noonMappingRoutes } from "./noon/noon-mappings.routes";
import { isNoonConfig, previewNoon, uploadNoon } from "./noon/noon-service";
import { type ReceivedUpload, receiveUpload } from "./upload-input";
import { listUploads, recordRefusal, type SeenFile } from "./upload-log";
import { bulkUpload, uploadData } from "./upload-service";

/** The data type a refused upload declared, for its log entry ('unknown' when the mapping is invalid). */
function declaredType(mappingText: string | undefined): string {
  if (isNoonConfig(mappingText)) return "noon";
  if (isNmeaConfig(mappingText)) return "nmea";
  try {
    return parseMappingConfig(mappingText).dataType;
  } catch {
    return "unknown";
  }
}

export const uploadRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, database, config }) => {
  await app.register(multipart, {
    limits: { fileSize: config.UPLOAD_MAX_BYTES, files: 1, fields: 10, fieldSize: 1_048_576, parts: 20 },
  });
  app.addHook("onRequest", signedInOnly);
  const tags = ["uploads"];
  await app.register(noonMappingRoutes, { db, database, config } as AppDeps);

  app.post(
    "/api/upload-data",
    {
      onRequest: writersOnly,
      config: { audit: "self" }, // the upload log writes one audit entry per upload (upload-log.ts)
      // A noon upload answers its preview or its result (decision 008), an NMEA log the upload result with the
      // log's account; the other types the upload result.
      schema: {
        tags,
        response: { 200: z.union([noonPreview, noonUploadResult, nmeaUploadResult, uploadResult]) },
      },
    },
    async (request) => {
      const auth = requireWriter(request);
      const seen: SeenFile = {};
      let received: ReceivedUpload | undefined;
      try {
        received = await receiveUpload(request, "dataFile", config.UPLOAD_MAX_BYTES, seen);
        if (!received.file) throw badRequest([{ field: "dataFile", reason: "is required" }]);
        const mappingText = received.fields.mappingConfig;
        if (mappingText !== undefined && isNoonConfig(mappingText)) {
          const dryRun = (JSON.parse(mappingText) as { dryRun?: unknown }).dryRun === true;
          if (dryRun) return await previewNoon(database.longPool, config, auth, received.file, mappingText);
          const noon = await uploadNoon(database.longPool, config, auth, received.file, mappingText);
          countUploadRows(app.metrics, noon.data);
          return noon;
        }
        if (mappingText !== undefined && isNmeaConfig(mappingText))
          return await uploadNmea(database.longPool, config, auth, received.file, mappingText);
        const outcome = await uploadData(
          database.longPool,
          config,
          auth,
          received.file,
          received.fields.mappingConfig,
        );
        countUploadRows(app.metrics, outcome.data);
        return {
          ...outcome,
          data: outcome.data as Record<string, z.infer<typeof uploadResult>["data"][string]>,
        };
      } catch (err) {
        await recordRefusal(db, auth, seen, declaredType(received?.fields.mappingConfig), err);
        throw err;
      } finally {
        await received?.cleanup();
      }
    },
  );

  app.post(
    "/api/data/bulk-upload",
    {
      onRequest: writersOnly,
      config: { audit: "self" }, // the upload log writes one audit entry per upload (upload-log.ts)
      schema: { tags, response: { 200: bulkUploadResult } },
    },
    async (request) => {
      const auth = requireWriter(request);
      const seen: SeenFile = {};
      let received: ReceivedUpload | undefined;
      try {
        received = await receiveUpload(request, "file", config.UPLOAD_MAX_BYTES, seen);
        if (!received.file) throw badRequest([{ field: "file", reason: "is required" }]);
        const outcome = await bulkUpload(database.longPool, config, auth, received.file);
        countUploadRows(app.metrics, outcome.data);
        return {
          ...outcome,
          data: outcome.data as Record<string, z.infer<typeof uploadResult>["data"][string]>,
        };
      } catch (err) {
        await recordRefusal(db, auth, seen, "bulk", err);
        throw err;
      } finally {
        await received?.cleanup();
      }
    },
  );

  app.get(
    "/api/data/bulk-template",
    { config: { shipScope: fleetWide }, schema: { tags } },
    async (_request, reply) => {
      const body = await bulkTemplate();
      return reply
        .type("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
        .header("content-disposition", 'attachment; filename="sextant-bulk-template.xlsx"')
        .send(body);
    },
  );

  app.get(
    "/api/uploads",
    {
      config: { shipScope: fleetWide },
      schema: {
        tags,
        querystring: uploadLogQuery,
        response: { 200: z.array(uploadLogEntry) },
        description: PAGED,
      },
    },
    async (request, reply) => {
      const { entries, page } = await listUploads(db, requireAuth(request).orgId, request.query);
      sendPageHeaders(reply, page);
      return entries;
    },
  );
};
