import { errorMessageOf } from "../../lib/api";
import { ErrorAlert } from "../../ui/alert";
import { Skeleton } from "../../ui/skeleton";
import { useEmailPreferences } from "./api/alert-channels";
import { useEmailPreferenceSwitch } from "./use-email-preference-switch";

/** Members and whether they receive alert e-mails; owners and admins switch anyone, others read. */
export function EmailOptInList({ canEdit }: { canEdit: boolean }) {
  const preferences = useEmailPreferences();
  const toggle = useEmailPreferenceSwitch();
  return (
    <fieldset className="flex flex-col gap-2" data-testid="email-opt-in">
      <legend className="text-sm font-medium text-slate-800">Members who receive alert e-mails</legend>
      <p className="text-xs text-slate-500">Each member can also switch their own under Your account.</p>
      {toggle.error ? <ErrorAlert>{errorMessageOf(toggle.error)}</ErrorAlert> : null}
      {preferences.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : preferences.isError ? (
        <ErrorAlert>{errorMessageOf(preferences.error)}</ErrorAlert>
      ) : (
        <ul className="flex flex-col gap-1 text-sm">
          {preferences.data.members.map((m) => (
            <li key={m.userId}>
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={toggle.shown(m.userId, m.alertEmails)}
                  disabled={!canEdit || toggle.isPending}
                  onChange={(event) => toggle.set(m.userId, event.target.checked)}
                />
                <span className="text-slate-900">{m.name}</span>
                <span className="text-slate-500">{m.email}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
