import { useQuery } from "@tanstack/react-query";
import { Lock } from "lucide-react";
import { lazy, type ReactNode, Suspense, useState } from "react";
import type { HullCalculatorPrefill } from "../../../contracts/analysis/hull-calculator-section";
import type { Kpis } from "../../../contracts/analysis/kpis";
import type { RecordsByKind } from "../../../contracts/analysis/record-presence";
import type { OrganisationSectionId } from "../../../contracts/analysis/section-ids";
import { SHARED_SECTION_IDS } from "../../../contracts/shares";
import type { DashboardFilters } from "../../lib/dashboard-filters";
import { useDashboardFilters } from "../../lib/use-dashboard-filters";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { AnalysisSidebar } from "./analysis-sidebar";
import { AnalysisShareToken, useAnalysisShareToken } from "./api/analysis-source";
import { sectionQueryOptions } from "./api/get-section";
import { useAnalysisSummary } from "./api/get-summary";
import { RangeRecords } from "./range-records";
import { ReportChecksPanel } from "./report-checks-panel";
import { type CategoryId, categoryOf, type SectionKind, sectionKind } from "./sections";
import { DefaultGrid } from "./sections/default-grid";
import { EngineLoadSection } from "./sections/engine-load";
import { FuelConsumptionSection } from "./sections/fuel-consumption";
import { FuelPerformanceSection } from "./sections/fuel-performance";
import { HullResistanceSection } from "./sections/hull-resistance";
import { ComingSection, SectionSkeleton } from "./sections/section-frame";
import { SystemStatusPanel } from "./system-status-panel";

// Each section outside the default grid is its own chunk, fetched when it is first opened (section skeleton
// meanwhile): the dashboard's first load stays within its budget (e2e/assets.spec.ts) however many sections
// the center grows. The four sections whose charts the default grid shows load with it (static imports).
const AuxiliarySystemsSection = lazy(() =>
  import("./sections/auxiliary-systems").then((m) => ({ default: m.AuxiliarySystemsSection })),
);
const EnginePerformanceSection = lazy(() =>
  import("./sections/engine-performance").then((m) => ({ default: m.EnginePerformanceSection })),
);
const EnvironmentComplianceSection = lazy(() =>
  import("./sections/environment-compliance").then((m) => ({ default: m.EnvironmentComplianceSection })),
);
const RealTimeMonitoringSection = lazy(() =>
  import("./sections/real-time-monitoring").then((m) => ({ default: m.RealTimeMonitoringSection })),
);
const EnvironmentalDataSection = lazy(() =>
  import("./sections/environmental-data").then((m) => ({ default: m.EnvironmentalDataSection })),
);
const FuelCostSection = lazy(() =>
  import("./sections/fuel-cost").then((m) => ({ default: m.FuelCostSection })),
);
const FuelEeoiSection = lazy(() =>
  import("./sections/fuel-eeoi").then((m) => ({ default: m.FuelEeoiSection })),
);
const HullAnalyticsSection = lazy(() =>
  import("./sections/hull-analytics").then((m) => ({ default: m.HullAnalyticsSection })),
);
const HullCalculatorSection = lazy(() =>
  import("./sections/hull-calculator").then((m) => ({ default: m.HullCalculatorSection })),
);
const HullConditionSection = lazy(() =>
  import("./sections/hull-condition").then((m) => ({ default: m.HullConditionSection })),
);
const TrimOptimizationSection = lazy(() =>
  import("./sections/trim-optimization").then((m) => ({ default: m.TrimOptimizationSection })),
);
const WeatherCorrelationSection = lazy(() =>
  import("./sections/weather-correlation").then((m) => ({ default: m.WeatherCorrelationSection })),
);

type Props = {
  shipId: number;
  filters: DashboardFilters;
  /** The dashboard's KPI cards: the sidebar shows their SFOC, consumption, load and CII (one computation per view). */
  kpis: Kpis;
  /** The range the filters resolved to: the report checks cover it. */
  range: { from: string; to: string };
  /** Which kinds of record that range holds (the dashboard's answer): the empty states' cause. */
  records: RecordsByKind;
  /** Analysts and admins may set fuel prices and the EEOI target. */
  canEdit: boolean;
  /** The hull performance calculator the app hosts in hull-hull-calculator, started from the section's prefill. */
  hullCalculator?: (prefill: HullCalculatorPrefill) => ReactNode;
  /** The Database Admin sections (the organisation's, not the ship's), hosted by the app. */
  databaseSection?: (id: OrganisationSectionId) => ReactNode;
};

