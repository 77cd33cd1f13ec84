/** Small builders of SQL values shared by the metrics queries. */
import { type SQL, sql } from "drizzle-orm";

/** An instant as a `timestamptz` parameter. */
export const tsParam = (d: Date): SQL => sql`${d.toISOString()}::timestamptz`;

/** `a, b, c` as parameters (for `in (…)`). */
export const sqlList = (values: readonly (string | number)[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** Integer ids as one `int[]` parameter (for `= any(…)` and `unnest(…)`: one parameter however many ids). */
export const intArray = (ids: readonly number[]): SQL => sql`${`{${ids.join(",")}}`}::int[]`;

/** The column name of a field: `fuelTWithEnergy` → `fuel_t_with_energy` (names already snake stay as they are). */
export const columnOf = (field: string): string => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
