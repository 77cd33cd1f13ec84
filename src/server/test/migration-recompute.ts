/**
 * A migration's recompute, checked against the rollup: its data statements (every statement but the ALTER
 * TABLEs, which have run) applied again to a database whose derived columns were spoilt, and the rows read back
 * equal to the rollup's own, numbers to 1e-9 (PostgreSQL's numeric comes back as text).
 */
import fs from "node:fs";
import { expect } from "vitest";
import type { Database } from "../db/client";
import { MIGRATIONS_FOLDER } from "../db/migrate";

/** Runs the data statements of `drizzle/<file>` (its ALTER TABLEs left out). */
export async function rerunMigrationData(database: Database, file: string): Promise<void> {
  const statements = fs
    .readFileSync(`${MIGRATIONS_FOLDER}/${file}`, "utf8")
    .split("--> statement-breakpoint")
    .filter((s) => !/^\s*ALTER TABLE/.test(s));
  for (const s of statements) await database.pool.query(s);
}

const NUMERIC_TEXT = /^-?\d+(\.\d+)?(e[-+]\d+)?$/;

/** Row by row, column by column: numbers (or numeric text) to 1e-9, anything else equal. */
export function expectRowsClose(after: Record<string, unknown>[], expected: Record<string, unknown>[]): void {
  expect(after.length).toBe(expected.length);
  after.forEach((row, i) => {
    for (const [k, v] of Object.entries(row))
      if (typeof v === "number" || (typeof v === "string" && NUMERIC_TEXT.test(v)))
        expect(Number(v), `${i} ${k}`).toBeCloseTo(Number(expected[i]![k]), 9);
      else expect(v, `${i} ${k}`).toEqual(expected[i]![k]);
  });
}
