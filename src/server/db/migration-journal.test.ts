/**
 * The migration journal in order: drizzle's migrator applies, on a database that already has migrations, only
 * those whose `when` is later than the last one applied. A migration merged from a branch with an older `when`
 * would be skipped on every existing database and applied on new ones: two schemas from one release.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER } from "./migrate";

type Entry = { idx: number; when: number; tag: string };
const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as {
  entries: Entry[];
};

describe("the migration journal", () => {
  it("numbers, files and times all in one order", () => {
    const files = fs.readdirSync(MIGRATIONS_FOLDER).filter((f) => f.endsWith(".sql"));
    expect(journal.entries.map((e) => `${e.tag}.sql`)).toEqual(files.sort());
    journal.entries.forEach((e, i) => {
      expect(e.idx).toBe(i);
      expect(e.tag.startsWith(String(i).padStart(4, "0"))).toBe(true);
      if (i > 0) expect(e.when, e.tag).toBeGreaterThan(journal.entries[i - 1]!.when);
    });
  });
});
