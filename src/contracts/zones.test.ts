import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/*
 * One-way dependencies between the zones of src/ (ARCHITECTURE.md, Shape): domain imports nothing of ours,
 * contracts only domain, the simulator only domain and contracts, web and server never each other, and the
 * server reaches the simulator through one door. A lint plugin would need a dependency; this reads every
 * file's import specifiers (static, `export … from`, dynamic `import("…")`, side-effect `import "…"`) and
 * applies the rules below, each a function of the importing file and the import, so that a new kind of
 * rule (say, on package names) is one more call of a rule maker, not a second checker.
 */

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** This file: its fixtures are deliberately wrong imports written as strings, so the scan passes over it. */
const THIS_FILE = "contracts/zones.test.ts";

/** The one server file that may import the simulator (demo seeding and `simulate --load` go through it). */
const SIMULATOR_DOOR = "server/simulation/simulator-entry.ts";

/** A source file, its path relative to src/ with '/' separators. */
type SourceFile = { path: string; text: string };

/** One import of a file: its specifier, and for a relative one the zone and path it lands in. */
type ImportRef = { specifier: string; target?: string; zone?: string; packageName?: string };

/** A rule returns why an import is not allowed, or undefined. */
type Rule = (file: SourceFile, imp: ImportRef) => string | undefined;

const IMPORT_PATTERNS = [
  /\bfrom\s*["']([^"']+)["']/g, // import … from "x", export … from "x"
  /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g, // import("x")
  /\bimport\s*["']([^"']+)["']/g, // import "x"
];

/** Every module specifier a source text imports or re-exports, in any of the forms above. */
function importSpecifiers(text: string): string[] {
  return IMPORT_PATTERNS.flatMap((pattern) => [...text.matchAll(pattern)].map((m) => m[1]!));
}

function resolveImport(file: SourceFile, specifier: string): ImportRef {
  if (!specifier.startsWith(".")) {
    const parts = specifier.split("/");
    const packageName = specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
    return { specifier, packageName };
  }
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(file.path), specifier));
  return { specifier, target, zone: target.split("/")[0] };
}

const zoneOf = (file: SourceFile) => file.path.split("/")[0];
const isTest = (file: SourceFile) => /\.test\.tsx?$/.test(file.path);
const isTestSupport = (file: SourceFile) => isTest(file) || file.path.endsWith("/test-fixtures.ts");

/**
 * Files of `zone` import only the `allowed` zones. A zone in `doors` may be imported only by its door file
 * (and by tests, which take their data from the simulator: ARCHITECTURE.md, Tests).
 */
function zoneRule(zone: string, allowed: string[], doors: Record<string, string> = {}): Rule {
  return (file, imp) => {
    if (zoneOf(file) !== zone || imp.zone === undefined) return undefined;
    const door = doors[imp.zone];
    if (door !== undefined) {
      return file.path === door || isTest(file)
        ? undefined
        : `${zone} reaches ${imp.zone} only through ${door}`;
    }
    return allowed.includes(imp.zone) ? undefined : `${zone} may import only ${allowed.join(", ")}`;
  };
}

/** Files under `folder` (a path relative to src/) do not import the `forbidden` packages. */
function packageRule(folder: string, forbidden: string[]): Rule {
  return (file, imp) =>
    file.path.startsWith(`${folder}/`) && imp.packageName && forbidden.includes(imp.packageName)
      ? `${folder} does not import ${imp.packageName}`
      : undefined;
}

/**
 * Non-test files under `folder` import nothing under the `forbidden` paths (relative to src/, without the
 * extension): a path ending in '/' forbids a whole folder. Tests and their fixtures (`test-fixtures.ts`)
 * build data with SQL of their own.
 */
function pathRule(folder: string, forbidden: string[]): Rule {
  return (file, imp) => {
    if (!file.path.startsWith(`${folder}/`) || isTestSupport(file) || imp.target === undefined)
      return undefined;
    const hit = forbidden.find((f) => (f.endsWith("/") ? imp.target!.startsWith(f) : imp.target === f));
    return hit && imp.target !== file.path.replace(/\.tsx?$/, "")
      ? `${folder} does not import ${hit}`
      : undefined;
  };
}

