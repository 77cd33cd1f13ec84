import { Leaf } from "lucide-react";
import { eeoiTargetBody } from "../../../../contracts/analysis/settings";
import { errorMessageOf } from "../../../lib/api";
import type { DashboardFilters } from "../../../lib/dashboard-filters";
import { distanceSourceNote } from "../../../lib/distance-source";
import { formatNumber, MISSING } from "../../../lib/format";
import { ErrorAlert } from "../../../ui/alert";
import { constantColumn, hasValues } from "../../../ui/charts/chart-data";
import { CHART_COLORS } from "../../../ui/charts/chart-theme";
import { CategoryBarChart } from "../../../ui/charts/charts";
import { useSection } from "../api/get-section";
import { useEeoiTarget, useSaveEeoiTarget } from "../api/settings";
import { percentTone, signedPercent } from "../section-format";
import { NumberSettingForm } from "./number-setting-form";
import { NoData, Panel, RangeCaption, SectionQuery, Stat, StatGrid } from "./section-frame";

const UNIT = "g CO₂/t·nm";

/** The organisation's EEOI target: shown to all, set by analysts and admins (empty clears it). */
function EeoiTargetForm({ canEdit }: { canEdit: boolean }) {
  const target = useEeoiTarget();
  const save = useSaveEeoiTarget();
  if (target.isPending) return null;
  if (target.isError) return <ErrorAlert>{errorMessageOf(target.error)}</ErrorAlert>;
  if (!canEdit) {
    return (
      <p className="text-sm text-slate-600">
        Target:{" "}
        {target.data.eeoiTarget === null ? "not set" : `${formatNumber(target.data.eeoiTarget, 2)} ${UNIT}`}.
        Analysts and admins can set it.
      </p>
    );
  }
  return (
    <NumberSettingForm
      id="eeoi-target"
      label={`EEOI target (${UNIT})`}
      hint="Leave empty to clear the target"
      stored={target.data.eeoiTarget}
      what="Target"
      parse={(text) => Number(text.replace(",", "."))}
      toBody={(eeoiTarget) => ({ eeoiTarget })}
      schema={eeoiTargetBody}
      save={save}
      saved={{ title: "EEOI Target Saved" }}
      submitLabel="Save target"
    />
  );
}

/** fuel-fuel-eeoi: EEOI per voyage and rolling (MEPC.1/Circ.684), against the organisation's target. */
export function FuelEeoiSection({
  shipId,
  filters,
  canEdit,
}: {
  shipId: number;
  filters: DashboardFilters;
  canEdit: boolean;
}) {
  const query = useSection(shipId, "fuel-fuel-eeoi", filters);
  return (
    <div className="flex flex-col gap-6">
      <SectionQuery query={query} name="EEOI Tracking">
        {(data) => (
          <>
            <RangeCaption range={data.range} />
            <StatGrid>
              <Stat
                label="EEOI"
                value={data.summary.eeoi === null ? MISSING : `${formatNumber(data.summary.eeoi, 2)}`}
                hint={UNIT}
                testId="stat-eeoi"
              />
              <Stat
                label="Target"
                value={data.target === null ? "Not set" : formatNumber(data.target, 2)}
                hint={data.target === null ? "Set it below" : UNIT}
              />
              <Stat
                label="vs target"
                value={signedPercent(data.summary.vsTargetPercent)}
                tone={percentTone(data.summary.vsTargetPercent)}
              />
              <Stat
                label="Voyages"
                value={formatNumber(data.summary.voyageCount, 0)}
                hint={distanceSourceNote(data.summary.distanceSource)}
                testId="stat-eeoi-voyages"
              />
              <Stat
                label="Ballast voyages"
                value={formatNumber(data.summary.ballastVoyageCount, 0)}
                hint="No transport work"
              />
            </StatGrid>
            <Panel title="EEOI per voyage and rolling" testId="panel-eeoi">
              {data.byVoyage.voyageId.length === 0 || !hasValues(data.byVoyage.eeoi) ? (
                <NoData
                  icon={Leaf}
                  title="No laden voyages in this range — add voyages with cargo and fuel data"
                />
              ) : (
                <CategoryBarChart
                  categories={data.byVoyage.voyageNumber.map((v, i) =>
                    data.byVoyage.ballast[i] ? `${v} (ballast)` : v,
                  )}
                  series={[
                    {
                      label: `Voyage EEOI (${UNIT})`,
                      values: data.byVoyage.eeoi,
                      color: CHART_COLORS.primary,
                      decimals: 2,
                    },
                    {
                      label: `Rolling, last ${data.rollingWindowVoyages} voyages`,
                      values: data.byVoyage.rollingEeoi,
                      color: CHART_COLORS.secondary,
                      kind: "line",
                      width: 2,
                      decimals: 2,
                    },
                    ...(data.target === null
                      ? []
                      : [
                          {
                            label: "Target",
                            values: constantColumn(data.target, data.byVoyage.voyageId.length),
                            color: CHART_COLORS.target,
                            kind: "line" as const,
                            dash: [4, 4],
                            decimals: 2,
                          },
                        ]),
                  ]}
                  xName="Voyage"
                  y={{ name: "EEOI", unit: UNIT }}
                  label="EEOI of each voyage with the rolling EEOI and the target"
                  testId="chart-eeoi"
                />
              )}
            </Panel>
          </>
        )}
      </SectionQuery>
      <Panel title="EEOI target" testId="panel-eeoi-target">
        <EeoiTargetForm canEdit={canEdit} />
      </Panel>
    </div>
  );
}
