import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import type { HullCalculatorPrefill } from "../../../contracts/analysis/hull-calculator-section";
import type { Kpis } from "../../../contracts/analysis/kpis";
import type { DashboardFilters } from "../../lib/dashboard-filters";
import { useDashboardFilters } from "../../lib/use-dashboard-filters";
import { Card } from "../../ui/card";
import { AnalysisSidebar } from "./analysis-sidebar";
import { sectionQueryOptions } from "./api/get-section";
import { useAnalysisSummary } from "./api/get-summary";
import { ReportChecksPanel } from "./report-checks-panel";
import { type CategoryId, categoryOf, type SectionKind, sectionKind } from "./sections";
import { AuxiliarySystemsSection } from "./sections/auxiliary-systems";
import { DefaultGrid } from "./sections/default-grid";
import { EngineLoadSection } from "./sections/engine-load";
import { EnginePerformanceSection } from "./sections/engine-performance";
import { EnvironmentComplianceSection } from "./sections/environment-compliance";
import { EnvironmentalDataSection } from "./sections/environmental-data";
import { FuelConsumptionSection } from "./sections/fuel-consumption";
import { FuelCostSection } from "./sections/fuel-cost";
import { FuelEeoiSection } from "./sections/fuel-eeoi";
import { FuelPerformanceSection } from "./sections/fuel-performance";
import { HullAnalyticsSection } from "./sections/hull-analytics";
import { HullCalculatorSection } from "./sections/hull-calculator";
import { HullConditionSection } from "./sections/hull-condition";
import { HullResistanceSection } from "./sections/hull-resistance";
import { ComingSection } from "./sections/section-frame";
import { TrimOptimizationSection } from "./sections/trim-optimization";
import { WeatherCorrelationSection } from "./sections/weather-correlation";
import { SystemStatusPanel } from "./system-status-panel";

type Props = {
  shipId: number;
  filters: DashboardFilters;
  /** The dashboard's KPI cards: the sidebar shows their SFOC, consumption, load and CII (one computation per view). */
  kpis: Kpis;
  /** The range the filters resolved to: the report checks cover it. */
  range: { from: string; to: string };
  /** Analysts and admins may set fuel prices and the EEOI target. */
  canEdit: boolean;
  /** The hull performance calculator the app hosts in hull-hull-calculator, started from the section's prefill. */
  hullCalculator?: (prefill: HullCalculatorPrefill) => ReactNode;
};

function SectionContent({ kind, shipId, filters, canEdit, hullCalculator }: Props & { kind: SectionKind }) {
  const common = { shipId, filters };
  switch (kind.kind) {
    case "default":
      return <DefaultGrid {...common} />;
    case "coming":
      return <ComingSection name={kind.name} />;
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
  // The Engine category's trim figures are the trim section's own answer (one query, shared with the section).
  const trimSection = useQuery({
    ...sectionQueryOptions(shipId, "engine-trim-optimization", filters),
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
            summaryLoading={summary.isPending}
            trim={trimSection.data?.status === "ready" ? trimSection.data : undefined}
          />
          <SystemStatusPanel shipId={shipId} />
          <ReportChecksPanel shipId={shipId} range={props.range} canEdit={props.canEdit} />
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
          <SectionContent {...props} kind={kind} />
        </section>
      </div>
    </Card>
  );
}
