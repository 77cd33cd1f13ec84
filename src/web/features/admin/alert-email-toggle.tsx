import { errorMessageOf } from "../../lib/api";
import { useEmailPreferences } from "./api/alert-channels";
import { useEmailPreferenceSwitch } from "./use-email-preference-switch";

/** The member's own alert e-mail opt-in, in their account card. */
export function AlertEmailToggle({ userId }: { userId: number }) {
  const preferences = useEmailPreferences();
  const toggle = useEmailPreferenceSwitch();
  const mine = preferences.data?.members.find((m) => m.userId === userId);
  return (
    <div className="flex flex-col gap-1 border-t border-slate-100 pt-4">
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          data-testid="alert-emails-self"
          checked={toggle.shown(userId, mine?.alertEmails ?? false)}
          disabled={!mine || toggle.isPending}
          onChange={(event) => toggle.set(userId, event.target.checked)}
        />
        E-mail me alerts whose notification method is e-mail
      </label>
      {toggle.error ? (
        <p role="alert" className="text-xs text-red-700">
          {errorMessageOf(toggle.error)}
        </p>
      ) : null}
    </div>
  );
}
