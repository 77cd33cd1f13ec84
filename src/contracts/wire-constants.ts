/**
 * Constants of the HTTP wire that the browser reads as well as the server, in a module without zod: the
 * landing page imports the API client, and a schema module would carry the whole schema library into its
 * first load (e2e/assets.spec.ts holds that load to 150 kB).
 */

/** The message of a 400 whose `details` say what is wrong (a request refused by its schema): it names no field. */
export const INVALID_REQUEST_MESSAGE = "The request is invalid";

/** The most items one page holds. */
export const PAGE_LIMIT_MAX = 500;
/** Items in a page when the call sends no limit. */
export const PAGE_LIMIT_DEFAULT = 100;

/** Response headers of every paged list (lower case, as Fetch's Headers reads them). */
export const PAGE_HEADERS = { nextCursor: "x-next-cursor", total: "x-total-count" } as const;
