import { describe, expect, it } from "vitest";
import { assignableRoles } from "./roles";

describe("assignableRoles", () => {
  it.each([
    ["an owner may add owners", "owner", ["viewer", "analyst", "admin", "owner"]],
    ["an admin may not add owners", "admin", ["viewer", "analyst", "admin"]],
  ] as const)("%s", (_rule, role, expected) => {
    expect(assignableRoles(role)).toEqual(expected);
  });
});
