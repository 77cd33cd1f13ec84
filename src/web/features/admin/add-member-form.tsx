import { type FormEvent, useState } from "react";
import { type AddMemberBody, addMemberBody, PASSWORD_MIN_LENGTH, type Role } from "../../../contracts/auth";
import { ApiError, errorMessageOf, isStepUpRequired } from "../../lib/api";
import { type FieldErrors, issuesToFieldErrors, toFieldErrors } from "../../lib/form-errors";
import { useStepUpPrompt } from "../../lib/step-up-prompt";
import { ErrorAlert } from "../../ui/alert";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { SelectField } from "../../ui/select-field";
import { Spinner } from "../../ui/spinner";
import { TextField } from "../../ui/text-field";
import { useAddMember } from "./api/add-member";
import { assignableRoles, ROLE_LABELS } from "./roles";

type Form = Required<Record<Exclude<keyof AddMemberBody, "role">, string>> & { role: Role };
const FIELDS: ReadonlyArray<keyof Form> = ["firstName", "lastName", "email", "password", "role"];
const EMPTY: Form = { firstName: "", lastName: "", email: "", password: "", role: "viewer" };

function toBody(form: Form): Record<string, string> {
  const { lastName, ...rest } = form;
  return lastName.trim() === "" ? rest : { ...rest, lastName };
}

/** Adds a member to the organisation with an initial password and a role. */
export function AddMemberForm({ callerRole }: { callerRole: Role }) {
  const addMember = useAddMember();
  const stepUp = useStepUpPrompt();
  const [form, setForm] = useState<Form>(EMPTY);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [added, setAdded] = useState<string | null>(null);

  const serverDetails = addMember.error instanceof ApiError ? addMember.error.details : [];
  const fieldErrors: FieldErrors = { ...toFieldErrors(serverDetails), ...clientErrors };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAdded(null);
    const parsed = addMemberBody.safeParse(toBody(form));
    if (!parsed.success) {
      addMember.reset();
      setClientErrors(issuesToFieldErrors(parsed.error.issues));
      return;
    }
    setClientErrors({});
    send(parsed.data);
  }

  // An owner or admin takes the password again (server: step-up); the form is sent again once it is given.
  function send(body: AddMemberBody) {
    addMember.mutate(body, {
      onSuccess: (member) => {
        setAdded(member.email);
        setForm(EMPTY);
      },
      onError: (error) => stepUp.ask(error, () => send(body)),
    });
  }

  const field = (name: Exclude<keyof Form, "role">) => ({
    name,
    value: form[name],
    onChange: (event: { target: { value: string } }) =>
      setForm((f) => ({ ...f, [name]: event.target.value })),
    error: fieldErrors[name],
  });

  return (
    <Card title="Add a member" titleId="add-member-title" data-testid="add-member">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {addMember.isError && !isStepUpRequired(addMember.error) ? (
          <ErrorAlert data-testid="form-error">{errorMessageOf(addMember.error, FIELDS)}</ErrorAlert>
        ) : null}
        {added ? (
          <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
            {added} was added to the organisation.
          </p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" autoComplete="off" required {...field("firstName")} />
          <TextField label="Last name" autoComplete="off" {...field("lastName")} />
        </div>
        <TextField label="Email" type="email" autoComplete="off" required {...field("email")} />
        <TextField
          label="Initial password"
          type="password"
          autoComplete="new-password"
          required
          hint={`At least ${PASSWORD_MIN_LENGTH} characters; share it with the member privately.`}
          {...field("password")}
        />
        <SelectField
          label="Role"
          name="role"
          value={form.role}
          options={assignableRoles(callerRole).map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
          onChange={(event) => setForm((f) => ({ ...f, role: event.target.value as Role }))}
        />
        <div>
          <Button type="submit" disabled={addMember.isPending}>
            {addMember.isPending ? <Spinner label="Adding member" /> : null}
            Add member
          </Button>
        </div>
      </form>
      {stepUp.dialog}
    </Card>
  );
}
