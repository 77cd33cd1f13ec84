import { type FormEvent, useState } from "react";
import type { HullCalculatorPrefill } from "../../../../contracts/analysis/hull-calculator-section";
import { calculateHullPerformanceBody } from "../../../../contracts/hull-calculator";
import { ApiError } from "../../../lib/api";
import { type FieldErrors, issuesToFieldErrors, toFieldErrors } from "../../../lib/form-errors";
import { Button } from "../../../ui/button";
import { Spinner } from "../../../ui/spinner";
import { TextField } from "../../../ui/text-field";
import { toast } from "../../../ui/toast/use-toast";
import {
  type FieldSpec,
  type FormValues,
  initialValues,
  numberBounds,
  reasonText,
} from "../add-data/form-values";
import { useCalculateHullPerformance } from "../api/calculate-hull-performance";
import {
  BASELINE_FIELDS,
  CALCULATOR_FIELDS,
  CONDITION_FIELDS,
  CURRENT_FIELDS,
  toCalculatorBody,
} from "./calculator-fields";
import { HullResultCard } from "./hull-result-card";

/** Under a prefilled input: where its value came from. */
function prefilledHint(prefill: HullCalculatorPrefill | undefined, field: FieldSpec): string | undefined {
  const p = prefill?.[field.name as keyof HullCalculatorPrefill];
  return p ? `Prefilled: ${p.source}` : undefined;
}

const FAILED = { title: "Calculation Failed", description: "Please check your input values and try again." };

/** The form's starting values: empty, or the prefilled figures (rounded as the inputs' steps show them). */
function startValues(prefill: HullCalculatorPrefill | undefined): FormValues {
  const values = initialValues(CALCULATOR_FIELDS);
  if (!prefill) return values;
  for (const field of CALCULATOR_FIELDS) {
    const p = prefill[field.name as keyof HullCalculatorPrefill];
    if (!p) continue;
    const decimals = field.kind === "integer" || field.step === "1" ? 0 : 2;
    values[field.name] = String(Number(p.value.toFixed(decimals)));
  }
  return values;
}

/**
 * The Hull Performance Calculator (spec §2, §3, §5): current vs baseline (clean hull), optional weather.
 * With `prefill` (the Analysis Center's hull-hull-calculator section) it starts from the ship's latest data
 * and says under each prefilled input where its value came from.
 */
export function HullCalculator({ prefill }: { prefill?: HullCalculatorPrefill } = {}) {
  const calculate = useCalculateHullPerformance();
  const [values, setValues] = useState<FormValues>(() => startValues(prefill));
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const serverDetails = calculate.error instanceof ApiError ? calculate.error.details : [];
  const errors: FieldErrors = { ...toFieldErrors(serverDetails), ...clientErrors };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = calculateHullPerformanceBody.safeParse(toCalculatorBody(values));
    if (!parsed.success) {
      calculate.reset();
      setClientErrors(issuesToFieldErrors(parsed.error.issues));
      toast({ variant: "destructive", ...FAILED });
      return;
    }
    setClientErrors({});
    calculate.mutate(parsed.data, {
      onSuccess: () => toast({ title: "Hull Performance Calculated" }),
      onError: () => toast({ variant: "destructive", ...FAILED }),
    });
  }

  const group = (legend: string, fields: readonly FieldSpec[]) => (
    <fieldset className="flex flex-col gap-3 rounded-md border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{legend}</legend>
      {fields.map((field) => {
        const bounds = numberBounds(calculateHullPerformanceBody, field.name);
        const error = errors[field.name];
        return (
          <TextField
            key={field.name}
            label={field.label}
            name={field.name}
            type="number"
            inputMode="decimal"
            required={field.required}
            step={field.step ?? (field.kind === "integer" ? "1" : "0.1")}
            min={bounds.min}
            max={bounds.max}
            hint={prefilledHint(prefill, field) ?? field.hint}
            error={error ? reasonText(error) : undefined}
            value={values[field.name] ?? ""}
            onChange={(event) => setValues((v) => ({ ...v, [field.name]: event.target.value }))}
          />
        );
      })}
    </fieldset>
  );

  return (
    <div className="flex flex-col gap-6" data-testid="hull-calculator">
      <h2 className="text-base font-semibold text-slate-900">Hull Performance Calculator</h2>
      <form
        noValidate
        onSubmit={onSubmit}
        aria-label="Hull Performance Calculator"
        className="flex flex-col gap-4"
      >
        <div className="grid gap-4 lg:grid-cols-3">
          {group("Current", CURRENT_FIELDS)}
          {group("Baseline (clean hull)", BASELINE_FIELDS)}
          {group("Environmental conditions (optional)", CONDITION_FIELDS)}
        </div>
        <div>
          <Button type="submit" disabled={calculate.isPending} data-testid="hull-calculate">
            {calculate.isPending ? <Spinner label="Calculating" /> : null}
            Calculate Hull Performance
          </Button>
        </div>
      </form>
      {calculate.data ? <HullResultCard result={calculate.data} /> : null}
    </div>
  );
}
