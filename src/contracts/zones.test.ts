import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// One-way dependencies (ARCHITECTURE.md, Shape): domain imports nothing of ours, contracts only domain,
// web and server never import each other.
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return files(full);
    return /\.(ts|tsx)$/.test(e.name) ? [full] : [];
  });
}

function zonesImportedBy(zone: string): Set<string> {
  const found = new Set<string>();
  for (const file of files(path.join(src, zone))) {
    for (const m of fs.readFileSync(file, "utf8").matchAll(/from\s+["'](\.[^"']+)["']/g)) {
      const target = path.relative(src, path.resolve(path.dirname(file), m[1]!));
      found.add(target.split(path.sep)[0]!);
    }
  }
  return found;
}

describe("module zones", () => {
  it.each([
    ["domain", ["domain"]],
    ["contracts", ["contracts", "domain"]],
    ["web", ["web", "contracts", "domain"]],
    ["server", ["server", "contracts", "domain", "simulator"]],
  ])("%s imports only from %j", (zone, allowed) => {
    expect([...zonesImportedBy(zone)].filter((z) => !allowed.includes(z))).toEqual([]);
  });
});
