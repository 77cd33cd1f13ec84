import { CHECK_SEVERITY_TONE } from "../../../../lib/check-severity";
import { rowsText } from "../../../../lib/format";
import { Badge } from "../../../../ui/badge";
import type { NoonCheckResult } from "./noon-types";

/**
 * The report checks of a noon-report sheet: per check the sheet rows that fail it and what it means. Rows
 * that fail are kept and marked (figures can leave them out); an empty list says every row passed.
 */
export function NoonChecksList({
  checks,
  testId = "noon-checks",
}: {
  checks: readonly NoonCheckResult[];
  testId?: string;
}) {
  if (checks.length === 0)
    return (
      <p className="text-sm text-emerald-800" data-testid={`${testId}-none`}>
        Every report passes the report checks.
      </p>
    );
  return (
    <ul className="flex flex-col gap-2 text-sm" data-testid={testId}>
      {checks.map((c) => (
        <li
          key={c.check}
          className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2"
          data-testid={`noon-check-${c.check}`}
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="font-medium text-slate-900">{c.message}</span>
            <Badge tone={CHECK_SEVERITY_TONE[c.severity]}>
              {c.rows.length} {c.rows.length === 1 ? "row" : "rows"}
            </Badge>
          </div>
          <p className="mt-1 text-xs text-slate-700" data-testid="noon-check-rows">
            Sheet {c.rows.length === 1 ? "row" : "rows"} {rowsText(c.rows)}
          </p>
        </li>
      ))}
    </ul>
  );
}
