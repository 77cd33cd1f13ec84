/**
 * The kind of a generic audit entry, from the route's pattern and method: `PATCH /api/maintenance-events/:id`
 * → `maintenance-events.update`, `PUT /api/settings/eua-price` → `settings.eua-price.update`.
 */
const VERBS: Record<string, string> = { POST: "create", PUT: "update", PATCH: "update", DELETE: "delete" };

export function genericAuditKind(method: string, route: string): string {
  const nouns = route
    .replace(/^\/api\//, "")
    .split("/")
    .filter((s) => s.length > 0 && !s.startsWith(":"));
  return [...nouns, VERBS[method] ?? method.toLowerCase()].join(".");
}
