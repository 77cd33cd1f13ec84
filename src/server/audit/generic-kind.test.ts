import { describe, expect, it } from "vitest";
import { genericAuditKind } from "./generic-kind";

describe("genericAuditKind", () => {
  it.each([
    ["POST", "/api/maintenance-events", "maintenance-events.create"],
    ["PATCH", "/api/maintenance-events/:id", "maintenance-events.update"],
    ["DELETE", "/api/noon-mappings/:signature", "noon-mappings.delete"],
    ["PUT", "/api/settings/eua-price", "settings.eua-price.update"],
    ["PUT", "/api/ships/:id/voyages/:voyageId/eu-scope", "ships.voyages.eu-scope.update"],
    ["POST", "/api/auth/sessions/revoke-others", "auth.sessions.revoke-others.create"],
  ])("%s %s → %s", (method, route, kind) => {
    expect(genericAuditKind(method, route)).toBe(kind);
  });
});
