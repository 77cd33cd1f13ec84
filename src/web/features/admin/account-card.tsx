import { type FormEvent, useState } from "react";
import { changePasswordBody, PASSWORD_MIN_LENGTH } from "../../../contracts/auth";
import { ApiError, errorMessageOf } from "../../lib/api";
import { type FieldErrors, issuesToFieldErrors, toFieldErrors } from "../../lib/form-errors";
import { ErrorAlert } from "../../ui/alert";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { Spinner } from "../../ui/spinner";
import { TextField } from "../../ui/text-field";
import { AlertEmailToggle } from "./alert-email-toggle";
import { useChangePassword, useRevokeOtherSessions } from "./api/account";

const EMPTY = { currentPassword: "", newPassword: "" };

const sessionsEnded = (n: number) =>
  n === 0 ? "No other session was open." : `${n} other session${n === 1 ? "" : "s"} signed out.`;

/**
 * The signed-in user's own account: change the password (other sessions end), sign out other sessions, and
 * receive alert e-mails or not.
 */
export function AccountCard({ userId }: { userId: number }) {
  const changePassword = useChangePassword();
  const revoke = useRevokeOtherSessions();
  const [form, setForm] = useState(EMPTY);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [done, setDone] = useState<string | null>(null);

  const serverDetails = changePassword.error instanceof ApiError ? changePassword.error.details : [];
  const fieldErrors: FieldErrors = { ...toFieldErrors(serverDetails), ...clientErrors };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(null);
    const parsed = changePasswordBody.safeParse(form);
    if (!parsed.success) {
      changePassword.reset();
      setClientErrors(issuesToFieldErrors(parsed.error.issues));
      return;
    }
    setClientErrors({});
    changePassword.mutate(parsed.data, {
      onSuccess: ({ revoked }) => {
        setForm(EMPTY);
        setDone(`Password changed. ${sessionsEnded(revoked)}`);
      },
    });
  }

  const field = (name: keyof typeof EMPTY) => ({
    name,
    value: form[name],
    onChange: (event: { target: { value: string } }) =>
      setForm((f) => ({ ...f, [name]: event.target.value })),
    error: fieldErrors[name],
  });

  return (
    <Card title="Your account" titleId="account-title" data-testid="account">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {changePassword.isError && serverDetails.length === 0 ? (
          <ErrorAlert>{errorMessageOf(changePassword.error)}</ErrorAlert>
        ) : null}
        {revoke.isError ? <ErrorAlert>{errorMessageOf(revoke.error)}</ErrorAlert> : null}
        {done ? (
          <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
            {done}
          </p>
        ) : null}
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          {...field("currentPassword")}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          hint={`At least ${PASSWORD_MIN_LENGTH} characters, not a common password; your other sessions are signed out.`}
          {...field("newPassword")}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={changePassword.isPending}>
            {changePassword.isPending ? <Spinner label="Changing password" /> : null}
            Change password
          </Button>
          <Button
            variant="secondary"
            disabled={revoke.isPending}
            data-testid="revoke-others"
            onClick={() => {
              setDone(null);
              revoke.mutate(undefined, { onSuccess: ({ revoked }) => setDone(sessionsEnded(revoked)) });
            }}
          >
            Sign out other sessions
          </Button>
        </div>
      </form>
      <div className="mt-4">
        <AlertEmailToggle userId={userId} />
      </div>
    </Card>
  );
}
