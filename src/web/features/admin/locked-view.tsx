import { Eye, EyeOff, Lock } from "lucide-react";
import { useState } from "react";
import { usePasswordStepUp } from "../../lib/step-up";
import { ErrorAlert } from "../../ui/alert";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { Spinner } from "../../ui/spinner";

/**
 * The specification's locked admin view with the user's own password in place of the shared access key: the
 * server verifies it (throttled) and elevates this session for a while. A wrong password shows the
 * specification's message, adapted, and clears the field.
 */
export function LockedView({ minutesHint }: { minutesHint?: string }) {
  const form = usePasswordStepUp();
  const [visible, setVisible] = useState(false);

  return (
    <div className="mx-auto w-full max-w-md py-10" data-testid="admin-locked">
      <Card title="Admin Panel" titleId="admin-locked-title">
        <form noValidate onSubmit={form.submit} className="flex flex-col gap-4">
          <p className="flex items-start gap-2 text-sm text-slate-600">
            <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            Enter your password again to open the admin panel{minutesHint ? ` for ${minutesHint}` : ""}.
          </p>
          {form.error ? <ErrorAlert>{form.error}</ErrorAlert> : null}
          <div className="flex flex-col gap-1">
            <label htmlFor="admin-password" className="text-sm font-medium text-slate-800">
              Password
            </label>
            <div className="flex gap-2">
              <input
                id="admin-password"
                type={visible ? "text" : "password"}
                autoComplete="current-password"
                required
                value={form.password}
                onChange={(e) => form.setPassword(e.target.value)}
                className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-xs outline-none focus:border-sky-600 focus:ring-2 focus:ring-sky-600/30"
              />
              <Button
                variant="secondary"
                aria-label={visible ? "Hide password" : "Show password"}
                onClick={() => setVisible((v) => !v)}
              >
                {visible ? (
                  <EyeOff aria-hidden="true" className="size-4" />
                ) : (
                  <Eye aria-hidden="true" className="size-4" />
                )}
              </Button>
            </div>
          </div>
          <Button type="submit" disabled={form.pending}>
            {form.pending ? <Spinner /> : null}
            Access Admin Panel
          </Button>
        </form>
      </Card>
    </div>
  );
}
