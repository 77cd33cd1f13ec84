/** The charter-party terms of a voyage: a form for writers, the same fields read-only for readers. */
import { type FormEvent, useState } from "react";
import type { CharterPartyTermsAnswer } from "../../../contracts/charter-party";
import { ApiError } from "../../lib/api";
import { type FieldErrors, toFieldErrors } from "../../lib/form-errors";
import { ErrorAlert } from "../../ui/alert";
import { Button } from "../../ui/button";
import { SelectField } from "../../ui/select-field";
import { Spinner } from "../../ui/spinner";
import { TextField } from "../../ui/text-field";
import { useSaveVoyageTerms } from "./api/charter-party";
import { cpErrorMessage } from "./cp-result-model";
import { formFromTerms, TERMS_FIELD_PATHS, type TermsForm, termsBodyOf } from "./cp-terms-model";

type TextKey = Exclude<keyof TermsForm, "wholeDay" | "condition">;

const FIELDS: ReadonlyArray<{ key: TextKey; label: string; hint?: string; required?: boolean }> = [
  { key: "speedKn", label: "Warranted speed, kn", required: true },
  { key: "consumptionTonnesPerDay", label: "Warranted consumption, t/day", required: true },
  { key: "aboutSpeedKn", label: "'About' on speed, kn", hint: "0 where the charter gives none" },
  { key: "aboutConsumptionPercent", label: "'About' on consumption, %" },
  { key: "maxBeaufort", label: "Good weather: max Beaufort" },
  { key: "maxDouglas", label: "Good weather: max Douglas" },
  { key: "maxWaveHeightM", label: "Good weather: max wave height, m", hint: "blank for no limit" },
  { key: "hireRatePerDay", label: "Hire rate per day" },
  { key: "bunkerPricePerTonne", label: "Bunker price per tonne" },
  {
    key: "gradeConsumption",
    label: "Consumption per grade (optional)",
    hint: "where the charter warrants per grade: 'VLSFO 28 @ 600; LSMGO 0.1' (t/day, @ price per tonne)",
  },
  { key: "currency", label: "Currency", hint: "ISO 4217 code, e.g. USD" },
];

const CONDITIONS = [
  { value: "", label: "From the voyage's cargo" },
  { value: "laden", label: "Laden" },
  { value: "ballast", label: "Ballast" },
];

export function CpTermsForm({
  voyageId,
  terms,
  canEdit,
  onSaved,
}: {
  voyageId: number;
  terms: CharterPartyTermsAnswer | null;
  canEdit: boolean;
  onSaved?: () => void;
}) {
  const [form, setForm] = useState<TermsForm>(() => formFromTerms(terms));
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const save = useSaveVoyageTerms(voyageId);
  const serverErrors = save.error instanceof ApiError ? toFieldErrors(save.error.details) : {};
  const errors: FieldErrors = { ...serverErrors, ...clientErrors };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = termsBodyOf(form, terms);
    if (!result.ok) {
      save.reset();
      setClientErrors(result.errors);
      return;
    }
    setClientErrors({});
    save.mutate(result.body, { onSuccess: () => onSaved?.() });
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid="cp-terms-form">
      {save.isError ? (
        <ErrorAlert data-testid="cp-save-error">{cpErrorMessage(save.error)}</ErrorAlert>
      ) : null}
      {Object.keys(clientErrors).length > 0 ? (
        <ErrorAlert data-testid="cp-form-error">Check the fields marked below.</ErrorAlert>
      ) : null}
      <fieldset disabled={!canEdit} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <legend className="sr-only">Charter-party terms</legend>
        {FIELDS.map((f) => (
          <TextField
            key={f.key}
            label={f.label}
            hint={f.hint}
            required={f.required}
            inputMode={f.key === "currency" ? "text" : "decimal"}
            value={form[f.key]}
            readOnly={!canEdit}
            onChange={(e) => setForm((v) => ({ ...v, [f.key]: e.target.value }))}
            error={errors[TERMS_FIELD_PATHS[f.key]]}
          />
        ))}
        <SelectField
          label="Condition"
          options={CONDITIONS}
          value={form.condition}
          onChange={(e) => setForm((v) => ({ ...v, condition: e.target.value as TermsForm["condition"] }))}
          error={errors.condition}
        />
        <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={form.wholeDay}
            onChange={(e) => setForm((v) => ({ ...v, wholeDay: e.target.checked }))}
          />
          A good-weather day needs all its hours in good weather
        </label>
      </fieldset>
      {canEdit ? (
        <div>
          <Button type="submit" disabled={save.isPending} data-testid="cp-save">
            {save.isPending ? <Spinner label="Saving terms" /> : null}
            Save terms
          </Button>
        </div>
      ) : (
        <p className="text-sm text-slate-500" data-testid="cp-read-only">
          Read only: owners, admins and analysts set the terms.
        </p>
      )}
    </form>
  );
}
