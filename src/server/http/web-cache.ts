/**
 * Cache policy of the built web app (issue 20). Vite names every file under `assets/` after a hash of its
 * content, so a browser may keep it for a year without asking again (`immutable`: not even on reload); a new
 * release has new names. Everything else (index.html, the favicon) names those files and must be revalidated
 * on every load, or a browser would run last release's page against this release's API.
 */
import path from "node:path";

export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";
export const REVALIDATE_CACHE = "no-cache";

/** Cache-Control for a file served from the web build at `root` (a precompressed `.br`/`.gz` sibling included). */
export function webCacheControl(root: string, filePath: string): string {
  const relative = path.relative(root, filePath).split(path.sep);
  return relative.length > 1 && relative[0] === "assets" ? IMMUTABLE_CACHE : REVALIDATE_CACHE;
}
