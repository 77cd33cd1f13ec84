import { CalendarClock } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { type ReportSchedule, reportScheduleBody } from "../../../contracts/report-schedule";
import { ApiError, errorMessageOf } from "../../lib/api";
import { type FieldErrors, issuesToFieldErrors, toFieldErrors } from "../../lib/form-errors";
import { useShips } from "../../lib/ships-query";
import { ErrorAlert } from "../../ui/alert";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { Skeleton } from "../../ui/skeleton";
import { Spinner } from "../../ui/spinner";
import { toast } from "../../ui/toast/use-toast";
import { useEmailPreferences } from "./api/alert-channels";
import { useReportSchedule, useSaveReportSchedule } from "./api/report-schedule";
import { DeliveryOutcome } from "./delivery-outcome";

/** The first reason for a field or any of its items ('shipIds.1'). */
const errorFor = (errors: FieldErrors, field: string) =>
  Object.entries(errors).find(([k]) => k === field || k.startsWith(`${field}.`))?.[1];

/**
 * The monthly vessel report by e-mail (owners and admins): on or off, which ships (one PDF each) and which
 * members receive it, when it goes, and the latest deliveries with their outcome.
 */
export function ScheduledReportsCard() {
  const schedule = useReportSchedule();
  return (
    <Card title="Scheduled reports" titleId="scheduled-reports-title" data-testid="scheduled-reports">
      {schedule.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : schedule.isError ? (
        <ErrorAlert>{errorMessageOf(schedule.error)}</ErrorAlert>
      ) : (
        <ScheduleForm schedule={schedule.data} />
      )}
    </Card>
  );
}

function ScheduleForm({ schedule }: { schedule: ReportSchedule }) {
  const ships = useShips();
  const members = useEmailPreferences();
  const save = useSaveReportSchedule();
  const [enabled, setEnabled] = useState(schedule.enabled);
  const [shipIds, setShipIds] = useState(schedule.shipIds);
  const [memberIds, setMemberIds] = useState(schedule.memberIds);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  useEffect(() => {
    setEnabled(schedule.enabled);
    setShipIds(schedule.shipIds);
    setMemberIds(schedule.memberIds);
  }, [schedule]);
  const serverErrors = save.error instanceof ApiError ? toFieldErrors(save.error.details) : {};
  const errors = { ...serverErrors, ...clientErrors };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = reportScheduleBody.safeParse({ enabled, shipIds, memberIds });
    if (!parsed.success) {
      setClientErrors(issuesToFieldErrors(parsed.error.issues));
      return;
    }
    setClientErrors({});
    save.mutate(parsed.data, {
      onSuccess: (saved) =>
        toast({
          title: "Scheduled reports saved",
          description: saved.enabled
            ? `${saved.shipIds.length} ship(s) to ${saved.memberIds.length} member(s), ${saved.when}.`
            : "The monthly report is off.",
        }),
      onError: (err) => toast({ title: "Error", description: errorMessageOf(err), variant: "destructive" }),
    });
  };
  const toggle = (list: number[], id: number, on: boolean) =>
    on ? [...list.filter((x) => x !== id), id] : list.filter((x) => x !== id);

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <p className="text-sm text-slate-600">
        The vessel report of the month just ended (PDF, one per ship) is e-mailed {schedule.when}.
      </p>
      {schedule.emailAvailable ? null : (
        <ErrorAlert>
          This server has no mail server (SMTP_URL): the monthly report is logged as skipped until one is set.
        </ErrorAlert>
      )}
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          checked={enabled}
          onChange={(e) => setEnabled(e.target.checked)}
          data-testid="schedule-enabled"
        />
        E-mail the monthly vessel report
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        <fieldset className="flex flex-col gap-1" data-testid="schedule-ships">
          <legend className="text-sm font-medium text-slate-800">Ships</legend>
          {ships.isPending ? (
            <Skeleton className="h-12 w-full" />
          ) : ships.isError ? (
            <ErrorAlert>{errorMessageOf(ships.error)}</ErrorAlert>
          ) : ships.data.length === 0 ? (
            <p className="text-sm text-slate-500">No ships yet: add one under Data Input.</p>
          ) : (
            ships.data.map((s) => (
              <label key={s.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={shipIds.includes(s.id)}
                  onChange={(e) => setShipIds(toggle(shipIds, s.id, e.target.checked))}
                />
                {s.name}
              </label>
            ))
          )}
          {errorFor(errors, "shipIds") ? (
            <p className="text-xs text-red-700">Ships {errorFor(errors, "shipIds")}</p>
          ) : null}
        </fieldset>
        <fieldset className="flex flex-col gap-1" data-testid="schedule-members">
          <legend className="text-sm font-medium text-slate-800">Members who receive it</legend>
          {members.isPending ? (
            <Skeleton className="h-12 w-full" />
          ) : members.isError ? (
            <ErrorAlert>{errorMessageOf(members.error)}</ErrorAlert>
          ) : (
            members.data.members.map((m) => (
              <label key={m.userId} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={memberIds.includes(m.userId)}
                  onChange={(e) => setMemberIds(toggle(memberIds, m.userId, e.target.checked))}
                />
                <span className="text-slate-900">{m.name}</span>
                <span className="text-slate-500">{m.email}</span>
              </label>
            ))
          )}
          {errorFor(errors, "memberIds") ? (
            <p className="text-xs text-red-700">Members {errorFor(errors, "memberIds")}</p>
          ) : null}
        </fieldset>
      </div>
      <div>
        <Button type="submit" disabled={save.isPending} data-testid="schedule-save">
          {save.isPending ? <Spinner /> : null}
          {save.isPending ? "Saving…" : "Save schedule"}
        </Button>
      </div>
      <ScheduleLog schedule={schedule} />
    </form>
  );
}

function ScheduleLog({ schedule }: { schedule: ReportSchedule }) {
  if (schedule.deliveries.length === 0) {
    return (
      <EmptyState icon={CalendarClock} title="No monthly report sent yet">
        Each month's e-mails are listed here with their outcome once the schedule has run.
      </EmptyState>
    );
  }
  return (
    <table className="w-full text-left text-sm" data-testid="schedule-log">
      <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
        <tr>
          {["Month", "To", "Attempts", "Outcome"].map((h) => (
            <th key={h} scope="col" className="py-2 pr-3 font-medium">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {schedule.deliveries.map((d) => (
          <tr key={`${d.period}-${d.target}`}>
            <td className="py-2 pr-3 whitespace-nowrap">{d.period}</td>
            <td className="py-2 pr-3 break-all">{d.target}</td>
            <td className="py-2 pr-3">{d.attempts}</td>
            <td className="py-2 pr-3">
              <DeliveryOutcome outcome={d.outcome} error={d.error} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
