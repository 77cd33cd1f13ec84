/**
 * An error thrown in a report thread, carried to the server's thread and thrown there as it was: an ApiError
 * (404 for another organisation's ship) or a DomainInputError stays one, and a driver error keeps its `code`
 * and its causes, so that the error handler answers the same status as in-process (503 for a database away).
 */
import { DomainInputError } from "../../domain/errors";
import { ApiError } from "../http/errors";

type WireLevel = { name: string; message: string; code?: unknown; statusCode?: unknown };
export type WireError = {
  levels: WireLevel[];
  api?: { statusCode: number; code: string; details?: ApiError["details"]; extra?: ApiError["extra"] };
  domain?: { field: string; reason: string };
};

const MAX_CAUSES = 5;

export function toWireError(err: unknown): WireError {
  const levels: WireLevel[] = [];
  for (let e = err, depth = 0; e && typeof e === "object" && depth < MAX_CAUSES; depth++) {
    const { name, message, code, statusCode } = e as Partial<Error> & {
      code?: unknown;
      statusCode?: unknown;
    };
    levels.push({ name: String(name ?? "Error"), message: String(message ?? ""), code, statusCode });
    e = (e as { cause?: unknown }).cause;
  }
  if (levels.length === 0) levels.push({ name: "Error", message: String(err) });
  return {
    levels,
    api:
      err instanceof ApiError
        ? { statusCode: err.statusCode, code: err.code, details: err.details, extra: err.extra }
        : undefined,
    domain: err instanceof DomainInputError ? { field: err.field, reason: err.reason } : undefined,
  };
}

export function fromWireError(wire: WireError): Error {
  const [top] = wire.levels;
  if (wire.api)
    return new ApiError(wire.api.statusCode, wire.api.code, top!.message, wire.api.details, wire.api.extra);
  if (wire.domain) return new DomainInputError(wire.domain.field, wire.domain.reason);
  let cause: Error | undefined;
  for (const level of [...wire.levels].reverse()) {
    const e = new Error(level.message, cause ? { cause } : undefined) as Error & Record<string, unknown>;
    e.name = level.name;
    if (level.code !== undefined) e.code = level.code;
    if (level.statusCode !== undefined) e.statusCode = level.statusCode;
    cause = e;
  }
  return cause!;
}
