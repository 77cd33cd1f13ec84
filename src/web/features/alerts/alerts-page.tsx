import { BellOff } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import {
  ALERT_LABELS,
  ALERT_STATUSES,
  ALERT_TYPES,
  type AlertItem,
  type AlertListQuery,
  type AlertStatus,
  type AlertType,
} from "../../../contracts/alerts";
import { errorMessageOf } from "../../lib/api";
import { formatInstant } from "../../lib/format";
import { ErrorAlert } from "../../ui/alert";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { SelectField } from "../../ui/select-field";
import { Spinner } from "../../ui/spinner";
import { toast } from "../../ui/toast/use-toast";
import { useAlertAction, useAlerts } from "./api/alerts";
import { ConfigureAlertsButton } from "./configure-alerts-button";

const PAGE_SIZE = 20;
const SEVERITY_TONE = { low: "info", medium: "warning", high: "danger" } as const;
const STATUS_TONE = { open: "danger", acknowledged: "warning", resolved: "success" } as const;
const titleCase = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const figureText = (v: number | null, unit: string) =>
  v === null ? "—" : `${v.toFixed(unit === "days" ? 0 : 1)} ${unit}`;

function AlertRow({ alert, canEdit }: { alert: AlertItem; canEdit: boolean }) {
  const action = useAlertAction();
  const [resolving, setResolving] = useState(false);
  const [note, setNote] = useState("");
  const run = (kind: "acknowledge" | "resolve") =>
    action.mutate(
      { id: alert.id, action: kind, note: note.trim() || undefined },
      {
        onSuccess: () => {
          toast({ title: kind === "acknowledge" ? "Alert Acknowledged" : "Alert Resolved" });
          setResolving(false);
        },
        onError: (e) =>
          toast({ title: "Alert not updated", description: errorMessageOf(e), variant: "destructive" }),
      },
    );
  return (
    <li className="flex flex-col gap-2 border-b border-slate-100 py-3 last:border-0" data-testid="alert-row">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={SEVERITY_TONE[alert.severity]}>{titleCase(alert.severity)}</Badge>
        <Badge tone={STATUS_TONE[alert.status]} data-testid="alert-status">
          {titleCase(alert.status)}
        </Badge>
        <span className="font-medium text-slate-900">{ALERT_LABELS[alert.type]}</span>
        <span className="text-slate-600">· {alert.shipName}</span>
        <span className="ml-auto text-xs text-slate-500">opened {formatInstant(alert.openedAt)}</span>
      </div>
      <p className="text-sm text-slate-800">
        <span className="font-semibold tabular-nums" data-testid="alert-figure">
          {figureText(alert.latestFigure, alert.unit)}
        </span>{" "}
        (threshold {alert.threshold} {alert.unit}) — {alert.latestMessage}
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-500">
        {alert.latestFigure !== alert.figure ? (
          <span>opened at {figureText(alert.figure, alert.unit)}</span>
        ) : null}
        {alert.acknowledgedAt ? (
          <span>
            acknowledged by {alert.acknowledgedBy?.name ?? "a former member"}{" "}
            {formatInstant(alert.acknowledgedAt)}
          </span>
        ) : null}
        {alert.resolvedAt ? (
          <span data-testid="alert-resolution">
            resolved {alert.resolvedBy ? `by ${alert.resolvedBy.name}` : "automatically"}{" "}
            {formatInstant(alert.resolvedAt)}
            {alert.resolutionNote ? ` — ${alert.resolutionNote}` : ""}
          </span>
        ) : null}
        <Link to={alert.link} className="font-medium text-sky-700 underline">
          See the analysis
        </Link>
      </div>
      {canEdit && alert.status !== "resolved" ? (
        <div className="flex flex-wrap items-end gap-2">
          {alert.status === "open" ? (
            <Button variant="secondary" disabled={action.isPending} onClick={() => run("acknowledge")}>
              Acknowledge
            </Button>
          ) : null}
          {resolving ? (
            <>
              <label className="flex flex-col gap-1 text-sm text-slate-800">
                Note (optional)
                <input
                  value={note}
                  maxLength={1000}
                  onChange={(e) => setNote(e.target.value)}
                  className="rounded-md border border-slate-300 px-2 py-1"
                />
              </label>
              <Button disabled={action.isPending} onClick={() => run("resolve")}>
                Confirm resolve
              </Button>
              <Button variant="ghost" onClick={() => setResolving(false)}>
                Cancel
              </Button>
            </>
          ) : (
            <Button variant="secondary" onClick={() => setResolving(true)}>
              Resolve
            </Button>
          )}
        </div>
      ) : null}
    </li>
  );
}

