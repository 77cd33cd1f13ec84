import { type FormEvent, useState } from "react";
import { Link, Navigate, useNavigate } from "react-router";
import { loginBody } from "../../../contracts/auth";
import { errorMessageOf } from "../../lib/api";
import { type FieldErrors, issuesToFieldErrors } from "../../lib/form-errors";
import { ErrorAlert } from "../../ui/alert";
import { Button } from "../../ui/button";
import { Spinner } from "../../ui/spinner";
import { TextField } from "../../ui/text-field";
import { useAuth } from "./api/get-current-user";
import { useLogin } from "./api/login";
import { AuthLayout } from "./auth-layout";
import { landingAfterSignIn } from "./landing-after-sign-in";

/** `/login`: email and password; the server's message on 401 and 429; the fleet or the dashboard on success. */
export function LoginPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const login = useLogin();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  if (auth.status === "signed-in" && !login.isSuccess) return <Navigate to="/dashboard" replace />;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = loginBody.safeParse({ email, password });
    if (!parsed.success) {
      setFieldErrors(issuesToFieldErrors(parsed.error.issues));
      return;
    }
    setFieldErrors({});
    login.mutate(parsed.data, {
      onSuccess: async () => navigate(await landingAfterSignIn(), { replace: true }),
    });
  }

  return (
    <AuthLayout
      title="Sign in to Sextant"
      subtitle="Monitor fuel performance, hull condition and compliance across your fleet."
      footer={
        <>
          New to Sextant?{" "}
          <Link to="/register" className="font-medium text-sky-700 hover:underline">
            Create account
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" data-testid="login-form">
        {login.isError ? (
          <ErrorAlert data-testid="form-error">{errorMessageOf(login.error)}</ErrorAlert>
        ) : null}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fieldErrors.email}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldErrors.password}
        />
        <Button type="submit" disabled={login.isPending} className="mt-2 w-full">
          {login.isPending ? <Spinner label="Signing in" /> : null}
          Sign In
        </Button>
      </form>
    </AuthLayout>
  );
}
