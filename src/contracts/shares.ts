/**
 * Share links (issue 17 item 3): a read-only view of one ship's dashboard with fixed filters, opened without
 * signing in, until it expires or is revoked; and the origins allowed to frame its embeddable view.
 */
import { z } from "zod";
import { analysisQuery, DATE_RANGES, ENGINE_FILTERS } from "./analysis/filters";
import type { ReadySectionId } from "./analysis/section-ids";
import { idField, idParam, isoInstant } from "./common";
import { pageFields } from "./pagination";

export const SHARE_MAX_DAYS = 365;
export const SHARE_DEFAULT_DAYS = 30;
/**
 * The Analysis Center sections a share link shows (GET /api/shared/:token/analysis/:section): the ship's
 * charts and figures. Left out: the sections whose screens hold the organisation's settings forms (fuel
 * prices, EEOI target, cleaning cost, EUA price, CII what-if), the live stream and the calculator; the shared
 * view says to sign in for them.
 */
export const SHARED_SECTION_IDS = [
  "fuel-fuel-performance",
  "fuel-fuel-consumption",
  "hull-hull-condition",
  "hull-hull-resistance",
  "engine-engine-performance",
  "engine-engine-load",
  "engine-auxiliary-systems",
  "engine-trim-optimization",
  "environment-weather-correlation",
  "environment-environmental-data",
] as const satisfies readonly ReadySectionId[];
export type SharedSectionId = (typeof SHARED_SECTION_IDS)[number];

/** The expiry picker's choices in the Share Dashboard action, days (each within 1–SHARE_MAX_DAYS). */
export const SHARE_EXPIRY_CHOICES = [1, 7, SHARE_DEFAULT_DAYS, 90, SHARE_MAX_DAYS] as const;

/**
 * The dashboard's filters a link fixes (as the page's URL carries them), as stored. Dates stay the strings
 * sent, so the link replays the query string the dashboard sent. Without the rules across fields: a link
 * stored before a rule was added still lists (`shareLink`), and its views say what is wrong with it.
 */
const storedShareFilters = z
  .object({
    range: z.enum(DATE_RANGES),
    voyage: z.union([z.literal("all"), idField]).optional(),
    engine: z.enum(ENGINE_FILTERS).optional(),
    from: z.string().max(40).optional(),
    to: z.string().max(40).optional(),
  })
  .strict();

/**
 * The filters of a new link. Every view replays them through `analysisQuery`, so whatever it refuses is
 * refused here, when the link is made, under the same field names: a reversed custom range was accepted and
 * each of its views was a 500 (issue 30 finding 9).
 */
export const shareFilters = storedShareFilters.superRefine((f, ctx) => {
  let issues = 0;
  for (const key of ["from", "to"] as const) {
    const value = f[key];
    if (value === undefined) continue;
    const parsed = isoInstant.safeParse(value);
    if (!parsed.success) {
      ctx.addIssue({ code: "custom", path: [key], message: parsed.error.issues[0]!.message });
      issues++;
    }
  }
  if (f.range === "custom" && (!f.from || !f.to)) {
    ctx.addIssue({
      code: "custom",
      path: [f.from ? "to" : "from"],
      message: "is required for a custom range",
    });
    issues++;
  }
  if (issues > 0) return;
  const replayed = analysisQuery.safeParse(f);
  for (const issue of replayed.error?.issues ?? [])
    ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
});
export type ShareFilters = z.infer<typeof shareFilters>;

/** `POST /api/shares`. */
export const createShareBody = z
  .object({
    shipId: idField,
    filters: shareFilters,
    /** Days until the link stops working, 1–365 (default 30). */
    expiresInDays: z
      .number()
      .int("must be a whole number")
      .min(1)
      .max(SHARE_MAX_DAYS)
      .default(SHARE_DEFAULT_DAYS),
  })
  .strict();
export type CreateShareBody = z.input<typeof createShareBody>;

/** The answer to `POST /api/shares`: the only time the link (its token) is shown. */
export const createShareResponse = z.object({
  id: z.number(),
  url: z.string(),
  /** The embeddable view of the same link (framed only by the organisation's listed origins). */
  embedUrl: z.string(),
  expiresAt: z.string(),
});
export type CreateShareResponse = z.infer<typeof createShareResponse>;

export const SHARE_STATUSES = ["active", "expired", "revoked"] as const;

export const shareLink = z.object({
  id: z.number(),
  shipId: z.number(),
  shipName: z.string(),
  filters: storedShareFilters,
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  status: z.enum(SHARE_STATUSES),
  views: z.number(),
  lastViewedAt: z.string().nullable(),
  /** Who created it (a member's name, shown to members only). */
  createdBy: z.string().nullable(),
});
export type ShareLink = z.infer<typeof shareLink>;
/** `GET /api/shares?limit=&cursor=`: a page of links, newest first (contracts/pagination.ts). */
export const shareListResponse = z.object({ shares: z.array(shareLink), ...pageFields });

export const shareIdParams = z.object({ id: idParam }).strict();

/** A share token in a path: 32 random bytes, base64url (43 characters). */
const shareToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "must be a share link token");
export const shareTokenParams = z.object({ token: shareToken }).strict();
export const sharedSectionParams = z.object({ token: shareToken, section: z.string() }).strict();

/** An origin a browser sends: scheme, host and optional port, nothing else ('https://intranet.example.com'). */
export const frameOrigin = z
  .string()
  .trim()
  .max(200)
  .regex(/^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/, "must be an origin like https://intranet.example.com");

/** `GET/PUT /api/settings/embed-origins`: where the embeddable view may be framed (none by default). */
export const embedOriginsBody = z.object({ origins: z.array(frameOrigin).max(20) }).strict();
export const embedOriginsResponse = z.object({ origins: z.array(z.string()) });
