/**
 * Who may frame a page (CSP Level 2 `frame-ancestors`, W3C Content Security Policy §6.4.2). Every page of
 * Sextant keeps helmet's `frame-ancestors 'self'`; the embeddable share view replaces it with the origins the
 * organisation lists, or `'none'` when it lists none (an embed nobody allowed is framed nowhere).
 */

/** The policy with its frame-ancestors directive set to `origins` ('none' when empty). */
export function frameAncestorsPolicy(policy: string, origins: readonly string[]): string {
  const value = origins.length > 0 ? origins.join(" ") : "'none'";
  const kept = policy
    .split(";")
    .map((d) => d.trim())
    .filter((d) => d !== "" && !/^frame-ancestors\b/i.test(d));
  return [...kept, `frame-ancestors ${value}`].join(";");
}
