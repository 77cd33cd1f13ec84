/** Builds multipart/form-data bodies for upload tests (app.inject takes a Buffer payload). */
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