/**
 * Files in one subfolder of `folder` (a path relative to src/) import nothing from a sibling subfolder:
 * `web/features/<a>/…` may not import `web/features/<b>/…` for b ≠ a. What two of them share lives outside
 * (web/lib, web/ui), and the app composes them through slots (bulletproof-react's rule, STYLE.md).
 */
function siblingRule(folder: string): Rule {
  const prefix = `${folder}/`;
  const subfolderOf = (p: string) =>
    p.startsWith(prefix) ? p.slice(prefix.length).split("/")[0] : undefined;
  return (file, imp) => {
    const own = subfolderOf(file.path);
    const other = imp.target === undefined ? undefined : subfolderOf(imp.target);
    return own !== undefined && other !== undefined && other !== own
      ? `${prefix}${own} does not import another subfolder of ${folder} (${other})`
      : undefined;
  };
}

/**
 * The metrics layer (docs/decisions/006): the analysis (KPIs, summary, sections) reads the database only
 * through server/metrics — it names no table and builds no SQL — and a section never imports another
 * section, the KPIs or the summary: a figure two of them show comes from one domain function.
 */
const ANALYSIS_RULES: Rule[] = [
  packageRule("server/analysis", ["drizzle-orm", "pg"]),
  pathRule("server/analysis", ["server/db/schema", "server/rollups/"]),
  pathRule("server/analysis/sections", [
    "server/analysis/sections/",
    "server/analysis/kpis",
    "server/analysis/summary",
  ]),
];

const RULES: Rule[] = [
  ...ANALYSIS_RULES,
  zoneRule("domain", ["domain"]),
  zoneRule("contracts", ["contracts", "domain"]),
  zoneRule("simulator", ["simulator", "domain", "contracts"]),
  zoneRule("web", ["web", "contracts", "domain"]),
  siblingRule("web/features"),
  zoneRule("server", ["server", "contracts", "domain"], { simulator: SIMULATOR_DOOR }),
];

/** 'file: import "specifier" (reason)' for every import a rule refuses. */
function violations(files: SourceFile[], rules: Rule[]): string[] {
  return files.flatMap((file) =>
    importSpecifiers(file.text).flatMap((specifier) => {
      const imp = resolveImport(file, specifier);
      return rules
        .map((rule) => rule(file, imp))
        .filter((reason) => reason !== undefined)
        .map((reason) => `${file.path}: import "${specifier}" (${reason})`);
    }),
  );
}

function sourceFiles(dir: string): SourceFile[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    if (!/\.(ts|tsx)$/.test(e.name)) return [];
    return [
      { path: path.relative(SRC, full).split(path.sep).join("/"), text: fs.readFileSync(full, "utf8") },
    ];
  });
}

describe("module zones", () => {
  it("no file of src/ imports across a zone boundary", () => {
    const files = sourceFiles(SRC).filter((f) => f.path !== THIS_FILE);
    expect(files.length).toBeGreaterThan(100);
    expect(violations(files, RULES)).toEqual([]);
  });

  it("the simulator door exists and is the server's only non-test import of the simulator", () => {
    const server = sourceFiles(path.join(SRC, "server")).filter((f) => !isTest(f));
    const importers = server.filter((f) =>
      importSpecifiers(f.text).some((s) => resolveImport(f, s).zone === "simulator"),
    );
    expect(importers.map((f) => f.path)).toEqual([SIMULATOR_DOOR]);
  });
});

