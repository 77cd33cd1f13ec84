import { Coins } from "lucide-react";
import type { DashboardFilters } from "../../../lib/dashboard-filters";
import { distanceSourceNote } from "../../../lib/distance-source";
import {
  COST_PER_NM_DECIMALS,
  formatCostPerNm,
  formatMoney,
  formatPricePerTonne,
  formatQuantity,
} from "../../../lib/format";
import { hasValues } from "../../../ui/charts/chart-data";
import { CHART_COLORS } from "../../../ui/charts/chart-theme";
import { CategoryBarChart, TimeSeriesChart } from "../../../ui/charts/charts";
import { useSection } from "../api/get-section";
import { FuelPricesForm } from "./fuel-prices-form";
import { NoData, Panel, RangeCaption, SectionQuery, Stat, StatGrid } from "./section-frame";

/** fuel-fuel-cost: cost per nautical mile by voyage and over time, from the organisation's prices. */
export function FuelCostSection({
  shipId,
  filters,
  canEdit,
}: {
  shipId: number;
  filters: DashboardFilters;
  canEdit: boolean;
}) {
  const query = useSection(shipId, "fuel-fuel-cost", filters);
  return (
    <div className="flex flex-col gap-6">
      <SectionQuery query={query} name="Cost per Mile">
        {(data) => {
          const unpriced = data.unpricedFuelTypes.join(", ");
          // the one cause that empties the cost where records and distance exist, and its action
          const noPrice = `No cost: no price in force for ${unpriced} — add its price under Fuel prices below`;
          return (
            <>
              <RangeCaption range={data.range} />
              <p className="text-sm text-slate-700" data-testid="price-source">
                Price source:{" "}
                {data.priceSource === "organisation"
                  ? "your organisation's fuel price table"
                  : `the initial ${formatPricePerTonne(data.initialPricePerTonne, data.currency)} for every fuel (no fuel price set yet)`}
                {unpriced
                  ? ` · no price in force for ${unpriced}: a span that burnt it has no cost (a cost without it would understate)`
                  : ""}
              </p>
              <StatGrid>
                <Stat
                  label="Cost per nm"
                  value={formatCostPerNm(data.summary.costPerNm, data.currency)}
                  testId="stat-cost-per-nm"
                />
                <Stat label="Fuel cost" value={formatMoney(data.summary.totalCost, data.currency)} />
                <Stat
                  label="Distance"
                  value={formatQuantity(data.summary.distanceNm, "nm", 0)}
                  hint={distanceSourceNote(data.summary.distanceSource)}
                  testId="stat-distance"
                />
              </StatGrid>
              <div className="grid gap-6 xl:grid-cols-2">
                <Panel title="Cost per nautical mile by voyage" testId="panel-cost-by-voyage">
                  {data.byVoyage.voyageId.length === 0 ? (
                    <NoData icon={Coins} title="No voyages in this range — add a voyage and its fuel data" />
                  ) : !hasValues(data.byVoyage.costPerNm) && unpriced ? (
                    <NoData icon={Coins} title={noPrice} />
                  ) : (
                    <CategoryBarChart
                      categories={data.byVoyage.voyageNumber}
                      series={[
                        {
                          label: `Cost per nm (${data.currency}/nm)`,
                          values: data.byVoyage.costPerNm,
                          color: CHART_COLORS.primary,
                          decimals: COST_PER_NM_DECIMALS,
                        },
                      ]}
                      xName="Voyage"
                      y={{ name: "Cost", unit: `${data.currency}/nm` }}
                      label="Fuel cost per nautical mile of each voyage"
                      testId="chart-cost-by-voyage"
                    />
                  )}
                </Panel>
                <Panel title="Cost per nautical mile over time" testId="panel-cost-over-time">
                  {!hasValues(data.series.costPerNm) && unpriced ? (
                    <NoData icon={Coins} title={noPrice} />
                  ) : !hasValues(data.series.costPerNm) ? (
                    <NoData
                      kind="fuel"
                      icon={Coins}
                      title="No fuel records with distance in this range — add fuel data or upload a file"
                    />
                  ) : (
                    <TimeSeriesChart
                      times={data.series.t}
                      series={[
                        {
                          label: `Cost per nm (${data.currency}/nm)`,
                          values: data.series.costPerNm,
                          color: CHART_COLORS.secondary,
                          decimals: COST_PER_NM_DECIMALS,
                        },
                      ]}
                      y={{ name: "Cost", unit: `${data.currency}/nm` }}
                      label="Fuel cost per nautical mile over time"
                      testId="chart-cost-over-time"
                    />
                  )}
                </Panel>
              </div>
            </>
          );
        }}
      </SectionQuery>
      <Panel title="Fuel prices" testId="panel-fuel-prices">
        <FuelPricesForm canEdit={canEdit} />
      </Panel>
    </div>
  );
}
