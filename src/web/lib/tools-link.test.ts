import { describe, expect, it } from "vitest";
import { parseToolsTab, toolsHref } from "./tools-link";

describe("tools links", () => {
  it.each([
    ["data-input", "data-input"],
    ["bulk-upload", "bulk-upload"],
    ["hull-calculator", "hull-calculator"],
  ] as const)("a link to %s opens that tool", (tab, expected) => {
    const href = toolsHref(tab);
    expect(href.startsWith("/dashboard?")).toBe(true);
    expect(parseToolsTab(new URLSearchParams(href.split("?")[1]))).toBe(expected);
  });

  it.each([
    ["no parameter", ""],
    ["an unknown tool", "tools=admin"],
    ["an empty value", "tools="],
  ])("%s opens none", (_rule, query) => {
    expect(parseToolsTab(new URLSearchParams(query))).toBeNull();
  });
});
