import * as Popover from "@radix-ui/react-popover";
import { CalendarRange } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import type { Ship } from "../../../contracts/ships";
import type { Voyage } from "../../../contracts/voyages";
import {
  DATE_RANGE_LABELS,
  type DashboardFilters,
  type DateRange,
  ENGINE_TYPE_HINTS,
  ENGINE_TYPE_LABELS,
  type EngineType,
  voyageWonNote,
  withCustomBounds,
  withRange,
  withVoyage,
} from "../../lib/dashboard-filters";
import { formatUtcDate } from "../../lib/format";
import { utcDateInputProps } from "../../lib/utc-input";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { SelectField } from "../../ui/select-field";

const NO_SHIP = "";

const rangeOptions = (Object.keys(DATE_RANGE_LABELS) as DateRange[]).map((value) => ({
  value,
  label: DATE_RANGE_LABELS[value],
}));
const engineOptions = (Object.keys(ENGINE_TYPE_LABELS) as EngineType[]).map((value) => ({
  value,
  label: ENGINE_TYPE_LABELS[value],
}));

/** The custom range's two days in a popover; applied together so the range is never half-set. */
function CustomRangePicker({
  filters,
  onChange,
  defaultOpen,
}: {
  filters: DashboardFilters;
  onChange: (filters: DashboardFilters) => void;
  defaultOpen: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const [from, setFrom] = useState(filters.from ?? "");
  const [to, setTo] = useState(filters.to ?? "");
  const [error, setError] = useState<string | null>(null);
  const fromId = useId();
  const toId = useId();
  const errorId = useId();

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = withCustomBounds(filters, from, to);
    if (!next) {
      setError("Pick a start and an end date; the start must not be after the end.");
      return;
    }
    setError(null);
    setOpen(false);
    onChange(next);
  };

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setFrom(filters.from ?? "");
          setTo(filters.to ?? "");
          setError(null);
        }
      }}
    >
      <Popover.Trigger asChild>
        <Button variant="secondary" className="w-full justify-start" data-testid="custom-range-button">
          <CalendarRange aria-hidden="true" className="size-4" />
          <span className="tabular-nums">
            {filters.from} – {filters.to}
          </span>
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          className="z-50 w-72 rounded-lg border border-slate-200 bg-white p-4 shadow-lg"
          data-testid="custom-range-popover"
        >
          <form onSubmit={apply} className="flex flex-col gap-3" noValidate>
            <p className="text-sm font-semibold text-slate-900">Custom date range (UTC)</p>
            <p className="text-xs text-slate-500">Days as YYYY-MM-DD, UTC.</p>
            <div className="flex flex-col gap-1">
              <label htmlFor={fromId} className="text-sm font-medium text-slate-800">
                From
              </label>
              <input
                id={fromId}
                {...utcDateInputProps}
                value={from}
                onChange={(e) => setFrom(e.target.value)}
                aria-describedby={error ? errorId : undefined}
                className="rounded-md border border-slate-300 px-3 py-2 text-sm"
                data-testid="custom-from"
              />
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={toId} className="text-sm font-medium text-slate-800">
                To (included)
              </label>
              <input
                id={toId}
                {...utcDateInputProps}
                value={to}
                onChange={(e) => setTo(e.target.value)}
                aria-describedby={error ? errorId : undefined}
                className="rounded-md border border-slate-300 px-3 py-2 text-sm"
                data-testid="custom-to"
              />
            </div>
            {error ? (
              <p id={errorId} role="alert" className="text-xs text-red-700">
                {error}
              </p>
            ) : null}
            <div className="flex justify-end gap-2">
              <Popover.Close asChild>
                <Button variant="ghost">Cancel</Button>
              </Popover.Close>
              <Button type="submit" data-testid="custom-range-apply">
                Apply
              </Button>
            </div>
          </form>
          <Popover.Arrow className="fill-white" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/**
 * The 'Dashboard Controls' card (spec §2): Ship ID (ships by name), Voyage ('All Voyages' and each voyage
 * by number), Date Range (with a date picker for 'Custom Range') and Engine Type. The values live in the
 * URL; this card only reports changes.
 */
