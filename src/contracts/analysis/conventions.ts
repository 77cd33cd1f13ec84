/**
 * Conventions every analysis answer follows (the KPI cards, the Analysis Center sections, the sidebar
 * metrics), and the column types that carry them:
 * - Every figure is computed from stored data; where there is none the field is `null` (PRODUCT.md D1):
 *   never a specification fallback value (182.5, 24.7, 78.2, 'B').
 * - Series are COLUMNAR and ready to plot (uPlot): `t` is epoch SECONDS (UTC) of each bucket's start,
 *   and every other array of the same object is aligned with `t`; a `null` entry is a gap in the line.
 * - Instants in objects are ISO 8601 strings (UTC).
 */
import { z } from "zod";

/** A figure. */
export const num = z.number();
/** A column of a series, aligned with its `t`. */
export const col = z.array(num);
/** A column with gaps: `null` where the bucket has no data. */
export const nullableCol = z.array(num.nullable());
