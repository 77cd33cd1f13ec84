/**
 * One error shape for the whole API: `{ error: { code, message, details? } }` with the right status
 * (ARCHITECTURE.md, Errors). Routes throw `ApiError`s; the handler below maps everything else.
 */
import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ErrorBody } from "../../contracts/common";
import { INVALID_REQUEST_MESSAGE } from "../../contracts/wire-constants";
import { DomainInputError } from "../../domain/errors";
import {
  databaseShortage,
  fullDisk,
  fullDiskMessage,
  isDatabaseUnavailable,
  isWriteConflict,
} from "../db/unavailable";

type Detail = { field: string; reason: string };

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: Detail[],
    /** More of the answer's `error` object, for an error that says more than its fields (a noon sheet's causes). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** A 429 whose answer says when to try again (`Retry-After`, seconds): throttles that slow rather than lock. */
export class TooManyRequests extends ApiError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, "too_many_requests", message);
  }
}

export const notFound = (what = "Resource") => new ApiError(404, "not_found", `${what} not found`);
export const forbidden = (message = "Your role does not allow this") =>
  new ApiError(403, "forbidden", message);
export const unauthorized = () => new ApiError(401, "unauthorized", "Sign in to continue");
export const conflict = (message: string, details?: Detail[]) =>
  new ApiError(409, "conflict", message, details);
export const badRequest = (details: Detail[], message = INVALID_REQUEST_MESSAGE) =>
  new ApiError(400, "invalid_request", message, details);

const body = (
  code: string,
  message: string,
  details?: Detail[],
  extra?: Record<string, unknown>,
): ErrorBody => ({
  error: { ...extra, code, message, ...(details ? { details } : {}) },
});

/** Field path of a zod issue as the client sent it: 'departureDate', 'fuels.0.tonnes', or the unknown key. */
function fieldOf(instancePath: string, params: Record<string, unknown>, context: string | undefined): string {
  const path = instancePath.replace(/^\//, "").replaceAll("/", ".");
  const keys = params.keys as string[] | undefined;
  const field = keys?.length ? [path, keys.join(", ")].filter(Boolean).join(".") : path;
  return field || context || "body";
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof ApiError) {
      if (err instanceof TooManyRequests) reply.header("retry-after", String(err.retryAfterSeconds));
      return reply.status(err.statusCode).send(body(err.code, err.message, err.details, err.extra));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({
        field: fieldOf(v.instancePath, v.params as Record<string, unknown>, err.validationContext),
        reason: v.keyword === "unrecognized_keys" ? "is not a known field" : (v.message ?? "is invalid"),
      }));
      return reply.status(400).send(body("invalid_request", INVALID_REQUEST_MESSAGE, details));
    }
    if (err instanceof DomainInputError) {
      return reply
        .status(400)
        .send(body("invalid_request", err.message, [{ field: err.field, reason: err.reason }]));
    }
    if (err.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      return reply.status(413).send(body("payload_too_large", "The request body is too large"));
    }
    if (err.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
      return reply.status(415).send(body("unsupported_media_type", "Send JSON (application/json)"));
    }
    if (err.statusCode === 400 || err.code === "FST_ERR_CTP_EMPTY_JSON_BODY") {
      return reply
        .status(400)
        .send(body("malformed_request", `The request body could not be read: ${err.message}`));
    }
    if (err.statusCode === 429) {
      return reply.status(429).send(body("too_many_requests", err.message));
    }
    const disk = fullDisk(err);
    if (disk) {
      request.log.error({ err }, "disk full");
      return reply.status(507).send(body("insufficient_storage", fullDiskMessage(disk)));
    }
    const shortage = databaseShortage(err);
    if (shortage) {
      request.log.error({ err }, "database short of resources");
      return reply.status(503).header("retry-after", "5").send(body(shortage.code, shortage.message));
    }
    if (isDatabaseUnavailable(err)) {
      request.log.error({ err }, "database unavailable");
      return reply
        .status(503)
        .header("retry-after", "5")
        .send(body("unavailable", "The database is not reachable; try again shortly"));
    }
    if (isWriteConflict(err)) {
      request.log.warn({ err }, "write conflict");
      return reply
        .status(409)
        .send(
          body(
            "write_conflict",
            "Another write to the same records was in progress; nothing was stored. Send it again.",
          ),
        );
    }
    request.log.error({ err }, "unhandled error");
    return reply.status(500).send(body("internal", "Something went wrong on the server"));
  });
}

/**
 * Errors Fastify raises before any route or hook (a malformed URL escape, an over-long path parameter):
 * answered in the API's own shape instead of Fastify's. Passed as Fastify's `frameworkErrors` option.
 */
export function frameworkErrors(err: FastifyError, _request: unknown, reply: FastifyReply) {
  const status = err.code === "FST_ERR_MAX_PARAM_LENGTH" ? 414 : 400;
  reply.header("cache-control", "no-store");
  return reply
    .status(status)
    .send(
      body("malformed_request", "The request's address could not be read (malformed % escape or too long)"),
    );
}

export function sendNotFound(reply: FastifyReply, method: string, url: string) {
  return reply.status(404).send(body("not_found", `No route ${method} ${url.split("?")[0]}`));
}
