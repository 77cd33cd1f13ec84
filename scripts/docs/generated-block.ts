/**
 * Generated blocks inside hand-written Markdown: the text between a begin and an end comment is the generator's,
 * the rest the author's. A generator replaces its blocks; its test compares the file with that result.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository's root (this file is scripts/docs/generated-block.ts). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export const readRepoFile = (file: string): string => fs.readFileSync(path.join(ROOT, file), "utf8");

/** Writes a file of the repository when its text changed; says which it wrote. */
export function writeRepoFile(file: string, text: string): void {
  const full = path.join(ROOT, file);
  const before = fs.existsSync(full) ? fs.readFileSync(full, "utf8") : undefined;
  if (before === text) return;
  fs.writeFileSync(full, text);
  console.log(`wrote ${file}`);
}

const begin = (name: string, script: string) =>
  `<!-- begin ${name}: written by \`npm run ${script}\`; edit its source, not this block -->`;
const end = (name: string) => `<!-- end ${name} -->`;

/** `content` wrapped in the markers of block `name`, as a generator first writes it. */
export const generatedBlock = (name: string, script: string, content: string): string =>
  `${begin(name, script)}\n${content.trimEnd()}\n${end(name)}`;

/**
 * `text` with the content of every block `name` replaced by `content`. A file without the block is an error
 * naming the markers to add, so a block cannot disappear silently.
 */
export function replaceBlock(text: string, name: string, script: string, content: string): string {
  const pattern = new RegExp(
    `<!-- begin ${escapeRegExp(name)}:[^\\n]*-->\\n[\\s\\S]*?${escapeRegExp(end(name))}`,
    "g",
  );
  if (!pattern.test(text))
    throw new Error(`no generated block '${name}': add the lines\n${begin(name, script)}\n${end(name)}`);
  return text.replace(pattern, () => generatedBlock(name, script, content));
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** True when this module is the script node was started with (`tsx scripts/docs/x.ts`). */
export const isMain = (moduleUrl: string): boolean =>
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(moduleUrl);