/** The alert list (issue 16 item 4): filters in the URL, pages of 20, acknowledge and resolve. */
export function AlertsPage({ canEdit, ships }: { canEdit: boolean; ships: { id: number; name: string }[] }) {
  const [params, setParams] = useSearchParams();
  const status = (ALERT_STATUSES as readonly string[]).includes(params.get("status") ?? "")
    ? (params.get("status") as AlertStatus)
    : undefined;
  const type = (ALERT_TYPES as readonly string[]).includes(params.get("type") ?? "")
    ? (params.get("type") as AlertType)
    : undefined;
  const shipId = Number(params.get("shipId")) || undefined;
  const page = Math.max(1, Number(params.get("page")) || 1);
  const q: AlertListQuery = { status, type, shipId, page, pageSize: PAGE_SIZE };
  const alerts = useAlerts(q);
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== "page") next.delete("page");
    setParams(next);
  };
  const pages = alerts.data ? Math.max(1, Math.ceil(alerts.data.total / PAGE_SIZE)) : 1;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">Alerts</h1>
        <ConfigureAlertsButton canEdit={canEdit} />
      </div>
      <div className="grid gap-3 sm:grid-cols-3" data-testid="alert-filters">
        <SelectField
          label="Status"
          value={status ?? ""}
          onChange={(e) => set("status", e.target.value)}
          options={[
            { value: "", label: "All statuses" },
            ...ALERT_STATUSES.map((s) => ({ value: s, label: titleCase(s) })),
          ]}
        />
        <SelectField
          label="Ship"
          value={shipId ? String(shipId) : ""}
          onChange={(e) => set("shipId", e.target.value)}
          options={[
            { value: "", label: "All ships" },
            ...ships.map((s) => ({ value: String(s.id), label: s.name })),
          ]}
        />
        <SelectField
          label="Type"
          value={type ?? ""}
          onChange={(e) => set("type", e.target.value)}
          options={[
            { value: "", label: "All types" },
            ...ALERT_TYPES.map((t) => ({ value: t, label: ALERT_LABELS[t] })),
          ]}
        />
      </div>
      <Card
        title={alerts.data ? `${alerts.data.total} alert${alerts.data.total === 1 ? "" : "s"}` : "Alerts"}
        titleId="alert-list-title"
      >
        {alerts.isPending ? (
          <Spinner label="Loading alerts" />
        ) : alerts.isError ? (
          <ErrorAlert>{errorMessageOf(alerts.error)}</ErrorAlert>
        ) : alerts.data.items.length === 0 ? (
          <EmptyState icon={BellOff} title="No alerts here" data-testid="alerts-empty">
            {status || type || shipId
              ? "No alert matches these filters."
              : "The rules are evaluated after every upload and every 15 minutes; an alert opens when a figure crosses its threshold. A rule without the data it needs raises nothing."}
          </EmptyState>
        ) : (
          <ul data-testid="alert-list">
            {alerts.data.items.map((a) => (
              <AlertRow key={a.id} alert={a} canEdit={canEdit} />
            ))}
          </ul>
        )}
        {pages > 1 ? (
          <div className="mt-3 flex items-center justify-end gap-2 text-sm">
            <Button variant="secondary" disabled={page <= 1} onClick={() => set("page", String(page - 1))}>
              Previous
            </Button>
            <span>
              Page {page} of {pages}
            </span>
            <Button
              variant="secondary"
              disabled={page >= pages}
              onClick={() => set("page", String(page + 1))}
            >
              Next
            </Button>
          </div>
        ) : null}
      </Card>
    </div>
  );
}
