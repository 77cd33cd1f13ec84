/**
 * /fleet (issue 19 item 6): every ship of the organisation, sortable and filterable, their last positions, and
 * the sister-ship comparisons. The first page after sign-in when the organisation has more than one ship.
 */
import { ShipWheel } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { formatInstant } from "../../lib/format";
import { useUtcNow } from "../../lib/use-utc-now";
import { ErrorAlert } from "../../ui/alert";
import { buttonClasses } from "../../ui/button";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { SelectField } from "../../ui/select-field";
import { Skeleton } from "../../ui/skeleton";
import { TextField } from "../../ui/text-field";
import { useFleet } from "./api/get-fleet";
import { FleetTable } from "./fleet-table";
import {
  type FleetColumn,
  type FleetFilter,
  filterShips,
  type SortState,
  sortShips,
} from "./fleet-table-model";
import { SisterBenchmark } from "./sister-benchmark";

const FleetMap = lazy(() => import("./fleet-map"));

/** Figures where more is worse start sorted worst first; names start A to Z. */
const ASCENDING_FIRST: readonly FleetColumn[] = ["name", "dataQuality"];

export function FleetPage() {
  const fleet = useFleet();
  const now = useUtcNow();
  const [sort, setSort] = useState<SortState>({ column: "name", descending: false });
  const [filter, setFilter] = useState<FleetFilter>({ text: "", shipType: "", attention: false });
  if (fleet.isPending)
    return (
      <div className="flex flex-col gap-4" data-testid="fleet-loading">
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  if (fleet.isError)
    return (
      <ErrorAlert data-testid="fleet-error">{`Failed to load the fleet: ${fleet.error.message}`}</ErrorAlert>
    );
  const { ships, groups, windowDays } = fleet.data;
  if (ships.length === 0)
    return (
      <EmptyState
        icon={ShipWheel}
        title="No ships yet — add a ship to start monitoring"
        actions={
          <Link to="/dashboard?tools=data-input" className={buttonClasses("primary")}>
            Add a ship
          </Link>
        }
        data-testid="fleet-empty"
      />
    );
  const types = [...new Map(ships.map((s) => [s.shipType, s.typeLabel])).entries()];
  const shown = sortShips(filterShips(ships, filter), sort);
  const onSort = (column: FleetColumn) =>
    setSort((s) =>
      s.column === column
        ? { column, descending: !s.descending }
        : { column, descending: !ASCENDING_FIRST.includes(column) },
    );
  const computed = ships.flatMap((s) => (s.computedAt ? [s.computedAt] : [])).sort()[0];
  const pending = ships.filter((s) => s.pending).length;
  return (
    <div className="flex flex-col gap-6" data-testid="fleet-page">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">Fleet</h1>
          <p className="text-sm text-slate-600">
            {ships.length} ships · figures over the last {windowDays} days, CII for the year to date
            {computed ? ` · oldest line computed ${formatInstant(computed)}` : ""}
          </p>
          {pending > 0 ? (
            <p className="text-sm text-slate-600" role="status" data-testid="fleet-pending">
              Computing the figures of {pending} of {ships.length} ships for the first time…
            </p>
          ) : null}
        </div>
        <Link to="/dashboard" className={buttonClasses("secondary")}>
          Open the dashboard
        </Link>
      </div>
      <Card title="Ships" titleId="fleet-ships-title">
        <div className="mb-4 flex flex-wrap items-end gap-4">
          <TextField
            label="Find a ship"
            placeholder="Name or IMO"
            value={filter.text}
            onChange={(e) => setFilter({ ...filter, text: e.target.value })}
            data-testid="fleet-search"
          />
          <SelectField
            label="Ship type"
            value={filter.shipType}
            options={[
              { value: "", label: "All types" },
              ...types.map(([value, label]) => ({ value, label })),
            ]}
            onChange={(e) => setFilter({ ...filter, shipType: e.target.value })}
          />
          <label className="flex items-center gap-2 pb-2 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={filter.attention}
              onChange={(e) => setFilter({ ...filter, attention: e.target.checked })}
              data-testid="fleet-attention"
            />
            Needs attention only
          </label>
          <span className="pb-2 text-sm text-slate-500" data-testid="fleet-count">
            {shown.length} of {ships.length} shown
          </span>
        </div>
        <FleetTable ships={shown} sort={sort} onSort={onSort} now={now} />
      </Card>
      <SisterBenchmark groups={groups} ships={ships} />
      <Card title="Last positions" titleId="fleet-map-title">
        <Suspense fallback={<Skeleton className="h-72 w-full" />}>
          <FleetMap ships={shown} />
        </Suspense>
      </Card>
    </div>
  );
}
