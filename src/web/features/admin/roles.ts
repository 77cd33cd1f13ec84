import type { Role } from "../../../contracts/auth";

export const ROLE_LABELS: Record<Role, string> = {
  owner: "Owner",
  admin: "Admin",
  analyst: "Analyst",
  viewer: "Viewer",
};

/** Roles the caller may give: only an owner can add another owner (checked again on the server). */
export function assignableRoles(callerRole: Role): Role[] {
  const roles: Role[] = ["viewer", "analyst", "admin"];
  return callerRole === "owner" ? [...roles, "owner"] : roles;
}
