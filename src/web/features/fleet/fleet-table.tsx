/** The fleet table: one row per ship, sortable by every figure, the worst of each figure easy to find. */
import { ArrowDown, ArrowUp } from "lucide-react";
import { Link } from "react-router";
import type { FleetShip } from "../../../contracts/fleet";
import { CP_STATUS_LABELS, CP_STATUS_TONES } from "../../lib/cp-status";
import { formatCostPerNm, formatFixed, formatNumber, MISSING } from "../../lib/format";
import { timeAgo } from "../../lib/time-ago";
import { Badge } from "../../ui/badge";
import { RatingBadge } from "../../ui/rating-badge";
import type { FleetColumn, SortState } from "./fleet-table-model";

const HEADERS: { column: FleetColumn; label: string; title: string }[] = [
  { column: "name", label: "Ship", title: "Name, type and size band" },
  { column: "cii", label: "CII", title: "Year to date → projected year end (sorted by the projection)" },
  {
    column: "sfoc",
    label: "SFOC vs shop test",
    title: "Main engine SFOC against its shop test at the same load",
  },
  { column: "speedLoss", label: "Speed loss", title: "ISO 19030-2 speed loss now" },
  { column: "eeoi", label: "EEOI", title: "g CO₂ per tonne-mile, voyages of the window" },
  { column: "costPerNm", label: "Cost / nm", title: "Fuel cost per nautical mile" },
  { column: "fuelRate", label: "Fuel t/day", title: "Main engine, per day at sea" },
  { column: "openAlerts", label: "Alerts", title: "Open and acknowledged alerts" },
  {
    column: "charterParty",
    label: "CP performance",
    title: "Charter-party warranty of the active voyage with terms (good-weather method)",
  },
  { column: "dataQuality", label: "Data quality", title: "Fuel data quality of the last 30 days" },
  { column: "lastSeen", label: "Last seen", title: "Newest record of any kind" },
];

const percent = (v: number | null | undefined, digits = 1) =>
  v === null || v === undefined ? MISSING : `${v > 0 ? "+" : ""}${formatFixed(v, digits)} %`;

export function FleetTable({
  ships,
  sort,
  onSort,
  now,
}: {
  ships: readonly FleetShip[];
  sort: SortState;
  onSort: (column: FleetColumn) => void;
  now: Date;
}) {
  return (
    <div className="-mx-5 overflow-x-auto">
      <table className="w-full min-w-[1100px] text-left text-sm" data-testid="fleet-table">
        <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            {HEADERS.map((h) => (
              <th
                key={h.column}
                scope="col"
                className="px-3 py-2 font-medium first:pl-5"
                aria-sort={sort.column === h.column ? (sort.descending ? "descending" : "ascending") : "none"}
              >
                <button
                  type="button"
                  title={h.title}
                  onClick={() => onSort(h.column)}
                  className="inline-flex items-center gap-1 uppercase hover:text-slate-900"
                  data-testid={`sort-${h.column}`}
                >
                  {h.label}
                  {sort.column === h.column ? (
                    sort.descending ? (
                      <ArrowDown aria-hidden="true" className="size-3" />
                    ) : (
                      <ArrowUp aria-hidden="true" className="size-3" />
                    )
                  ) : null}
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {ships.map((s) => (
            <tr key={s.id} data-testid="fleet-row" data-ship-id={s.id}>
              <td className="py-2 pr-3 pl-5">
                <Link to={`/dashboard/${s.id}`} className="font-medium text-sky-800 hover:underline">
                  {s.name}
                </Link>
                <div className="text-xs text-slate-500">
                  {s.typeLabel}
                  {s.sizeBand ? ` · ${s.sizeBand.label}` : ""}
                  {s.stale ? " · updating…" : ""}
                </div>
              </td>
              {s.pending ? <PendingCells ship={s} /> : <FigureCells ship={s} now={now} />}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The computed columns between the name and the alerts, and after the charter-party one (a pending row). */
const FIGURE_COLUMNS_BEFORE_ALERTS = HEADERS.findIndex((h) => h.column === "openAlerts") - 1;
const FIGURE_COLUMNS_AFTER_CP = HEADERS.length - 1 - HEADERS.findIndex((h) => h.column === "charterParty");

/** A line never computed yet: its live figures, and one cell saying the rest is being computed (no dash). */
function PendingCells({ ship: s }: { ship: FleetShip }) {
  return (
    <>
      <td
        colSpan={FIGURE_COLUMNS_BEFORE_ALERTS}
        className="px-3 py-2 text-slate-500 italic"
        data-testid="fleet-line-pending"
      >
        Computing this ship's figures…
      </td>
      <AlertAndCpCells ship={s} />
      <td colSpan={FIGURE_COLUMNS_AFTER_CP} className="px-3 py-2" />
    </>
  );
}

function AlertAndCpCells({ ship: s }: { ship: FleetShip }) {
  return (
    <>
      <td className="px-3 py-2" data-testid="fleet-alerts">
        {s.openAlerts > 0 ? (
          <Badge tone="danger">{s.openAlerts}</Badge>
        ) : (
          <span className="text-slate-500">0</span>
        )}
      </td>
      <td className="px-3 py-2" data-testid="fleet-cp">
        {s.charterParty ? (
          <span title={`Voyage ${s.charterParty.voyageNumber}`}>
            <Badge tone={CP_STATUS_TONES[s.charterParty.status]}>
              {CP_STATUS_LABELS[s.charterParty.status]}
            </Badge>
          </span>
        ) : (
          MISSING
        )}
      </td>
    </>
  );
}

function FigureCells({ ship: s, now }: { ship: FleetShip; now: Date }) {
  return (
    <>
      <td className="px-3 py-2" data-testid="fleet-cii">
        {s.cii ? (
          <span className="inline-flex items-center gap-1">
            <RatingBadge rating={s.cii.rating} />
            <span aria-hidden="true">→</span>
            <RatingBadge rating={s.cii.projectedRating} />
          </span>
        ) : (
          MISSING
        )}
      </td>
      <td className="px-3 py-2 tabular-nums" data-testid="fleet-sfoc">
        {s.sfoc?.referenceSource === "shop-test" ? percent(s.sfoc.differencePercent) : MISSING}
      </td>
      <td className="px-3 py-2 tabular-nums" data-testid="fleet-speed-loss">
        {s.speedLossPercent === null ? MISSING : `${formatFixed(s.speedLossPercent, 1)} %`}
      </td>
      <td className="px-3 py-2 tabular-nums">{formatNumber(s.eeoi, 2)}</td>
      <td className="px-3 py-2 tabular-nums">{formatCostPerNm(s.costPerNm, s.currency)}</td>
      <td className="px-3 py-2 tabular-nums">{formatNumber(s.fuelRateTPerDay, 1)}</td>
      <AlertAndCpCells ship={s} />
      <td className="px-3 py-2 tabular-nums">
        {s.dataQualityPercent !== null ? (
          `${formatNumber(s.dataQualityPercent, 0)} %`
        ) : (
          // the cell is narrow: the cause and its action are its title, and read out to a screen reader
          <span
            title={s.dataQualityEmptyReason ?? undefined}
            className="cursor-help underline decoration-dotted"
            data-testid="fleet-data-quality-empty"
          >
            {MISSING}
            {s.dataQualityEmptyReason ? <span className="sr-only">{s.dataQualityEmptyReason}</span> : null}
          </span>
        )}
      </td>
      <td className="px-3 py-2 text-slate-600">{timeAgo(s.lastSeenAt, now) ?? "No records"}</td>
    </>
  );
}