export function DashboardControls({
  ships,
  selectedId,
  onSelect,
  voyages,
  filters,
  onFiltersChange,
  resolvedRange,
}: {
  ships: readonly Ship[];
  selectedId: number | null;
  onSelect: (shipId: number) => void;
  voyages: readonly Voyage[] | null;
  filters: DashboardFilters;
  onFiltersChange: (filters: DashboardFilters) => void;
  /** The range kind the server used: 'voyage' where the voyage lies outside the range (a link, a reload). */
  resolvedRange?: DateRange;
}) {
  const [openPickerOnMount, setOpenPickerOnMount] = useState(false);
  const [voyageNote, setVoyageNote] = useState<string | null>(null);
  const known = ships.some((ship) => ship.id === selectedId);
  const shipOptions = [
    ...(known ? [] : [{ value: NO_SHIP, label: "Select a ship" }]),
    ...ships.map((ship) => ({ value: String(ship.id), label: ship.name })),
  ];
  const voyageList = voyages ?? [];
  const selectedVoyageKnown =
    filters.voyage === "all" || voyageList.some((voyage) => voyage.id === filters.voyage);
  const voyageOptions = [
    { value: "all", label: "All Voyages" },
    ...voyageList.map((voyage) => ({ value: String(voyage.id), label: voyage.voyageNumber })),
    ...(selectedVoyageKnown ? [] : [{ value: String(filters.voyage), label: `Voyage ${filters.voyage}` }]),
  ];

  return (
    <Card title="Dashboard Controls" titleId="dashboard-controls-title" data-testid="dashboard-controls">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          label="Ship ID"
          name="shipId"
          data-testid="ship-select"
          value={known ? String(selectedId) : NO_SHIP}
          options={shipOptions}
          onChange={(event) => {
            const id = Number(event.target.value);
            if (Number.isSafeInteger(id) && id > 0) onSelect(id);
          }}
        />
        <SelectField
          label="Voyage"
          name="voyage"
          data-testid="voyage-select"
          value={String(filters.voyage)}
          options={voyageOptions}
          hint={voyageNote ?? voyageWonNote(filters, resolvedRange) ?? undefined}
          onChange={(event) => {
            const value = event.target.value;
            const chosen = value === "all" ? null : voyageList.find((v) => v.id === Number(value));
            if (chosen === undefined) {
              setVoyageNote(null);
              onFiltersChange({ ...filters, voyage: Number(value) });
              return;
            }
            const next = withVoyage(filters, chosen, new Date());
            setVoyageNote(next.note);
            onFiltersChange(next.filters);
          }}
        />
        <div className="flex flex-col gap-2">
          <SelectField
            label="Date Range"
            name="range"
            data-testid="range-select"
            value={filters.range}
            options={rangeOptions}
            onChange={(event) => {
              const range = event.target.value as DateRange;
              setOpenPickerOnMount(range === "custom");
              setVoyageNote(null);
              onFiltersChange(withRange(filters, range, formatUtcDate(new Date())));
            }}
          />
          {filters.range === "custom" ? (
            <CustomRangePicker
              key={`${filters.from}|${filters.to}`}
              filters={filters}
              onChange={(next) => {
                setOpenPickerOnMount(false);
                onFiltersChange(next);
              }}
              defaultOpen={openPickerOnMount}
            />
          ) : null}
        </div>
        <SelectField
          label="Engine Type"
          name="engine"
          data-testid="engine-select"
          value={filters.engine}
          options={engineOptions}
          hint={ENGINE_TYPE_HINTS[filters.engine]}
          onChange={(event) => onFiltersChange({ ...filters, engine: event.target.value as EngineType })}
        />
      </div>
    </Card>
  );
}
