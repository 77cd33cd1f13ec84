/**
 * No form of the web shows a raw zod message ("expected string, received undefined", "Invalid input"):
 * every form's schema, given empty input, answers plain reasons (contracts/plain-messages.ts, installed by
 * the web at start as below).
 */
import { beforeAll, describe, expect, test } from "vitest";
import type { z } from "zod";
import { shipBaselineBody } from "../../contracts/analysis/baselines";
import { eeoiTargetBody, fuelPricesBody } from "../../contracts/analysis/settings";
import { addMemberBody, changePasswordBody, loginBody, registerBody } from "../../contracts/auth";
import { calculateCiiBody } from "../../contracts/cii-calculator";
import { calculateHullPerformanceBody } from "../../contracts/hull-calculator";
import { installPlainMessages } from "../../contracts/plain-messages";
import {
  AUXILIARY_FORM,
  COMPLIANCE_FORM,
  ENVIRONMENTAL_FORM,
  FUEL_FORM,
  HULL_FORM,
  SHIP_FORM,
  TRIM_FORM,
  VOYAGE_FORM,
} from "../features/data-input/add-data/record-forms";
import { issuesToFieldErrors } from "./form-errors";

beforeAll(() => installPlainMessages());

const FORMS: [string, z.ZodType][] = [
  ...[
    SHIP_FORM,
    VOYAGE_FORM,
    FUEL_FORM,
    ENVIRONMENTAL_FORM,
    HULL_FORM,
    COMPLIANCE_FORM,
    TRIM_FORM,
    AUXILIARY_FORM,
  ].map((f): [string, z.ZodType] => [`${f.id} form`, f.schema]),
  ["hull calculator", calculateHullPerformanceBody],
  ["CII calculator", calculateCiiBody],
  ["sign in", loginBody],
  ["register", registerBody],
  ["add member", addMemberBody],
  ["change password", changePasswordBody],
  ["fuel prices", fuelPricesBody],
  ["EEOI target", eeoiTargetBody],
  ["ship baseline", shipBaselineBody],
];

const RAW = /expected|received|invalid input|invalid option|too small|too big/i;

/** The reasons a form would show for `input`. */
function reasons(schema: z.ZodType, input: unknown): string[] {
  const parsed = schema.safeParse(input);
  return parsed.success ? [] : (Object.values(issuesToFieldErrors(parsed.error.issues)) as string[]);
}

describe("every form answers plain reasons, never zod's raw messages", () => {
  test.each(FORMS)("%s, empty", (_name, schema) => {
    for (const reason of reasons(schema, {})) expect(reason).not.toMatch(RAW);
  });

  test.each(FORMS)("%s, wrong kinds and empty texts", (_name, schema) => {
    for (const input of [null, [], "x", { name: 1, imo: 7, email: 3, password: [], fuels: {}, points: "x" }])
      for (const reason of reasons(schema, input)) expect(reason).not.toMatch(RAW);
  });

  test("the ship form without an IMO number says it is required", () => {
    const errors = issuesToFieldErrors(
      SHIP_FORM.schema.safeParse({ name: "Aurora", type: "bulk_carrier" }).error!.issues,
    );
    expect(errors.imo).toBe("is required");
  });
});
