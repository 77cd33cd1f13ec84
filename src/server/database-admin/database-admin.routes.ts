/**
 * Database Admin (issue 18 item 2, spec §7): stats and integrity for every member; cleanup, optimise, backup,
 * restore and the self-tests for owners and admins. Every call is scoped to the caller's organisation.
 * The guards of each route are in one place (`GUARDS`): cleanup, restore and the backup take the step-up
 * check there too. Cleanup, optimise, backup, restore and the self-tests are heavy work (http/heavy-work.ts):
 * each takes a slot of the organisation's fair share first.
 */

import fs from "node:fs";
import path from "node:path";
import { PassThrough, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import multipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  cleanupRequest,
  cleanupResponse,
  databaseIntegrityResponse,
  databaseStatsResponse,
  optimizeResponse,
  restoreResponse,
  selfTestsResponse,
} from "../../contracts/database-admin";
import { retentionCutoff } from "../../domain/database/retention";
import type { AppDeps } from "../app-deps";
import { writeAudit } from "../audit/audit-log";
import { adminsOnly, requireAuth, signedInOnly } from "../auth/guards";
import { fleetWide } from "../auth/ship-scope";
import { requireElevatedSession } from "../auth/step-up";
import { databaseBackups } from "../db/schema";
import { ApiError, badRequest } from "../http/errors";
import { heavyWork } from "../http/heavy-work";
import { makeUploadDir } from "../uploads/upload-temp";
import { backupFileName, writeBackup } from "./backup";
import { databaseIntegrity } from "./integrity";
import { optimizeOrganisation } from "./optimize";
import { restoreBackup } from "./restore";
import { restoreOptions } from "./restore-options";
import { countExpired, deleteExpired } from "./retention";
import { runSelfTests } from "./self-tests";
import { databaseStats } from "./stats";

type Guard = (request: FastifyRequest) => Promise<void>;

/**
 * Who may call each route. Reading is for every member; acting for owners and admins. What destroys data
 * (cleanup, restore) or carries all of it away (the backup: a stolen session's one download of the whole
 * organisation, issue 30 finding 6) also needs an elevated session (auth/step-up.ts).
 */
const GUARDS: Record<"read" | "act" | "elevated", Guard[]> = {
  read: [signedInOnly],
  act: [adminsOnly],
  elevated: [adminsOnly, requireElevatedSession],
};

