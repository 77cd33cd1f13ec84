import { describe, expect, it } from "vitest";
import {
  DECISIONS_INDEX_FILE,
  DECISIONS_SCRIPT,
  decisionRecords,
  decisionsReadme,
  parseRecord,
  recordProblems,
  shortStatus,
} from "./decision-index";
import { readRepoFile } from "./generated-block";

const record = (
  file: string,
  status: string,
  sections = "## Context\nx\n\n## Decision\nx\n\n## Consequences\nx\n",
) => parseRecord(file, `# ${file.slice(0, 3)} — A title\n\n## Status\n\n${status}\n\n${sections}`);

describe("the decision records: one form, an index written from them", () => {
  it(`${DECISIONS_INDEX_FILE} lists every record with its status`, () => {
    const current = readRepoFile(DECISIONS_INDEX_FILE);
    expect(
      current,
      `${DECISIONS_INDEX_FILE} is out of date: run npm run ${DECISIONS_SCRIPT} and commit it`,
    ).toBe(decisionsReadme(current));
  });

  it("every record has Status, Context, Decision and Consequences, and a status its newer record answers", () => {
    expect(recordProblems(decisionRecords())).toEqual([]);
  });

  it.each([
    ["a record without Consequences", [record("001-a.md", "Accepted.", "## Context\nx\n\n## Decision\nx\n")]],
    [
      "sections out of order",
      [record("001-a.md", "Accepted.", "## Decision\nx\n\n## Context\nx\n\n## Consequences\nx\n")],
    ],
    ["a status that is neither", [record("001-a.md", "Draft.")]],
    [
      "a supersession the newer record does not state",
      [record("001-a.md", "Superseded by 002."), record("002-b.md", "Accepted.")],
    ],
    ["an amendment by a record that does not exist", [record("001-a.md", "Accepted; amended by 009.")]],
    [
      "a title whose number is not the file's",
      [parseRecord("002-a.md", readRepoFile("docs/decisions/001-embedded-postgresql.md"))],
    ],
  ])("refuses %s", (_case, records) => {
    expect(recordProblems(records).length).toBeGreaterThan(0);
  });

  it("accepts a supersession and an amendment both records state", () => {
    const records = [
      record("001-a.md", "Superseded by 003 (the part)."),
      record("002-b.md", "Accepted; amended by 004 (a detail)."),
      record("003-c.md", "Accepted. Supersedes 001."),
      record("004-d.md", "Accepted. Amends 002."),
    ];
    expect(recordProblems(records)).toEqual([]);
    expect(shortStatus(records[0]!, records)).toBe("Superseded by [003](003-c.md) (the part)");
    expect(shortStatus(records[1]!, records)).toBe("Accepted; amended by [004](004-d.md) (a detail)");
    expect(shortStatus(records[2]!, records)).toBe("Accepted; supersedes [001](001-a.md)");
  });
});
