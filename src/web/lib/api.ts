/**
 * The typed API client: same-origin calls with cookies and a JSON content type (spec §7). A non-OK answer
 * throws an ApiError whose message is the specification's generic form `STATUS: body text` (spec §8) and
 * which keeps the parsed error envelope so that forms can show the server's message and field errors.
 */
import type { ErrorBody } from "../../contracts/common";
import { INVALID_REQUEST_MESSAGE, PAGE_HEADERS, PAGE_LIMIT_MAX } from "../../contracts/wire-constants";

export type FieldError = { field: string; reason: string };

/** The generic error text of spec §8: the status, a colon and a space, then the body or else the status text. */
export function formatErrorMessage(status: number, statusText: string, bodyText: string): string {
  return `${status}: ${bodyText.length > 0 ? bodyText : statusText}`;
}

/** The error envelope `{error: {code, message, details?}}` in a body text, or null when it is not one. */
export function parseErrorBody(bodyText: string): ErrorBody | null {
  try {
    const parsed: unknown = JSON.parse(bodyText);
    if (typeof parsed !== "object" || parsed === null || !("error" in parsed)) return null;
    const { error } = parsed as { error: unknown };
    if (typeof error !== "object" || error === null) return null;
    const { code, message, details } = error as Record<string, unknown>;
    if (typeof code !== "string" || typeof message !== "string") return null;
    const fieldErrors = Array.isArray(details)
      ? details.filter(
          (d): d is FieldError =>
            typeof d === "object" &&
            d !== null &&
            typeof d.field === "string" &&
            typeof d.reason === "string",
        )
      : undefined;
    return { error: { code, message, ...(fieldErrors ? { details: fieldErrors } : {}) } };
  } catch {
    return null;
  }
}

export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  /** The parsed error envelope, or null when the body was not one (empty, HTML from a proxy…). */
  readonly body: ErrorBody | null;
  /** The error object as sent, with what a route adds to it (a noon sheet's `causes`), for the caller to read. */
  readonly error: Record<string, unknown> | null;

  constructor(status: number, statusText: string, bodyText: string) {
    super(formatErrorMessage(status, statusText, bodyText));
    this.status = status;
    this.body = parseErrorBody(bodyText);
    this.error = this.body
      ? ((JSON.parse(bodyText) as { error: Record<string, unknown> }).error ?? null)
      : null;
  }

  /** The server's own message ('Invalid email or password'), else the generic form. */
  get serverMessage(): string {
    return this.body?.error.message ?? this.message;
  }

  /** Field errors of a 400 answer, empty otherwise. */
  get details(): FieldError[] {
    return this.body?.error.details ?? [];
  }
}

/**
 * Whether the server asked for the password again (403 `step_up_required`, server auth/step-up.ts): the screen
 * then prompts for it and retries (step-up-prompt.tsx) instead of showing an error.
 */
export function isStepUpRequired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.body?.error.code === "step_up_required";
}

/** 'to must be after from; engine must be one of: main, auxiliary, all': the server's reasons follow the field. */
const fieldReasons = (details: readonly FieldError[]) =>
  details.map((d) => `${d.field} ${d.reason}`).join("; ");

/**
 * The message a form or panel shows for any thrown value. A 400 says which field and why (issue 35 item 2: it
 * reached the screen as 'The request is invalid'): the server's generic message is replaced by its fields and
 * reasons, and a message of its own gets those it does not already say. `placed`: fields the caller shows
 * beside their inputs, left out of the text.
 */
export function errorMessageOf(error: unknown, placed: readonly string[] = []): string {
  if (error instanceof ApiError) {
    const message = error.serverMessage;
    if (error.status !== 400 || error.details.length === 0) return message;
    const generic = message === INVALID_REQUEST_MESSAGE;
    const rest = error.details.filter(
      (d) => !placed.includes(d.field) && (generic || !message.includes(d.reason)),
    );
    if (!generic) return rest.length === 0 ? message : `${message} (${fieldReasons(rest)})`;
    return rest.length === 0
      ? "The request was not accepted: check the fields marked below."
      : `The request was not accepted: ${fieldReasons(rest)}.`;
  }
  if (error instanceof Error) return error.message;
  return String(error);
}

