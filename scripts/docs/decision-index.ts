/**
 * `npm run docs:decisions`: writes the index of docs/decisions/README.md from the records themselves (each
 * record's number and title from its first line, its status from its `## Status` section), and checks their
 * form: Status, Context, Decision, Consequences in that order, and every 'superseded by' or 'amended by'
 * answered by the newer record's 'Supersedes' or 'Amends'. decision-index.test.ts keeps the index equal to
 * what this writes.
 */
import fs from "node:fs";
import path from "node:path";
import { isMain, ROOT, readRepoFile, replaceBlock, writeRepoFile } from "./generated-block";

export const DECISIONS_SCRIPT = "docs:decisions";
export const DECISIONS_DIR = "docs/decisions";
export const DECISIONS_INDEX_FILE = `${DECISIONS_DIR}/README.md`;

/** The sections every record has, in this order (others may come between them). */
export const RECORD_SECTIONS = ["Status", "Context", "Decision", "Consequences"] as const;

export type DecisionRecord = { number: string; title: string; file: string; status: string; text: string };

/** The records of the folder, by number: `NNN-title.md`. */
export function decisionRecords(dir = path.join(ROOT, DECISIONS_DIR)): DecisionRecord[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{3}-.+\.md$/.test(f))
    .sort()
    .map((file) => parseRecord(file, fs.readFileSync(path.join(dir, file), "utf8")));
}

/** A record's number, title and status paragraph (its lines joined). */
export function parseRecord(file: string, text: string): DecisionRecord {
  const title = /^# (\d{3}) — (.+)$/m.exec(text.split("\n")[0] ?? "");
  const status = /(?:^|\n)## Status\n+([\s\S]*?)(?:\n\n|\n## |\n?(?![\s\S]))/.exec(text);
  return {
    number: title?.[1] ?? "",
    title: title?.[2] ?? "",
    file,
    status: (status?.[1] ?? "").replace(/\s+/g, " ").trim(),
    text,
  };
}

/** What is wrong with the records' form and links, one line each (empty: nothing). */
export function recordProblems(records: DecisionRecord[]): string[] {
  const numbers = new Set(records.map((r) => r.number));
  const problems: string[] = [];
  for (const r of records) {
    const where = `${DECISIONS_DIR}/${r.file}`;
    if (!r.number) problems.push(`${where}: the first line must be '# NNN — Title'`);
    else if (!r.file.startsWith(`${r.number}-`)) problems.push(`${where}: its title's number is ${r.number}`);
    const headings = [...r.text.matchAll(/^## (.+)$/gm)].map((m) => m[1]!.trim());
    const order = RECORD_SECTIONS.map((s) => headings.indexOf(s));
    if (order.some((i) => i < 0) || order.some((i, k) => k > 0 && i < order[k - 1]!))
      problems.push(
        `${where}: needs the sections ${RECORD_SECTIONS.map((s) => `'## ${s}'`).join(", ")} in order`,
      );
    if (!/^(Accepted|Superseded by \d{3})\b/.test(r.status))
      problems.push(
        `${where}: its status must begin 'Accepted' or 'Superseded by NNN' (it says '${r.status}')`,
      );
    for (const [, verb, other] of r.status.matchAll(/\b(Superseded by|amended by) (\d{3})/gi)) {
      const newer = records.find((o) => o.number === other);
      if (!newer) problems.push(`${where}: ${verb!.toLowerCase()} ${other}, which does not exist`);
      else if (!new RegExp(`\\b(Supersedes|Amends) ${r.number}\\b`).test(newer.status))
        problems.push(
          `${DECISIONS_DIR}/${newer.file}: its status must say 'Supersedes ${r.number}' or 'Amends ${r.number}'`,
        );
    }
    if (numbers.size !== records.length) problems.push("two records share a number");
  }
  return [...new Set(problems)];
}

/** The status up to its first full stop, or semicolon, outside parentheses. */
function firstClause(status: string): string {
  let depth = 0;
  for (let i = 0; i < status.length; i++) {
    const c = status[i];
    if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (depth === 0 && (c === ";" || (c === "." && (i === status.length - 1 || status[i + 1] === " "))))
      return status.slice(0, i);
  }
  return status;
}

/**
 * A record's status as the index shows it: its first clause (with an 'amended by' that follows 'Accepted'), and
 * which records it supersedes or amends, the record numbers linked.
 */
export function shortStatus(r: DecisionRecord, records: DecisionRecord[]): string {
  const head = firstClause(r.status);
  const amended = /^Accepted; (amended by \d{3}[^;.]*?(?:\([^)]*\))?)(?:[;.]|$)/.exec(r.status);
  const relations = [...r.status.matchAll(/\b(Supersedes|Amends) (\d{3})/g)].map(
    (m) => `${m[1]!.toLowerCase()} ${m[2]}`,
  );
  const text = [amended ? `${head}; ${amended[1]!.trim()}` : head, ...relations].join("; ");
  return text.replace(/\b(\d{3})\b/g, (n) => {
    const target = records.find((o) => o.number === n);
    return target ? `[${n}](${target.file})` : n;
  });
}

/** The index table: one row per record, its number and title linked, its status. */
export function decisionIndex(records = decisionRecords()): string {
  const problems = recordProblems(records);
  if (problems.length > 0) throw new Error(`decision records:\n${problems.join("\n")}`);
  return [
    "| record | status |",
    "| --- | --- |",
    ...records.map(
      (r) => `| [${r.number} — ${r.title.replace(/\|/g, "\\|")}](${r.file}) | ${shortStatus(r, records)} |`,
    ),
  ].join("\n");
}

/** docs/decisions/README.md with its index written afresh. */
export const decisionsReadme = (current = readRepoFile(DECISIONS_INDEX_FILE)): string =>
  replaceBlock(current, "decision index", DECISIONS_SCRIPT, decisionIndex());

if (isMain(import.meta.url)) writeRepoFile(DECISIONS_INDEX_FILE, decisionsReadme());