function SectionContent({
  kind,
  shipId,
  filters,
  canEdit,
  hullCalculator,
  databaseSection,
  shared,
}: Props & { kind: SectionKind; shared: boolean }) {
  const common = { shipId, filters };
  if (shared && kind.kind === "ready" && !(SHARED_SECTION_IDS as readonly string[]).includes(kind.id))
    return <SignInSection name={kind.name} />;
  if (shared && kind.kind === "organisation") return <SignInSection name={kind.name} />;
  switch (kind.kind) {
    case "default":
      return <DefaultGrid {...common} />;
    case "coming":
      return <ComingSection name={kind.name} />;
    case "organisation":
      return databaseSection ? databaseSection(kind.id) : <ComingSection name={kind.name} />;
    case "ready":
      switch (kind.id) {
        case "fuel-fuel-performance":
          return <FuelPerformanceSection {...common} />;
        case "fuel-fuel-consumption":
          return <FuelConsumptionSection {...common} />;
        case "fuel-fuel-cost":
          return <FuelCostSection {...common} canEdit={canEdit} />;
        case "fuel-fuel-eeoi":
          return <FuelEeoiSection {...common} canEdit={canEdit} />;
        case "hull-hull-condition":
          return <HullConditionSection {...common} />;
        case "hull-hull-resistance":
          return <HullResistanceSection {...common} />;
        case "hull-hull-analytics":
          return <HullAnalyticsSection {...common} canEdit={canEdit} />;
        case "engine-engine-performance":
          return <EnginePerformanceSection {...common} />;
        case "engine-engine-load":
          return <EngineLoadSection {...common} />;
        case "engine-auxiliary-systems":
          return <AuxiliarySystemsSection {...common} />;
        case "engine-trim-optimization":
          return <TrimOptimizationSection {...common} />;
        case "hull-hull-calculator":
          return hullCalculator ? (
            <HullCalculatorSection {...common} calculator={hullCalculator} />
          ) : (
            <ComingSection name={kind.name} />
          );
        case "environment-weather-correlation":
          return <WeatherCorrelationSection {...common} />;
        case "environment-environmental-data":
          return <EnvironmentalDataSection {...common} />;
        case "environment-compliance":
          return <EnvironmentComplianceSection {...common} canEdit={canEdit} />;
        case "environment-real-time-monitoring":
          return <RealTimeMonitoringSection {...common} />;
      }
  }
}

/**
 * The Analysis Center (spec §2): the section menu with each category's real figures, the System Status,
 * and the chosen section (`section=` in the URL), or the default grid when none or an unknown one is chosen.
 */
export function AnalysisCenter(props: Props) {
  const { shipId, filters } = props;
  const { section, setSection } = useDashboardFilters();
  const [openCategory, setOpenCategory] = useState<CategoryId | null>(() => categoryOf(section) ?? "fuel");
  const summary = useAnalysisSummary(shipId, filters);
  const shareToken = useAnalysisShareToken();
  const shared = shareToken !== null;
  // The Engine category's trim figures are the trim section's own answer (one query, shared with the section).
  const trimSection = useQuery({
    ...sectionQueryOptions(shipId, "engine-trim-optimization", filters, shareToken),
    enabled: openCategory === "engine",
  });
  const kind = sectionKind(section);
  const heading = kind.kind === "default" ? "Overview" : `${kind.category.name} › ${kind.name}`;

  return (
    <Card title="Analysis Center" titleId="analysis-center-title" data-testid="analysis-center">
      <div className="grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <div className="flex flex-col gap-4">
          <AnalysisSidebar
            openCategory={openCategory}
            onOpenCategory={setOpenCategory}
            selected={section}
            onSelect={setSection}
            summary={summary.data}
            kpis={props.kpis}
            records={props.records}
            summaryLoading={summary.isPending}
            trim={trimSection.data?.status === "ready" ? trimSection.data : undefined}
          />
          {shared ? null : (
            <>
              <SystemStatusPanel shipId={shipId} />
              <ReportChecksPanel
                shipId={shipId}
                range={props.range}
                records={props.records}
                canEdit={props.canEdit}
              />
            </>
          )}
        </div>
        <section
          aria-labelledby="analysis-section-title"
          className="flex min-w-0 flex-col gap-4"
          data-testid="analysis-content"
          data-section={kind.kind === "default" ? "default" : kind.id}
        >
          <h3 id="analysis-section-title" className="text-lg font-semibold text-slate-900">
            {heading}
          </h3>
          <RangeRecords.Provider value={props.records}>
            <Suspense fallback={<SectionSkeleton />}>
              <SectionContent {...props} kind={kind} shared={shared} />
            </Suspense>
          </RangeRecords.Provider>
        </section>
      </div>
    </Card>
  );
}

/** A section a share link does not open (it holds the organisation's settings, or is the organisation's). */
function SignInSection({ name }: { name: string }) {
  return (
    <EmptyState
      icon={Lock}
      title={`${name} is not part of a shared view`}
      data-testid="shared-section-locked"
    >
      It holds your organisation's settings or tools. Sign in to Sextant to open it.
    </EmptyState>
  );
}

/**
 * The Analysis Center of a share link's read-only view: the sections and sidebar figures of the link's ship and
 * filters, read through the public routes of its token; no System Status, report checks or settings.
 */
export function SharedAnalysisCenter({ token, ...props }: Omit<Props, "canEdit"> & { token: string }) {
  return (
    <AnalysisShareToken.Provider value={token}>
      <AnalysisCenter {...props} canEdit={false} />
    </AnalysisShareToken.Provider>
  );
}
