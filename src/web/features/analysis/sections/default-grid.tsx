import type { DashboardFilters } from "../../../lib/dashboard-filters";
import { useSection } from "../api/get-section";
import { LoadOverTimeChart } from "./engine-load";
import { FuelSpeedChart } from "./fuel-consumption";
import { SfocTrendChart } from "./fuel-performance";
import { HullResistanceChart } from "./hull-resistance";
import { Panel, SectionQuery } from "./section-frame";

const HEIGHT = 220;

/** The default grid (spec §2): SFOC trend, fuel vs speed, engine load, hull resistance; from the sections' calls. */
export function DefaultGrid({ shipId, filters }: { shipId: number; filters: DashboardFilters }) {
  const performance = useSection(shipId, "fuel-fuel-performance", filters);
  const consumption = useSection(shipId, "fuel-fuel-consumption", filters);
  const load = useSection(shipId, "engine-engine-load", filters);
  const hull = useSection(shipId, "hull-hull-resistance", filters);
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
        <SectionQuery query={hull} name="Hull resistance">
          {(data) => <HullResistanceChart data={data} height={HEIGHT} />}
        </SectionQuery>
      </Panel>
    </div>
  );
}