type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
};

/** Calls `/api/…` and returns the parsed JSON answer (undefined for 204). Throws ApiError when not OK. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiResponse<T>(path, options)).body;
}

async function apiResponse<T>(path: string, options: RequestOptions): Promise<{ body: T; headers: Headers }> {
  const response = await fetch(path, {
    method: options.method ?? "GET",
    credentials: "include",
    // A JSON content type only with a body: the server refuses an empty body declared as JSON (400).
    headers:
      options.body === undefined
        ? { Accept: "application/json" }
        : { "Content-Type": "application/json", Accept: "application/json" },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  if (response.status === 204) return { body: undefined as T, headers: response.headers };
  const text = await response.text();
  return { body: (text.length > 0 ? JSON.parse(text) : undefined) as T, headers: response.headers };
}

/** `path` with its query's `cursor` and `limit` set (other parameters kept). */
export function pagePath(path: string, cursor: string | null): string {
  const [base, query] = path.split("?", 2) as [string, string | undefined];
  const params = new URLSearchParams(query);
  params.set("limit", String(PAGE_LIMIT_MAX));
  if (cursor) params.set("cursor", cursor);
  else params.delete("cursor");
  return `${base}?${params.toString()}`;
}

/**
 * Every page of a paged list (contracts/pagination.ts), PAGE_LIMIT_MAX items a call, following the
 * `x-next-cursor` header to the last page, for the screens that need the whole list (selects, the fleet page).
 * Array answers are concatenated; an object answer needs `merge`, which adds a page's items to the first.
 */
export async function apiRequestAllPages<T>(
  path: string,
  options: { signal?: AbortSignal; merge?: (all: T, page: T) => T } = {},
): Promise<T> {
  const merge = options.merge ?? ((all: T, page: T) => [...(all as unknown[]), ...(page as unknown[])] as T);
  let { body: all, headers } = await apiResponse<T>(pagePath(path, null), { signal: options.signal });
  for (
    let cursor = headers.get(PAGE_HEADERS.nextCursor);
    cursor;
    cursor = headers.get(PAGE_HEADERS.nextCursor)
  ) {
    const next = await apiResponse<T>(pagePath(path, cursor), { signal: options.signal });
    all = merge(all, next.body);
    headers = next.headers;
  }
  return all;
}

/** Joins path segments the way the specification's data loads do (`/api/dashboard/3`). */
export function apiPath(...segments: Array<string | number>): string {
  return `/${segments.map((s) => encodeURIComponent(String(s))).join("/")}`;
}

/** Posts a multipart form (uploads) with cookies; the browser sets the multipart content type. */
export async function apiUpload<T>(path: string, form: FormData, signal?: AbortSignal): Promise<T> {
  const response = await fetch(path, {
    method: "POST",
    credentials: "include",
    headers: { Accept: "application/json" },
    body: form,
    signal,
  });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, response.statusText, text);
  return (text.length > 0 ? JSON.parse(text) : undefined) as T;
}

/** The file name of a Content-Disposition header (`attachment; filename="x.xlsx"`), or null. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ""));
    } catch {
      // fall through to the plain parameter
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = plain?.[2] ?? plain?.[1];
  return name ? name.trim() : null;
}

/** Downloads a file (GET) with cookies: its bytes and the server's file name. Throws ApiError when not OK. */
export async function apiDownload(path: string): Promise<{ blob: Blob; fileName: string | null }> {
  const response = await fetch(path, { credentials: "include" });
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  return {
    blob: await response.blob(),
    fileName: fileNameFromDisposition(response.headers.get("Content-Disposition")),
  };
}
