/** Builds multipart/form-data bodies for upload tests (app.inject takes a Buffer payload). */
import { crc32, deflateRawSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import type { TestUser } from "../test/test-app";

type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer | string };

export function multipartBody(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----sextant${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if ("filename" in part) head += `; filename="${part.filename}"\r\nContent-Type: application/octet-stream`;
    chunks.push(Buffer.from(`${head}\r\n\r\n`));
    const body = "value" in part ? part.value : part.content;
    chunks.push(Buffer.isBuffer(body) ? body : Buffer.from(body));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST /api/upload-data with a file and a mapping config. */
export function uploadFile(
  app: FastifyInstance,
  user: TestUser,
  file: { filename: string; content: Buffer | string },
  config: Record<string, unknown> | string,
) {
  const { payload, contentType } = multipartBody([
    { name: "mappingConfig", value: typeof config === "string" ? config : JSON.stringify(config) },
    { name: "dataFile", ...file },
  ]);
  return app.inject({
    method: "POST",
    url: "/api/upload-data",
    headers: { cookie: user.cookie, "content-type": contentType },
    payload,
  });
}

/** POST /api/data/bulk-upload with a workbook. */
export function bulkUploadFile(
  app: FastifyInstance,
  user: TestUser,
  file: { filename: string; content: Buffer },
) {
  const { payload, contentType } = multipartBody([{ name: "file", ...file }]);
  return app.inject({
    method: "POST",
    url: "/api/data/bulk-upload",
    headers: { cookie: user.cookie, "content-type": contentType },
    payload,
  });
}

/**
 * A zip of deflated entries, written by hand so that tests control every byte: an .xlsx as another program
 * writes it, or a zip bomb (`declaredSize` lies about an entry's unpacked size).
 */
export function zipOf(entries: { name: string; data: Buffer | string; declaredSize?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data);
    const declaredSize = entry.declaredSize ?? data.length;
    const packed = deflateRawSync(data, { level: 9 });
    const crc = crc32(data);
    const fileName = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(declaredSize, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(declaredSize, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, packed);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + packed.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}
