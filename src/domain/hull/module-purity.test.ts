import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";

// STYLE.md zones: domain code is pure (no I/O, clock or randomness; imports only from src/domain).
const FOLDERS = ["hull", "weather", "engine", "performance", "maintenance", "alerts"];
const files = FOLDERS.flatMap((folder) => {
  const dir = new URL(`../${folder}/`, import.meta.url);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
    .map((f) => [`${folder}/${f}`, readFileSync(new URL(f, dir), "utf8")] as const);
});

describe("engineering domain modules are pure", () => {
  test.each(files)("%s imports only from src/domain and reads no clock or randomness", (_name, source) => {
    const specifiers = [...source.matchAll(/from\s+"([^"]+)"/g)].map((m) => m[1]!);
    for (const s of specifiers) expect(s.startsWith("./") || s.startsWith("../")).toBe(true);
    for (const s of specifiers) expect(s.startsWith("../../")).toBe(false);
    expect(source).not.toMatch(/Date\.now|new Date\(|Math\.random|process\.|fetch\(/);
  });
});
