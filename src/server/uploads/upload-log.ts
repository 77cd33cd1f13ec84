/**
 * The upload log (`uploads`): every upload with its file, checksum, user, counts and first rejected rows,
 * written in the upload's own transaction when it succeeds and on its own when it fails (once the database
 * is back, when an outage made it fail).
 */
import { and, eq, sql } from "drizzle-orm";
import type { StoredNoonCheckResult } from "../../contracts/noon-check-result";
import type { PageQuery } from "../../contracts/pagination";
import type { Db } from "../db/client";
import { auditLog, type UPLOAD_STATUSES, uploads, users } from "../db/schema";
import { fullDisk, fullDiskMessage, isDatabaseUnavailable } from "../db/unavailable";
import { ApiError } from "../http/errors";
import { afterCursor, countWhere, type KeysetOrder, keysetOrderBy, keysetPage } from "../http/pagination";
import type { RowError } from "./row-validator";
import type { TypeCounts } from "./upload-pipeline";

export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

export type UploadRecord = {
  orgId: number;
  userId: number;
  fileName: string;
  sizeBytes: number;
  sha256: string;
  dataType: string;
  status: UploadStatus;
  rowsTotal: number;
  counts: Record<string, TypeCounts>;
  errors: RowError[];
  message: string;
  /** A noon upload's report checks (decision 008). */
  checks?: StoredNoonCheckResult[];
};

type Inserter = Pick<Db, "insert">;

export async function recordUpload(db: Inserter, u: UploadRecord): Promise<number> {
  const sum = (k: keyof TypeCounts) => Object.values(u.counts).reduce((s, c) => s + c[k], 0);
  const [row] = await db
    .insert(uploads)
    .values({
      orgId: u.orgId,
      userId: u.userId,
      fileName: u.fileName,
      sizeBytes: u.sizeBytes,
      sha256: u.sha256,
      dataType: u.dataType,
      status: u.status,
      rowsTotal: u.rowsTotal,
      rowsNew: sum("new"),
      rowsUpdated: sum("updated"),
      rowsUnchanged: sum("unchanged"),
      rowsRejected: sum("rejected"),
      countsByType: u.counts,
      errors: u.errors,
      message: u.message,
      checks: u.checks ?? null,
    })
    .returning({ id: uploads.id });
  // The audit trail's entry of the upload, in the same transaction: one per upload with its counts, never one
  // per record (audit/audit-log.ts).
  await db.insert(auditLog).values({
    orgId: u.orgId,
    userId: u.userId,
    actorEmail: sql`(select ${users.email} from ${users} where ${users.id} = ${u.userId})`,
    kind: "upload",
    target: { uploadId: row!.id },
    details: {
      fileName: u.fileName,
      dataType: u.dataType,
      status: u.status,
      rowsTotal: u.rowsTotal,
      new: sum("new"),
      updated: sum("updated"),
      unchanged: sum("unchanged"),
      rejected: sum("rejected"),
    },
  });
  return row!.id;
}

/** Errors already written to the log (an upload that failed inside its transaction logs itself). */
const loggedErrors = new WeakSet<object>();

export function markLogged(err: unknown): void {
  if (typeof err === "object" && err !== null) loggedErrors.add(err);
}

/** What is known of a file when its upload is refused: all of it, or what arrived before the refusal. */
export type SeenFile = { fileName?: string; sizeBytes?: number; sha256?: string };

/**
 * Logs an upload refused before its transaction began (too large, a zip bomb, an unreadable file, the wrong
 * format, a bad mapping), unless the error was logged already. Never throws: the refusal is the answer.
 */
export async function recordRefusal(
  db: Inserter,
  who: { orgId: number; userId: number },
  file: SeenFile,
  dataType: string,
  err: unknown,
): Promise<void> {
  if (typeof err === "object" && err !== null && loggedErrors.has(err)) return;
  const message = uploadFailureMessage(err);
  const details = err instanceof ApiError && err.details ? err.details : [];
  await recordUpload(db, {
    ...who,
    fileName: file.fileName ?? "(not received)",
    sizeBytes: file.sizeBytes ?? 0,
    sha256: file.sha256 ?? "",
    dataType,
    status: "failed",
    rowsTotal: 0,
    counts: {},
    errors: [],
    message:
      details.length > 0 ? `${message}: ${details.map((d) => `${d.field} ${d.reason}`).join("; ")}` : message,
  }).catch(() => {});
  markLogged(err);
}

const uploadOrder: KeysetOrder = { sort: uploads.id, id: uploads.id, direction: "desc" };

/** A page of the organisation's uploads, newest first (ids follow creation), with the uploader's name. */
export async function listUploads(db: Db, orgId: number, query: PageQuery) {
  const list = db
    .select({
      upload: uploads,
      uploadedBy: sql<string | null>`coalesce(${users.firstName}, ${users.email})`,
    })
    .from(uploads)
    .leftJoin(users, eq(users.id, uploads.userId))
    .where(and(eq(uploads.orgId, orgId), afterCursor(uploadOrder, query.cursor)))
    .orderBy(...keysetOrderBy(uploadOrder))
    .limit(query.limit + 1);
  const { items, page } = await keysetPage(
    list,
    countWhere(db, uploads, eq(uploads.orgId, orgId)),
    query,
    (r) => ({
      after: r.upload.id,
      id: r.upload.id,
    }),
  );
  const entries = items.map(({ upload: u, uploadedBy }) => ({
    id: u.id,
    fileName: u.fileName,
    sizeBytes: u.sizeBytes,
    sha256: u.sha256,
    dataType: u.dataType,
    status: u.status,
    rowsTotal: u.rowsTotal,
    rowsNew: u.rowsNew,
    rowsUpdated: u.rowsUpdated,
    rowsUnchanged: u.rowsUnchanged,
    rowsRejected: u.rowsRejected,
    counts: u.countsByType ?? {},
    errors: u.errors ?? [],
    message: u.message,
    ...(u.checks ? { checks: u.checks } : {}),
    uploadedBy,
    createdAt: u.createdAt.toISOString(),
  }));
  return { entries, page };
}

/** Waits between attempts to log a failed upload while the database is away (ms); about 5 minutes in all. */
const FAILURE_LOG_RETRIES_MS = [
  500, 1_000, 2_000, 4_000, 8_000, 15_000, 30_000, 60_000, 60_000, 60_000, 60_000,
];

/**
 * Logs a failed upload once the database answers again: an upload cut short by a database outage is still
 * logged as failed. Runs in the background (the request has already answered 503); gives up on any other
 * error or after the last wait, and never keeps the process alive.
 */
export function recordUploadWhenBack(db: Inserter, u: UploadRecord, attempt = 0): void {
  recordUpload(db, u).catch((err) => {
    const wait = FAILURE_LOG_RETRIES_MS[attempt];
    if (wait === undefined || !isDatabaseUnavailable(err)) return;
    setTimeout(() => recordUploadWhenBack(db, u, attempt + 1), wait).unref();
  });
}

/** What the upload log says of a failed upload: the API's own message, a full disk, the database away, or none. */
export function uploadFailureMessage(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  const disk = fullDisk(err);
  if (disk) return fullDiskMessage(disk);
  return isDatabaseUnavailable(err)
    ? "The database was not reachable during the upload; nothing was saved"
    : "The upload failed; nothing was saved";
}
