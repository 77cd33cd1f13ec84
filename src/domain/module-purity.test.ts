import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

// STYLE.md zones: domain code is pure: no I/O, clock or randomness, and imports only from src/domain. One test
// over every module of every folder, so that a folder added later is covered without a change here.
const root = path.dirname(fileURLToPath(import.meta.url));
const files = (readdirSync(root, { recursive: true }) as string[])
  .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
  .sort()
  .map((f) => [f, readFileSync(path.join(root, f), "utf8")] as const);

describe("domain modules are pure", () => {
  test("every folder is read", () => {
    const folders = new Set(files.map(([f]) => f.split(path.sep)[0]));
    expect(folders.size).toBeGreaterThanOrEqual(20);
  });
  test.each(files)(
    "%s imports only from src/domain and reads no clock, randomness or process",
    (name, source) => {
      const specifiers = [...source.matchAll(/from\s+"([^"]+)"/g)].map((m) => m[1]!);
      for (const s of specifiers) {
        expect(s.startsWith("./") || s.startsWith("../"), `${s} is a package`).toBe(true);
        const target = path.resolve(root, path.dirname(name), s);
        expect(target.startsWith(root + path.sep), `${s} leaves src/domain`).toBe(true);
      }
      // `new Date(ms)` converts an instant; `new Date()` and `Date.now()` read the clock
      expect(source).not.toMatch(/Date\.now\(|new Date\(\)|Math\.random|process\.|fetch\(|require\(/);
    },
  );
});
