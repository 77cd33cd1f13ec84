import { describe, expect, it } from "vitest";
import { assignableRoles, canManage } from "./roles";

describe("assignableRoles", () => {
  it.each([
    ["an owner may add owners", "owner", ["viewer", "analyst", "admin", "owner"]],
    ["an admin may not add owners", "admin", ["viewer", "analyst", "admin"]],
  ] as const)("%s", (_rule, role, expected) => {
    expect(assignableRoles(role)).toEqual(expected);
  });
});

describe("canManage", () => {
  it.each([
    ["an owner manages owners", "owner", "owner", true],
    ["an owner manages viewers", "owner", "viewer", true],
    ["an admin manages analysts", "admin", "analyst", true],
    ["an admin does not manage owners", "admin", "owner", false],
    ["an analyst manages nobody", "analyst", "viewer", false],
  ] as const)("%s", (_rule, caller, role, expected) => {
    expect(canManage(caller, role)).toBe(expected);
  });
});
