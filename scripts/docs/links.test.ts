import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./generated-block";

/** The project's own Markdown: the README, bench/README.md and docs/ (the copied reference data aside). */
function markdownFiles(): string[] {
  const walk = (dir: string): string[] =>
    fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
      const rel = path.posix.join(dir, e.name);
      if (e.isDirectory()) return rel === "docs/reference" ? [] : walk(rel);
      return e.name.endsWith(".md") ? [rel] : [];
    });
  return ["README.md", "bench/README.md", ...walk("docs")];
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");

function anchors(file: string): Set<string> {
  const text = fs.readFileSync(path.join(ROOT, file), "utf8").replace(/```[\s\S]*?```/g, "");
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1]!)));
}

/** Every relative link of the Markdown that names a missing file or a missing heading. */
function brokenLinks(): string[] {
  return markdownFiles().flatMap((file) => {
    const text = fs.readFileSync(path.join(ROOT, file), "utf8").replace(/```[\s\S]*?```|`[^`\n]*`/g, "");
    return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
      .map((m) => m[1]!)
      .filter((target) => !/^[a-z]+:/.test(target))
      .flatMap((target) => {
        const [target_path, anchor] = target.split("#");
        const resolved = target_path
          ? path.posix.normalize(path.posix.join(path.posix.dirname(file), target_path))
          : file;
        if (!fs.existsSync(path.join(ROOT, resolved))) return [`${file}: ${target} (no such file)`];
        if (anchor && resolved.endsWith(".md") && !anchors(resolved).has(anchor))
          return [`${file}: ${target} (no such heading)`];
        return [];
      });
  });
}

describe("the documentation's links", () => {
  it("name files and headings that exist", () => {
    expect(brokenLinks()).toEqual([]);
  });

  it.each([
    ["Heavy work and tenant fairness", "heavy-work-and-tenant-fairness"],
    ["Trace: the SFOC card, from screen to formula", "trace-the-sfoc-card-from-screen-to-formula"],
    ["Machine ingestion: API keys, HTTP and MQTT", "machine-ingestion-api-keys-http-and-mqtt"],
    ["The dashboard's KPI cards", "the-dashboards-kpi-cards"],
  ])("anchors %j as GitHub does", (heading, anchor) => {
    expect(anchorOf(heading)).toBe(anchor);
  });
});
