import { errorMessageOf } from "../../../lib/api";
import type { DashboardFilters } from "../../../lib/dashboard-filters";
import { ErrorAlert } from "../../../ui/alert";
import { useSection, useSectionById } from "../api/get-section";
import { LoadOverTimeChart } from "./engine-load";
import { FuelSpeedChart } from "./fuel-consumption";
import { SfocTrendChart } from "./fuel-performance";
import { ComingSection, Panel, SectionQuery, SectionSkeleton } from "./section-frame";

const HEIGHT = 220;

/** The default grid (spec §2): SFOC trend, fuel vs speed, engine load, hull resistance; from the sections' calls. */
export function DefaultGrid({ shipId, filters }: { shipId: number; filters: DashboardFilters }) {
  const performance = useSection(shipId, "fuel-fuel-performance", filters);
  const consumption = useSection(shipId, "fuel-fuel-consumption", filters);
  const load = useSection(shipId, "engine-engine-load", filters);
  return (
    <div className="grid gap-6 xl:grid-cols-2" data-testid="default-grid">
      <Panel title="SFOC trend" testId="grid-sfoc-trend">
        <SectionQuery query={performance} name="SFOC trend">
          {(data) => <SfocTrendChart data={data} height={HEIGHT} />}
        </SectionQuery>
      </Panel>
      <Panel title="Fuel vs speed" testId="grid-fuel-speed">
        <SectionQuery query={consumption} name="Fuel vs speed">
          {(data) => <FuelSpeedChart data={data} height={HEIGHT} />}
        </SectionQuery>
      </Panel>
      <Panel title="Engine load" testId="grid-engine-load">
        <SectionQuery query={load} name="Engine load">
          {(data) => <LoadOverTimeChart data={data} height={HEIGHT} />}
        </SectionQuery>
      </Panel>
      <Panel title="Hull resistance" testId="grid-hull-resistance">
        <HullResistancePanel shipId={shipId} filters={filters} />
      </Panel>
    </div>
  );
}

/**
 * The hull-hull-resistance section in the grid, asked for by id: its honest 'not yet' state until the
 * section answers. MERGE: once hull-hull-resistance is in READY_SECTION_IDS, draw its chart here with
 * `useSection(shipId, "hull-hull-resistance", filters)` and the section's own chart component.
 */
function HullResistancePanel({ shipId, filters }: { shipId: number; filters: DashboardFilters }) {
  const query = useSectionById(shipId, "hull-hull-resistance", filters);
  if (query.isPending) return <SectionSkeleton />;
  if (query.isError)
    return <ErrorAlert data-testid="section-error">{errorMessageOf(query.error)}</ErrorAlert>;
  if (query.data.status === "not-yet")
    return (
      <ComingSection
        name="Hull resistance"
        message="ISO 19030 speed loss and excess power over time, from your stored data, appear here once the Resistance Analysis is built; no sample figures are shown."
      />
    );
  return (
    <p className="text-sm text-slate-600" data-testid="grid-hull-resistance-ready">
      The Resistance Analysis has answered: open Hull Performance › Resistance Analysis for its chart.
    </p>
  );
}
