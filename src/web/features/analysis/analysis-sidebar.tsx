import { ChevronDown, ChevronRight } from "lucide-react";
import type { AnalysisSummaryResponse } from "../../../contracts/analysis/analysis-summary";
import type { Kpis } from "../../../contracts/analysis/kpis";
import type { RecordsByKind } from "../../../contracts/analysis/record-presence";
import type { TrimOptimizationSectionResponse } from "../../../contracts/analysis/trim-optimization-section";
import { cn } from "../../ui/cn";
import { Skeleton } from "../../ui/skeleton";
import { CATEGORIES, type CategoryId, toggleCategory } from "./sections";
import { sidebarMetrics } from "./sidebar-metrics";

/**
 * The Analysis Center menu (spec §2): expandable categories, each with its real figures for the filtered
 * range and its subsections. Clicking the open category collapses it; choosing a subsection reports its id.
 */
export function AnalysisSidebar({
  openCategory,
  onOpenCategory,
  selected,
  onSelect,
  summary,
  kpis,
  records,
  summaryLoading,
  trim,
}: {
  openCategory: CategoryId | null;
  onOpenCategory: (category: CategoryId | null) => void;
  selected: string | null;
  onSelect: (sectionId: string) => void;
  summary: AnalysisSummaryResponse | undefined;
  kpis: Kpis;
  /** Which kinds of record the range holds (the dashboard's answer): an empty figure's cause. */
  records?: RecordsByKind;
  summaryLoading: boolean;
  /** The Trim Optimization section's answer, for the Engine category's optimum trim and saving. */
  trim?: TrimOptimizationSectionResponse;
}) {
  const metrics = summary ? sidebarMetrics(summary, kpis, trim, records) : null;
  return (
    <nav aria-label="Analysis sections" data-testid="analysis-sidebar">
      <ul className="flex flex-col gap-1">
        {CATEGORIES.map((category) => {
          const open = openCategory === category.id;
          const panelId = `analysis-category-${category.id}`;
          return (
            <li key={category.id} className="rounded-md border border-slate-200 bg-white">
              <button
                type="button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => onOpenCategory(toggleCategory(openCategory, category.id))}
                className="flex w-full items-center justify-between gap-2 rounded-md px-3 py-2 text-left text-sm font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-sky-700"
                data-testid={`category-${category.id}`}
              >
                {category.name}
                {open ? (
                  <ChevronDown aria-hidden="true" className="size-4 text-slate-500" />
                ) : (
                  <ChevronRight aria-hidden="true" className="size-4 text-slate-500" />
                )}
              </button>
              {open ? (
                <div id={panelId} className="border-t border-slate-100 px-3 pt-2 pb-3">
                  {metrics ? (
                    <dl className="mb-2 grid gap-1 text-xs" data-testid={`category-metrics-${category.id}`}>
                      {metrics[category.id].map((m) => (
                        <div key={m.label} className="flex items-baseline justify-between gap-2">
                          <dt className="text-slate-500">{m.label}</dt>
                          <dd
                            className="text-right font-medium tabular-nums text-slate-900"
                            title={m.hint ?? undefined}
                          >
                            {m.value}
                            {m.hint ? <span className="sr-only"> ({m.hint})</span> : null}
                          </dd>
                        </div>
                      ))}
                    </dl>
                  ) : summaryLoading ? (
                    <Skeleton className="mb-2 h-12 w-full" />
                  ) : (
                    <p className="mb-2 text-xs text-slate-500">Figures unavailable</p>
                  )}
                  {metrics?.[category.id].some((m) => m.hint) ? (
                    <p className="mb-2 text-xs text-slate-500">
                      — {metrics[category.id].find((m) => m.hint)?.hint}
                    </p>
                  ) : null}
                  <ul className="flex flex-col gap-0.5">
                    {category.subsections.map((sub) => (
                      <li key={sub.id}>
                        <button
                          type="button"
                          aria-current={selected === sub.id ? "page" : undefined}
                          onClick={() => onSelect(sub.id)}
                          className={cn(
                            "w-full rounded px-2 py-1.5 text-left text-sm focus-visible:outline-2 focus-visible:outline-sky-700",
                            selected === sub.id
                              ? "bg-sky-50 font-medium text-sky-800"
                              : "text-slate-700 hover:bg-slate-50",
                          )}
                          data-testid={`section-link-${sub.id}`}
                        >
                          {sub.name}
                        </button>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
