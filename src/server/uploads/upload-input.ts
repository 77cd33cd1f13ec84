/**
 * Receives a multipart upload: text fields, and the file spooled to a private temporary file while its
 * SHA-256 and size are computed, at constant memory. Spooling every format (not only .xlsx, whose zip
 * directory is at the end) makes the handling independent of the order of the form's parts — the mapping
 * may come after the file — and lets the file be identified (checksum) before a row is read; a 100 MB file
 * costs a fraction of a second on disk. Over UPLOAD_MAX_BYTES the request is refused with 413.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FastifyRequest } from "fastify";
import { ApiError, badRequest } from "../http/errors";
import type { SeenFile } from "./upload-log";
import { makeUploadDir } from "./upload-temp";

export type FileFormat = "csv" | "xlsx" | "xls" | "ods";

export type ReceivedFile = {
  path: string;
  fileName: string;
  sizeBytes: number;
  sha256: string;
  format: FileFormat;
};

export type ReceivedUpload = {
  fields: Record<string, string>;
  file?: ReceivedFile;
  /** Removes the temporary file. */
  cleanup: () => Promise<void>;
};

const megabytes = (bytes: number) => `${Math.round(bytes / 1048576)} MB`;

export const fileTooLarge = (maxBytes: number) =>
  new ApiError(413, "file_too_large", `The file is larger than ${megabytes(maxBytes)} (UPLOAD_MAX_BYTES)`);

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** An OpenDocument package names its type in its first entry, `mimetype`, stored uncompressed (ODF 1.3 Part 2 §3.3). */
const ODS_MIMETYPE = "application/vnd.oasis.opendocument.spreadsheet";

/**
 * The format from the first bytes (a zip is .xlsx, or .ods when its `mimetype` entry says so; an OLE compound
 * file is .xls), else from the name.
 */
export async function detectFormat(filePath: string, fileName: string, field: string): Promise<FileFormat> {
  const handle = await fs.promises.open(filePath, "r");
  const head = Buffer.alloc(128);
  try {
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  const ext = path.extname(fileName).toLowerCase();
  if (head.subarray(0, 4).equals(ZIP_MAGIC)) {
    return head.includes(ODS_MIMETYPE) || ext === ".ods" ? "ods" : "xlsx";
  }
  if (head.subarray(0, 8).equals(OLE_MAGIC)) return "xls";
  // 'csv' is delimited text: CSV and TSV files, and NMEA 0183 logs (comma-separated sentences).
  if ([".csv", ".txt", ".tsv", ".nmea", ".log"].includes(ext)) return "csv";
  if (ext === ".xlsx" || ext === ".xls" || ext === ".ods") {
    throw badRequest([{ field, reason: `is not a readable ${ext} workbook` }]);
  }
  throw badRequest(
    [{ field, reason: "must be an Excel (.xlsx, .xls), OpenDocument (.ods) or CSV file" }],
    // The specification's sentence (its invalid-file toast); the reason lists every format read.
    "Please select an Excel (.xlsx, .xls) or CSV file.",
  );
}

function hashing(hash: ReturnType<typeof createHash>, counter: { bytes: number }) {
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      counter.bytes += chunk.length;
      done(null, chunk);
    },
  });
}

/**
 * Reads every part; the file part named `fileField` is spooled. Throws 413 over `maxBytes`. `seen` is filled
 * as the file arrives (name, bytes, checksum), so that a refused upload can still be logged.
 */
export async function receiveUpload(
  request: FastifyRequest,
  fileField: string,
  maxBytes: number,
  seen: SeenFile = {},
): Promise<ReceivedUpload> {
  // Refuse a declared oversize body at once instead of reading 100 MB to find out (form overhead allowed).
  const declared = Number(request.headers["content-length"] ?? 0);
  if (declared > maxBytes + 1_048_576) {
    seen.sizeBytes = declared;
    throw fileTooLarge(maxBytes);
  }
  if (!request.isMultipart()) {
    throw badRequest([{ field: fileField, reason: "send the file as multipart/form-data" }]);
  }
  const dir = await makeUploadDir();
  const cleanup = () => fs.promises.rm(dir, { recursive: true, force: true });
  const fields: Record<string, string> = {};
  let file: ReceivedFile | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === "field") {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== fileField || file) {
        part.file.resume();
        continue;
      }
      const target = path.join(dir, "upload");
      const hash = createHash("sha256");
      const counter = { bytes: 0 };
      // Kept in the upload log: at most 255 characters, U+0000 (which PostgreSQL text refuses) shown as '␀'.
      const fileName = path
        .basename(part.filename || "upload")
        .replaceAll("\u0000", "\u2400")
        .slice(0, 255);
      seen.fileName = fileName;
      try {
        await pipeline(part.file, hashing(hash, counter), fs.createWriteStream(target, { mode: 0o600 }));
      } finally {
        seen.sizeBytes = counter.bytes;
      }
      if (part.file.truncated) throw fileTooLarge(maxBytes);
      seen.sha256 = hash.digest("hex");
      file = {
        path: target,
        fileName,
        sizeBytes: counter.bytes,
        sha256: seen.sha256,
        format: "csv",
      };
    }
    if (file) file.format = await detectFormat(file.path, file.fileName, fileField);
    return { fields, file, cleanup };
  } catch (err) {
    await cleanup();
    if (err instanceof ApiError) throw err;
    if ((err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw fileTooLarge(maxBytes);
    if ((err as { statusCode?: number }).statusCode === 413) {
      throw new ApiError(413, "too_many_parts", "The form has too many parts or fields");
    }
    throw err;
  }
}
