/**
 * Sister ships side by side (domain fleet/sister-benchmark.ts): per figure a strip from best to worst with
 * the group's median, each ship a dot, the worst named in red, and the spread that says what the group
 * leaves on the table.
 */
import type { FleetResponse, FleetShip } from "../../../contracts/fleet";
import { formatNumber } from "../../lib/format";
import { Card } from "../../ui/card";

type Group = FleetResponse["groups"][number];
type Metric = keyof Group["metrics"];

const METRICS: {
  key: Metric;
  label: string;
  unit: (currency: string) => string;
  digits: number;
  note: string;
}[] = [
  {
    key: "sfocVsShopTestPercent",
    label: "SFOC vs shop test",
    unit: () => "%",
    digits: 1,
    note: "main engine against its own shop test at the same load",
  },
  { key: "speedLossPercent", label: "Speed loss", unit: () => "%", digits: 1, note: "ISO 19030-2, now" },
  { key: "eeoi", label: "EEOI", unit: () => "g CO₂/t·nm", digits: 2, note: "voyages of the window" },
  { key: "costPerNm", label: "Cost per nm", unit: (c) => c, digits: 2, note: "fuel cost over distance" },
];

function Strip({
  metric,
  group,
  names,
  currency,
}: {
  metric: (typeof METRICS)[number];
  group: Group;
  names: Map<number, string>;
  currency: string;
}) {
  const m = group.metrics[metric.key];
  const unit = metric.unit(currency);
  if (!m)
    return (
      <li className="text-sm text-slate-500" data-testid={`benchmark-${metric.key}`}>
        <span className="font-medium text-slate-700">{metric.label}</span>: fewer than two of these ships have
        it.
      </li>
    );
  const span = m.spread > 0 ? m.spread : 1;
  const at = (v: number) => `${(100 * (v - m.best.value)) / span}%`;
  return (
    <li className="flex flex-col gap-1" data-testid={`benchmark-${metric.key}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span>
          <span className="font-medium text-slate-800">{metric.label}</span>{" "}
          <span className="text-xs text-slate-500">({metric.note})</span>
        </span>
        <span className="text-slate-700">
          Spread{" "}
          <strong>
            {formatNumber(m.spread, metric.digits)} {unit}
          </strong>{" "}
          · worst{" "}
          <strong className="text-red-700" data-testid={`benchmark-${metric.key}-worst`}>
            {names.get(m.worst.shipId)}
          </strong>{" "}
          {formatNumber(m.worst.value, metric.digits)} · best {names.get(m.best.shipId)}{" "}
          {formatNumber(m.best.value, metric.digits)} · median {formatNumber(m.median, metric.digits)}
        </span>
      </div>
      <div className="relative mx-2 h-6" aria-hidden="true">
        <div className="absolute top-3 right-0 left-0 h-0.5 bg-slate-200" />
        <div
          className="absolute top-1 h-4 w-0.5 bg-slate-500"
          style={{ left: at(m.median) }}
          title="median"
        />
        {m.ships.map((s) => (
          <span
            key={s.shipId}
            className={`absolute top-1.5 size-3 -translate-x-1/2 rounded-full ring-2 ring-white ${
              s.shipId === m.worst.shipId
                ? "bg-red-600"
                : s.shipId === m.best.shipId
                  ? "bg-emerald-600"
                  : "bg-sky-700"
            }`}
            style={{ left: at(s.value) }}
            title={`${names.get(s.shipId)}: ${formatNumber(s.value, metric.digits)} ${unit}`}
          />
        ))}
      </div>
    </li>
  );
}

export function SisterBenchmark({
  groups,
  ships,
}: {
  groups: FleetResponse["groups"];
  ships: readonly FleetShip[];
}) {
  const names = new Map(ships.map((s) => [s.id, s.name]));
  const typeLabel = new Map(ships.map((s) => [s.shipType, s.typeLabel]));
  const currency = ships[0]?.currency ?? "";
  return (
    <Card title="Sister ships" titleId="sister-ships-title" data-testid="sister-ships">
      {groups.length === 0 ? (
        <p className="text-sm text-slate-600">
          No two ships of the same type and size band: sister ships are compared when the fleet has them
          (ships without a deadweight are not grouped).
        </p>
      ) : (
        <div className="flex flex-col gap-6">
          {groups.map((g) => (
            <section
              key={`${g.shipType}/${g.band.id}`}
              className="flex flex-col gap-3"
              data-testid="sister-group"
            >
              <h3 className="text-sm font-semibold text-slate-900">
                {typeLabel.get(g.shipType)} · {g.band.label} · {g.shipIds.length} ships:{" "}
                <span className="font-normal text-slate-600">
                  {g.shipIds.map((id) => names.get(id)).join(", ")}
                </span>
              </h3>
              <ul className="flex flex-col gap-3">
                {METRICS.map((metric) => (
                  <Strip key={metric.key} metric={metric} group={g} names={names} currency={currency} />
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </Card>
  );
}
