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

/** The most items one page holds. */
export const PAGE_LIMIT_MAX = 500;
/** Items in a page when the call sends no limit. */
export const PAGE_LIMIT_DEFAULT = 100;

/** Response headers of every paged list (lower case, as Fetch's Headers reads them). */
export const PAGE_HEADERS = { nextCursor: "x-next-cursor", total: "x-total-count" } as const;

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

const cursorTuple = z.tuple([z.union([z.string().max(200), z.number()]), z.number().int().min(0)]);

/** The `cursor` query field: a cursor this API answered, decoded; anything else is a 400 naming `cursor`. */
export const pageCursor = z
  .string()
  .max(400)
  .regex(/^[A-Za-z0-9_-]+$/, "is not a cursor this API answered")
  .transform((value, ctx): PageCursor => {
    try {
      const [after, id] = cursorTuple.parse(JSON.parse(decodeBase64Url(value)));
      return { after, id };
    } catch {
      ctx.addIssue({ code: "custom", message: "is not a cursor this API answered" });
      return z.NEVER;
    }
  });

/** The query fields of a paged list. */
export const pageQueryFields = {
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
  cursor: pageCursor.optional(),
};
export const pageQuery = z.object(pageQueryFields).strict();
export type PageQuery = z.output<typeof pageQuery>;

/** The fields an object answer of a paged list carries beside its items. */
export const pageFields = { nextCursor: z.string().nullable(), total: z.number().int() };
export type PageInfo = { nextCursor: string | null; total: number };

/** The OpenAPI description of a paged list answered as a bare array. */
export const PAGED_ARRAY_DESCRIPTION = `A page of at most ${PAGE_LIMIT_MAX} items (${PAGE_LIMIT_DEFAULT} without \`limit\`); headers ${PAGE_HEADERS.nextCursor} (the \`cursor\` of the next page, absent on the last) and ${PAGE_HEADERS.total} (items in the whole list).`;
