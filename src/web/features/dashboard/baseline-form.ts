/**
 * The rows of the baseline editor (text as typed) and the PATCH body they make. Pure, unit-tested.
 * Blank rows are ignored; a row with one number missing or unreadable is an error on that row.
 */

export type PointRow = { a: string; b: string };

export type ParsedPoints<K extends string> =
  | { ok: true; points: Array<Record<K, number>> }
  | { ok: false; error: string };

const readNumber = (text: string): number | null => {
  const trimmed = text.trim().replace(",", ".");
  if (trimmed === "") return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : Number.NaN;
};

/** Rows → points sorted by the first field; errors name the row (1-based) as the user sees it. */
export function parsePointRows<A extends string, B extends string>(
  rows: readonly PointRow[],
  keys: readonly [A, B],
  labels: readonly [string, string],
): ParsedPoints<A | B> {
  const points: Array<Record<A | B, number>> = [];
  for (const [i, row] of rows.entries()) {
    const a = readNumber(row.a);
    const b = readNumber(row.b);
    if (a === null && b === null) continue;
    if (a === null || b === null || Number.isNaN(a) || Number.isNaN(b)) {
      return { ok: false, error: `Row ${i + 1}: give both ${labels[0]} and ${labels[1]} as numbers` };
    }
    points.push({ [keys[0]]: a, [keys[1]]: b } as Record<A | B, number>);
  }
  points.sort((p, q) => p[keys[0]] - q[keys[0]]);
  return { ok: true, points };
}

/** Points → editable rows, plus one blank row to add to. */
export function rowsFromPoints<A extends string, B extends string>(
  points: ReadonlyArray<Record<A | B, number>> | null,
  keys: readonly [A, B],
): PointRow[] {
  const rows = (points ?? []).map((p) => ({ a: String(p[keys[0]]), b: String(p[keys[1]]) }));
  return [...rows, { a: "", b: "" }];
}

/** The optional number of a text field: null when blank, NaN when unreadable. */
export function optionalNumber(text: string): number | null {
  return readNumber(text);
}
