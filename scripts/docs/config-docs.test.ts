import { describe, expect, it } from "vitest";
import { CONFIG_KEYS, loadConfig } from "../../src/server/config";
import {
  CONFIG_DOC_FILE,
  CONFIG_SCRIPT,
  configDoc,
  configVariables,
  ENV_EXAMPLE_FILE,
  envExample,
} from "./config-docs";
import { readRepoFile } from "./generated-block";

const HOW_TO_FIX = `out of date: run npm run ${CONFIG_SCRIPT} and commit what it writes`;

describe("the configuration's documentation is written from its schema", () => {
  it(`${ENV_EXAMPLE_FILE} is what the schema writes`, () => {
    expect(readRepoFile(ENV_EXAMPLE_FILE), `${ENV_EXAMPLE_FILE} ${HOW_TO_FIX}`).toBe(envExample());
  });

  it(`${CONFIG_DOC_FILE}'s table is what the schema writes`, () => {
    const current = readRepoFile(CONFIG_DOC_FILE);
    expect(current, `${CONFIG_DOC_FILE} ${HOW_TO_FIX}`).toBe(configDoc(current));
  });

  it("documents every variable of the schema, once, with a meaning", () => {
    const documented = configVariables().map((v) => v.key);
    expect(documented.filter((key) => CONFIG_KEYS.includes(key as never))).toEqual(CONFIG_KEYS);
    expect(new Set(documented).size).toBe(documented.length);
    for (const v of configVariables()) expect(v.description.length, v.key).toBeGreaterThan(5);
  });

  it("gives every variable without a default an example, or says what unset means", () => {
    for (const v of configVariables().filter((v) => v.defaultValue === undefined))
      expect(v.example !== undefined || v.defaultText !== undefined, v.key).toBe(true);
  });

  it("writes defaults the schema accepts back: the example's values parse to the defaults", () => {
    const env = Object.fromEntries(
      configVariables()
        .filter((v) => v.defaultValue !== undefined && CONFIG_KEYS.includes(v.key as never))
        .map((v) => [v.key, v.defaultValue]),
    );
    expect(loadConfig(env)).toEqual(loadConfig({}));
  });

  it.each([
    ["TRUST_PROXY", "off"],
    ["SEXTANT_DEMO", "on"],
    ["OPERATOR_EMAILS", ""],
    ["ALERT_SWEEP_CRON", "*/15 * * * *"],
    ["HEAVY_WORK_PER_ORG", "2"],
  ])("reads %s's default as an environment writes it (%j)", (key, expected) => {
    expect(configVariables().find((v) => v.key === key)?.defaultValue).toBe(expected);
  });

  it("lists the variables .env.example lacked before it was generated", () => {
    const example = envExample();
    for (const key of [
      "TRUST_PROXY",
      "SIGN_IN_ACCOUNT_MAX_FAILURES",
      "SIGN_UP_MAX_ATTEMPTS",
      "HEAVY_WORK_THREADS",
    ])
      expect(example).toMatch(new RegExp(`^${key}=`, "m"));
  });
});