export const databaseAdminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, database, config }) => {
  await app.register(multipart, {
    limits: { fileSize: config.RESTORE_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5 },
  });
  const tags = ["database admin"];

  app.get(
    "/api/database/stats",
    {
      config: { shipScope: fleetWide },
      onRequest: GUARDS.read,
      schema: {
        tags,
        description:
          "The organisation's record counts, data quality (30 days), main-engine SFOC over all records, " +
          "oldest and newest record, and per table its storage measures and health badge. Polled every 30 s.",
        response: { 200: databaseStatsResponse },
      },
    },
    async (request) => databaseStats(db, database.pool, requireAuth(request).orgId, new Date()),
  );

  app.get(
    "/api/database/integrity",
    {
      config: { shipScope: fleetWide },
      onRequest: GUARDS.read,
      schema: {
        tags,
        description:
          "Per table of records: quality %, issues, missing values; recommendations naming the ship, the " +
          "period and the report check that failed. Polled every 60 s.",
        response: { 200: databaseIntegrityResponse },
      },
    },
    async (request) => databaseIntegrity(db, database.pool, requireAuth(request).orgId, new Date()),
  );

  app.post(
    "/api/database/cleanup",
    {
      onRequest: GUARDS.elevated,
      preHandler: heavyWork,
      schema: {
        tags,
        description:
          "Deletes the organisation's records older than retentionMonths (12–120, default 24) in one " +
          "transaction and recomputes the rollups; with dryRun: true only counts them (nothing written).",
        body: cleanupRequest,
        response: { 200: cleanupResponse },
      },
    },
    async (request) => {
      const { orgId } = requireAuth(request);
      const cutoff = retentionCutoff(new Date(), request.body.retentionMonths);
      if (request.body.dryRun) {
        const wouldDelete = await countExpired(database.longPool, orgId, cutoff);
        return { wouldDelete, deletedRecords: 0, cutoff: cutoff.toISOString(), dryRun: true };
      }
      const done = await deleteExpired(database.longPool, orgId, cutoff);
      request.log.info({ orgId, cutoff, deletedRecords: done.deletedRecords }, "retention cleanup");
      return { ...done, cutoff: cutoff.toISOString(), dryRun: false };
    },
  );

  app.post(
    "/api/database/optimize",
    {
      onRequest: GUARDS.act,
      preHandler: heavyWork,
      schema: {
        tags,
        description:
          "VACUUM ANALYZE of the organisation's tables and the rollups, then the rollups recomputed.",
        response: { 200: optimizeResponse },
      },
    },
    async (request) => ({
      details: await optimizeOrganisation(database.longPool, requireAuth(request).orgId),
    }),
  );

  app.get(
    "/api/database/backup",
    {
      config: { shipScope: fleetWide },
      onRequest: GUARDS.elevated,
      preHandler: heavyWork,
      schema: {
        tags,
        description:
          "The organisation's complete data as a versioned archive (docs/backup-format.md), streamed as " +
          "sextant-backup-<organisation>-<date>.gz. Needs an elevated session (POST /api/auth/step-up).",
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const now = new Date();
      const fileName = backupFileName(auth.organization.name, now);
      const gzip = zlib.createGzip();
      let bytes = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _enc, done) {
          bytes += chunk.length;
          done(null, chunk);
        },
      });
      const out = new PassThrough();
      pipeline(gzip, counted, out).catch(() => {});
      writeBackup(database.longPool, auth.orgId, gzip, now)
        .then(async (rows) => {
          gzip.end();
          await new Promise((resolve) => counted.once("end", resolve));
          await db
            .insert(databaseBackups)
            .values({ orgId: auth.orgId, userId: auth.userId, fileName, rows, bytes });
          // a read, so the audit hook does not see it: the backup records its own entry
          await writeAudit(db, request, { kind: "database.backup", details: { fileName, rows, bytes } });
        })
        .catch((err) => {
          // the archive stays without its trailer: a restore refuses it; the download shows as failed
          request.log.error({ err }, "backup failed");
          out.destroy(err as Error);
        });
      return reply
        .header("content-type", "application/gzip")
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .header("cache-control", "no-store")
        .send(out);
    },
  );

  app.post(
    "/api/database/restore",
    {
      onRequest: GUARDS.elevated,
      preHandler: heavyWork,
      schema: {
        tags,
        description:
          "Restores a backup archive (multipart field `file`) into the caller's organisation, which must have " +
          "no ships (409 otherwise): ids renumbered, one transaction, rollups recomputed.",
        response: { 200: restoreResponse },
      },
    },
    async (request) => {
      const { orgId } = requireAuth(request);
      if (!request.isMultipart())
        throw badRequest([{ field: "file", reason: "send the backup archive as multipart/form-data" }]);
      const dir = await makeUploadDir();
      try {
        const target = path.join(dir, "backup.gz");
        let received = false;
        for await (const part of request.parts()) {
          if (part.type !== "file" || part.fieldname !== "file" || received) {
            if (part.type === "file") part.file.resume();
            continue;
          }
          await pipeline(part.file, fs.createWriteStream(target, { mode: 0o600 }));
          if (part.file.truncated)
            throw new ApiError(413, "file_too_large", "The backup is larger than RESTORE_MAX_BYTES");
          received = true;
        }
        if (!received) throw badRequest([{ field: "file", reason: "is required (the backup archive)" }]);
        const summary = await restoreBackup(database.longPool, orgId, target, restoreOptions(config));
        request.log.info({ orgId, rows: summary.rows }, "backup restored");
        return summary;
      } finally {
        await fs.promises.rm(dir, { recursive: true, force: true });
      }
    },
  );

  app.post(
    "/api/database/self-tests",
    {
      onRequest: GUARDS.act,
      preHandler: heavyWork,
      schema: {
        tags,
        description:
          "Runs the server's self-tests (database and migrations, rollups against raw records, job queue, " +
          "last backup age): each passed or failed with its detail.",
        response: { 200: selfTestsResponse },
      },
    },
    async (request) =>
      runSelfTests({
        db,
        pool: database.pool,
        orgId: requireAuth(request).orgId,
        jobs: app.jobs,
        mailerAvailable: app.mailer.available,
        now: new Date(),
      }),
  );
};
