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

/** Whether the caller may change or remove a member with `role`: only an owner touches owners (the server checks). */
export function canManage(callerRole: Role, role: Role): boolean {
  if (callerRole !== "owner" && callerRole !== "admin") return false;
  return role !== "owner" || callerRole === "owner";
}
