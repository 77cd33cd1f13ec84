import { type FormEvent, useState } from "react";
import { Link, Navigate, useNavigate } from "react-router";
import { PASSWORD_MIN_LENGTH, type RegisterBody, registerBody } from "../../../contracts/auth";
import { ApiError, errorMessageOf } from "../../lib/api";
import { type FieldErrors, issuesToFieldErrors, toFieldErrors } from "../../lib/form-errors";
import { ErrorAlert } from "../../ui/alert";
import { Button } from "../../ui/button";
import { Spinner } from "../../ui/spinner";
import { TextField } from "../../ui/text-field";
import { useAuth } from "./api/get-current-user";
import { useRegister } from "./api/register";
import { AuthLayout } from "./auth-layout";

type Form = Required<Record<keyof RegisterBody, string>>;
const FIELDS: ReadonlyArray<keyof Form> = ["firstName", "lastName", "email", "password", "organizationName"];
const EMPTY: Form = { firstName: "", lastName: "", email: "", password: "", organizationName: "" };

/** The request body: an empty last name is left out (it is optional). */
function toBody(form: Form): Record<string, string> {
  const { lastName, ...rest } = form;
  return lastName.trim() === "" ? rest : { ...rest, lastName };
}

/**
 * `/register`: creates an organisation with the caller as its owner and signs in. Checked with the
 * contract's schema before sending; the server's 400 field errors show beside their inputs.
 */
export function RegisterPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const register = useRegister();
  const [form, setForm] = useState<Form>(EMPTY);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});

  if (auth.status === "signed-in" && !register.isSuccess) return <Navigate to="/dashboard" replace />;

  const serverDetails = register.error instanceof ApiError ? register.error.details : [];
  const fieldErrors: FieldErrors = { ...toFieldErrors(serverDetails), ...clientErrors };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = registerBody.safeParse(toBody(form));
    if (!parsed.success) {
      register.reset();
      setClientErrors(issuesToFieldErrors(parsed.error.issues));
      return;
    }
    setClientErrors({});
    register.mutate(parsed.data, { onSuccess: () => navigate("/dashboard", { replace: true }) });
  }

  const field = (name: keyof Form) => ({
    name,
    value: form[name],
    onChange: (event: { target: { value: string } }) =>
      setForm((f) => ({ ...f, [name]: event.target.value })),
    error: fieldErrors[name],
  });

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Set up your organisation; you will be its owner and can add members later."
      footer={
        <>
          Already have an account?{" "}
          <Link to="/login" className="font-medium text-sky-700 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" data-testid="register-form">
        {register.isError ? (
          <ErrorAlert data-testid="form-error">{errorMessageOf(register.error, FIELDS)}</ErrorAlert>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" required {...field("firstName")} />
          <TextField label="Last name" autoComplete="family-name" {...field("lastName")} />
        </div>
        <TextField label="Email" type="email" autoComplete="email" required {...field("email")} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          {...field("password")}
        />
        <TextField
          label="Organisation name"
          autoComplete="organization"
          required
          {...field("organizationName")}
        />
        <Button type="submit" disabled={register.isPending} className="mt-2 w-full">
          {register.isPending ? <Spinner label="Creating account" /> : null}
          Create account
        </Button>
      </form>
    </AuthLayout>
  );
}
