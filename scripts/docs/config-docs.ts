/**
 * `npm run docs:config`: writes `.env.example` and the table of docs/configuration.md from the configuration's
 * schema (src/server/config.ts): each variable's section, meaning and example from its `.meta(doc(…))`, its
 * default from the schema itself. config-docs.test.ts keeps both files equal to what this writes.
 */
import { z } from "zod";
import { CONFIG_SECTIONS, type ConfigDoc, envSchema } from "../../src/server/config";
import { isMain, readRepoFile, replaceBlock, writeRepoFile } from "./generated-block";

export const CONFIG_SCRIPT = "docs:config";
export const CONFIG_DOC_FILE = "docs/configuration.md";
export const ENV_EXAMPLE_FILE = ".env.example";

/** One documented variable: its name, documentation and default as written in an environment. */
export type ConfigVariable = Omit<ConfigDoc, "section"> & {
  key: string;
  section: string;
  defaultValue: string | undefined;
};

/**
 * Variables the tests read (src/server/test, the MQTT tests), not the application: listed so that the example
 * names every variable Sextant's commands read.
 */
const TEST_VARIABLES: ConfigVariable[] = [
  {
    key: "TEST_DATABASE_URL",
    section: "Tests only",
    description:
      "tests only: the PostgreSQL server test databases are created on (unset: 127.0.0.1:5432 when it answers, else an embedded server)",
    example: "postgres://postgres@127.0.0.1:5432/postgres",
    defaultValue: undefined,
  },
  {
    key: "MQTT_TEST_URL",
    section: "Tests only",
    description:
      "tests only: the MQTT broker (unset: `mqtt://127.0.0.1:1883`; `npm test` starts a Mosquitto when none answers)",
    example: "mqtt://127.0.0.1:1883",
    defaultValue: undefined,
  },
];

const SECTIONS: readonly string[] = [...CONFIG_SECTIONS, "Tests only"];

/** The schema's default of a variable, unwrapping transforms and metadata; undefined when it has none. */
function schemaDefault(schema: z.ZodType): unknown {
  if (schema instanceof z.ZodDefault) return schema.def.defaultValue;
  if (schema instanceof z.ZodPipe) return schemaDefault(schema.in as z.ZodType);
  return undefined;
}

/** A default as an environment writes it: booleans as on/off, lists comma-separated. */
function envValue(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "boolean") return value ? "on" : "off";
  if (Array.isArray(value)) return value.join(",");
  return String(value);
}

/** Every variable of the schema with its documentation, then the tests' own; an undocumented one is an error. */
export function configVariables(): ConfigVariable[] {
  const variables = Object.entries(envSchema.shape).map(([key, schema]): ConfigVariable => {
    const meta = (schema as z.ZodType).meta() as Partial<ConfigDoc> | undefined;
    if (!meta?.section || !meta.description)
      throw new Error(
        `${key} has no documentation: give it .meta(doc(section, description)) in src/server/config.ts, then run npm run ${CONFIG_SCRIPT}`,
      );
    return {
      key,
      section: meta.section,
      description: meta.description,
      example: meta.example,
      defaultText: meta.defaultText,
      defaultValue: envValue(schemaDefault(schema as z.ZodType)),
    };
  });
  return [...variables, ...TEST_VARIABLES];
}

/** The variables grouped by section, in the sections' order, each section in the schema's order. */
function bySection(variables: ConfigVariable[]): [string, ConfigVariable[]][] {
  return SECTIONS.map((s): [string, ConfigVariable[]] => [
    s,
    variables.filter((v) => v.section === s),
  ]).filter(([, vs]) => vs.length > 0);
}

const cell = (text: string) => text.replace(/\|/g, "\\|");

function defaultCell(v: ConfigVariable): string {
  if (v.defaultValue === undefined) return v.defaultText ? `\`${v.defaultText}\`` : "—";
  return v.defaultValue === "" ? "(empty)" : `\`${v.defaultValue}\``;
}

/** The tables of docs/configuration.md: one per section, variable, default, meaning. */
export function configTable(variables = configVariables()): string {
  return bySection(variables)
    .map(([section, vs]) =>
      [
        `### ${section}`,
        "",
        "| variable | default | meaning |",
        "| --- | --- | --- |",
        ...vs.map((v) => `| \`${v.key}\` | ${cell(defaultCell(v))} | ${cell(v.description)} |`),
      ].join("\n"),
    )
    .join("\n\n");
}

/** `# `-prefixed lines of at most `width` characters. */
function comment(text: string, width = 110): string[] {
  const lines: string[] = [];
  let line = "#";
  for (const word of text.replace(/`/g, "").split(/\s+/)) {
    if (line.length + 1 + word.length > width && line !== "#") {
      lines.push(line);
      line = "#";
    }
    line += ` ${word}`;
  }
  lines.push(line);
  return lines;
}

/** A value as a dotenv file and a shell both read it: quoted when it holds spaces or shell characters. */
const quoted = (value: string) =>
  /[\s#"'$`\\<>|;&*()]/.test(value) ? `"${value.replace(/(["\\$`])/g, "\\$1")}"` : value;

function envLine(v: ConfigVariable): string[] {
  const unset = v.defaultText ? ` (unset: ${v.defaultText})` : "";
  const text = comment(`${v.description}${unset}`);
  if (v.defaultValue !== undefined) return [...text, `${v.key}=${quoted(v.defaultValue)}`];
  return [...text, `# ${v.key}=${quoted(v.example ?? "")}`];
}

/** `.env.example`: every variable by section, with its meaning, set to its default or, without one, commented out. */
export function envExample(variables = configVariables()): string {
  const head = [
    "# Sextant's configuration. Every variable has a working default: a fresh clone runs with none set.",
    `# Written from src/server/config.ts by \`npm run ${CONFIG_SCRIPT}\`: edit the schema there, not this file.`,
    "# More on each variable: docs/configuration.md.",
  ];
  const sections = bySection(variables).map(([section, vs]) =>
    [`# --- ${section}`, ...vs.flatMap(envLine)].join("\n"),
  );
  return `${[head.join("\n"), ...sections].join("\n\n")}\n`;
}

/** docs/configuration.md with its table written afresh. */
export const configDoc = (current = readRepoFile(CONFIG_DOC_FILE)): string =>
  replaceBlock(current, "configuration table", CONFIG_SCRIPT, configTable());

if (isMain(import.meta.url)) {
  writeRepoFile(ENV_EXAMPLE_FILE, envExample());
  writeRepoFile(CONFIG_DOC_FILE, configDoc());
}