describe("the zone checker", () => {
  it.each([
    ["a static import", 'import { x } from "./a";\nimport type { Y } from "../b/c";', ["./a", "../b/c"]],
    ["an import over several lines", 'import {\n  a,\n  b,\n} from "../server/app";', ["../server/app"]],
    ["export … from", 'export { a } from "../x";\nexport * from "./y";', ["../x", "./y"]],
    ["a dynamic import", 'const m = await import("../server/config");', ["../server/config"]],
    ["a side-effect import", 'import "./styles.css";', ["./styles.css"]],
  ])("finds %s", (_form, text, expected) => {
    expect(importSpecifiers(text).sort()).toEqual([...expected].sort());
  });

  it.each([
    ["domain imports the server", "domain/cii/x.ts", 'import { a } from "../../server/app";'],
    ["contracts import the web", "contracts/x.ts", 'import { a } from "../web/lib/api";'],
    ["the simulator imports the server dynamically", "simulator/x.ts", 'await import("../server/config");'],
    ["the simulator re-exports the server", "simulator/x.ts", 'export { a } from "../server/db/client";'],
    ["the web imports the server", "web/x.tsx", 'import type { A } from "../server/app";'],
    ["the server imports the web", "server/x.ts", 'import { a } from "../web/lib/api";'],
    [
      "a server file beside the door imports the simulator",
      "server/demo/x.ts",
      'import "../../simulator/fleet";',
    ],
    ["a file imports outside src", "server/x.ts", 'import { a } from "../../scripts/start.mjs";'],
    [
      "a web feature imports another feature",
      "web/features/admin/x.tsx",
      'import { b } from "../dashboard/api/get-dashboard";',
    ],
  ])("reports that %s", (_case, file, text) => {
    expect(violations([{ path: file, text }], RULES)).toHaveLength(1);
  });

  it.each([
    ["the door imports the simulator", SIMULATOR_DOOR, 'export { a } from "../../simulator/fleet";'],
    ["a server test uses the simulator", "server/x/y.test.ts", 'import { a } from "../../simulator/fleet";'],
    [
      "the simulator imports contracts and domain",
      "simulator/x.ts",
      'import "../contracts/a";\nimport "../domain/b";',
    ],
    ["a file imports a package", "domain/x.ts", 'import { z } from "zod";'],
    [
      "a web feature imports its own folders, the web's lib and ui",
      "web/features/admin/x/y.tsx",
      'import "../api/a";\nimport "../../../lib/api";\nimport "../../../ui/button";',
    ],
    [
      "the app composes two features",
      "web/app/x.tsx",
      'import "../features/admin/admin-page";\nimport "../features/dashboard/dashboard-page";',
    ],
  ])("allows that %s", (_case, file, text) => {
    expect(violations([{ path: file, text }], RULES)).toEqual([]);
  });

  it.each([
    ["a section imports another section", "server/analysis/sections/a.ts", 'import { b } from "./b";'],
    ["a section imports the KPIs", "server/analysis/sections/a.ts", 'import { k } from "../kpis";'],
    ["the KPIs build SQL", "server/analysis/kpis.ts", 'import { sql } from "drizzle-orm";'],
    ["the summary names a table", "server/analysis/summary.ts", 'import { fuelData } from "../db/schema";'],
    [
      "a section reads the rollup job",
      "server/analysis/sections/a.ts",
      'import "../../rollups/daily-rollup";',
    ],
  ])("reports that %s (metrics layer)", (_case, file, text) => {
    expect(violations([{ path: file, text }], RULES)).toHaveLength(1);
  });

  it.each([
    [
      "a section calls a query and the domain",
      "server/analysis/sections/a.ts",
      'import "../../metrics/fuel-buckets";\nimport "../../../domain/records/fuel-sums";',
    ],
    [
      "a section shapes its range",
      "server/analysis/sections/a.ts",
      'import { presentRange } from "../context";',
    ],
    [
      "a metrics query builds SQL",
      "server/metrics/a.ts",
      'import { sql } from "drizzle-orm";\nimport "../db/schema";',
    ],
    ["an analysis test inserts fixtures", "server/analysis/a.test.ts", 'import "../db/schema";'],
  ])("allows that %s (metrics layer)", (_case, file, text) => {
    expect(violations([{ path: file, text }], RULES)).toEqual([]);
  });

  it("checks package names with a package rule", () => {
    const rule = packageRule("server/analysis", ["drizzle-orm"]);
    const text = 'import { sql } from "drizzle-orm";\nimport { pgTable } from "drizzle-orm/pg-core";';
    expect(violations([{ path: "server/analysis/x.ts", text }], [rule])).toHaveLength(2);
    expect(violations([{ path: "server/uploads/x.ts", text }], [rule])).toEqual([]);
  });
});
