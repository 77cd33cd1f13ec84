/**
 * Pages of the organisation-wide lists (issue 20 item 7): `?limit=&cursor=`. A page holds at most
 * PAGE_LIMIT_MAX items (PAGE_LIMIT_DEFAULT when no limit is sent); `cursor` is the previous page's
 * `nextCursor`, opaque to clients (a keyset position: the last item's sort value and id, so an insert between
 * two calls neither repeats nor skips an item). Every paged answer carries the cursor of the next page (null on
 * the last) and the number of items in the whole list, in the headers PAGE_HEADERS; answers that are objects
 * carry the same two figures as the fields `nextCursor` and `total`. Lists whose answer is a bare array keep
 * it (`GET /api/ships`, `GET /api/api-keys`… are read by clients outside the project).
 */
import { z } from "zod";
import { DB_ID_MAX } from "./common";
import { PAGE_HEADERS, PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from "./wire-constants";

/** A decoded cursor: the sort value of the last item of the previous page and its id. */
export type PageCursor = { after: string | number; id: number };

// base64url of UTF-8 JSON with the platform's btoa/atob, so the module runs in Node and the browser alike
export function encodeCursor(cursor: PageCursor): string {
  const bytes = new TextEncoder().encode(JSON.stringify([cursor.after, cursor.id]));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

function decodeBase64Url(value: string): string {
  const binary = atob(value.replaceAll("-", "+").replaceAll("_", "/"));
  return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/**
 * What a list is ordered by: a name or e-mail ('text'), an instant ('instant', as `Date.toISOString` writes
 * it) or an id ('id'). A cursor carries a value of its list's sort column only, and ids its table can hold:
 * a value of another type (a number where an instant is sorted, 2³¹ in an `integer` column) reached SQL and
 * answered 500 (issue 30 finding 9); a number where a name is sorted was quietly read as text.
 */
export type PageSort = "text" | "instant" | "id";

/** The longest text a list sorts by (an e-mail, 254 characters; names are shorter). */
const SORT_TEXT_MAX = 254;
/** Cursor characters: the longest text sorted by, 3 UTF-8 bytes a character, in base64 (4 per 3 bytes). */
const CURSOR_MAX = 1100;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const pageId = (max: number) => z.number().int().min(1).max(max);
const sortValue = (sort: PageSort, idMax: number) => {
  if (sort === "id") return pageId(idMax);
  if (sort === "text")
    return z
      .string()
      .max(SORT_TEXT_MAX)
      .refine((v) => !v.includes("\u0000"));
  // round-tripped through Date: 2026-02-30 has the form but is no instant
  return z.string().refine((v) => ISO_INSTANT.test(v) && new Date(v).toISOString() === v);
};

const NOT_OURS = "is not a cursor this API answered";

/**
 * The `cursor` query field of a list sorted by `sort` whose ids go up to `idMax` (PostgreSQL's `integer` by
 * default; a `bigint` table passes Number.MAX_SAFE_INTEGER): a cursor this API answered, decoded; anything
 * else, however well-formed its JSON, is a 400 naming `cursor`.
 */
export function pageCursorOf(sort: PageSort, idMax = DB_ID_MAX) {
  const tuple = z.tuple([sortValue(sort, idMax), pageId(idMax)]);
  return z
    .string()
    .max(CURSOR_MAX, NOT_OURS)
    .regex(/^[A-Za-z0-9_-]+$/, NOT_OURS)
    .transform((value, ctx): PageCursor => {
      let decoded: unknown;
      try {
        decoded = JSON.parse(decodeBase64Url(value));
      } catch {
        decoded = undefined;
      }
      const parsed = tuple.safeParse(decoded);
      if (!parsed.success) {
        ctx.addIssue({ code: "custom", message: NOT_OURS });
        return z.NEVER;
      }
      const [after, id] = parsed.data;
      return { after, id };
    });
}

/** The query fields of a paged list sorted by `sort` (pageCursorOf). */
export function pageQueryFieldsOf(sort: PageSort, idMax = DB_ID_MAX) {
  return {
    limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
    cursor: pageCursorOf(sort, idMax).optional(),
  };
}
/** The query of a paged list taking nothing but its page. */
export const pageQueryOf = (sort: PageSort, idMax = DB_ID_MAX) =>
  z.object(pageQueryFieldsOf(sort, idMax)).strict();
/** A page asked for, as the server reads it (whatever the list sorts by). */
export type PageQuery = { limit: number; cursor?: PageCursor | undefined };

/** The fields an object answer of a paged list carries beside its items. */
export const pageFields = { nextCursor: z.string().nullable(), total: z.number().int() };
export type PageInfo = { nextCursor: string | null; total: number };

/** The OpenAPI description of a paged list answered as a bare array. */
export const PAGED_ARRAY_DESCRIPTION = `A page of at most ${PAGE_LIMIT_MAX} items (${PAGE_LIMIT_DEFAULT} without \`limit\`); headers ${PAGE_HEADERS.nextCursor} (the \`cursor\` of the next page, absent on the last) and ${PAGE_HEADERS.total} (items in the whole list).`;
