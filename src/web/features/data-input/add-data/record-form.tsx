import { type FormEvent, useState } from "react";
import { ApiError, errorMessageOf } from "../../../lib/api";
import { type FieldErrors, issuesToFieldErrors, toFieldErrors } from "../../../lib/form-errors";
import { useShips } from "../../../lib/ships-query";
import { utcDateInputProps, utcDateTimeInputProps, utcInputValue } from "../../../lib/utc-input";
import { ErrorAlert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { SelectField } from "../../../ui/select-field";
import { Spinner } from "../../../ui/spinner";
import { TextField } from "../../../ui/text-field";
import { toast } from "../../../ui/toast/use-toast";
import { useCreateRecord } from "../api/create-record";
import { useVoyages } from "../api/get-voyages";
import {
  type FieldSpec,
  type FormValues,
  initialValues,
  missingRequired,
  numberBounds,
  reasonText,
  toBody,
} from "./form-values";
import type { RecordFormSpec } from "./record-forms";

const CONTEXT_FIELDS = ["shipId", "voyageId", "timestamp"];

type Props = {
  spec: RecordFormSpec;
  /** The dashboard's ship, preselected in the ship select. */
  preferredShipId: number | null;
  /** Called after a successful add (the Tools panel closes). */
  onDone: () => void;
};

/**
 * One Add Data form: the ship, voyage and UTC timestamp where the record has them, then its own fields.
 * Checked with the contract's schema before sending; the server's field errors show under the inputs too.
 */
export function RecordForm({ spec, preferredShipId, onDone }: Props) {
  const create = useCreateRecord();
  const ships = useShips();
  const [values, setValues] = useState<FormValues>(() => initialValues(spec.fields));
  const [shipChoice, setShipChoice] = useState<number | null>(null);
  const [voyageId, setVoyageId] = useState<number | null>(null);
  const [timestamp, setTimestamp] = useState(() => utcInputValue(new Date()));
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});

  const shipList = ships.data ?? [];
  const preferred = shipList.some((s) => s.id === preferredShipId) ? preferredShipId : null;
  const shipId = shipChoice ?? preferred ?? shipList[0]?.id ?? null;
  const voyages = useVoyages(spec.context.voyage ? shipId : null);
  const noShips = spec.context.ship && ships.isSuccess && shipList.length === 0;

  const serverDetails = create.error instanceof ApiError ? create.error.details : [];
  const fieldNames = [...CONTEXT_FIELDS, ...spec.fields.map((f) => f.name)];
  const errors: FieldErrors = { ...toFieldErrors(serverDetails), ...clientErrors };
  const errorOf = (name: string) => (errors[name] ? reasonText(errors[name]) : undefined);

  function reset() {
    setValues(initialValues(spec.fields));
    setVoyageId(null);
    setTimestamp(utcInputValue(new Date()));
    setClientErrors({});
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = toBody(spec.fields, values);
    if (spec.context.ship && shipId !== null) body.shipId = shipId;
    if (spec.context.voyage && voyageId !== null) body.voyageId = voyageId;
    if (spec.context.timestamp && timestamp.trim() !== "") body.timestamp = timestamp.trim();
    const missing = missingRequired(spec.fields, values);
    if (spec.context.ship && shipId === null) missing.shipId = "is required";
    const parsed = spec.schema.safeParse(body);
    const schemaErrors = parsed.success ? {} : issuesToFieldErrors(parsed.error.issues);
    if (!parsed.success || Object.keys(missing).length > 0) {
      create.reset();
      setClientErrors({ ...schemaErrors, ...missing });
      return;
    }
    setClientErrors({});
    // The input is sent, not the parse's output: the server parses it with the same contract, and an output
    // is not always an input (a fuel record's output adds `fuelGrade`, which the strict input refuses).
    create.mutate(
      { endpoint: spec.endpoint, body },
      {
        onSuccess: () => {
          toast({ title: spec.success });
          reset();
          onDone();
        },
        onError: () => toast({ variant: "destructive", ...spec.error }),
      },
    );
  }

  const setValue = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
      aria-label={spec.title}
      data-testid={`${spec.id}-form`}
    >
      <h3 className="text-sm font-semibold text-slate-900">{spec.title}</h3>
      {noShips ? (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="no-ships-note">
          Add a ship first, in the Ships tab.
        </p>
      ) : null}
      {create.isError ? (
        <ErrorAlert data-testid="form-error">{errorMessageOf(create.error, fieldNames)}</ErrorAlert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {spec.context.ship ? (
          <SelectField
            label="Ship"
            name="shipId"
            value={shipId === null ? "" : String(shipId)}
            disabled={!ships.isSuccess || noShips}
            error={errorOf("shipId")}
            options={
              shipList.length === 0
                ? [{ value: "", label: ships.isPending ? "Loading ships…" : "No ships" }]
                : shipList.map((s) => ({ value: String(s.id), label: s.name }))
            }
            onChange={(event) => {
              setShipChoice(Number(event.target.value));
              setVoyageId(null);
            }}
          />
        ) : null}
        {spec.context.voyage ? (
          <SelectField
            label="Voyage"
            name="voyageId"
            value={voyageId === null ? "" : String(voyageId)}
            error={errorOf("voyageId")}
            hint="Optional."
            options={[
              { value: "", label: "No voyage" },
              ...(voyages.data ?? []).map((v) => ({
                value: String(v.id),
                label: `${v.voyageNumber} (${v.origin} → ${v.destination})`,
              })),
            ]}
            onChange={(event) => setVoyageId(event.target.value === "" ? null : Number(event.target.value))}
          />
        ) : null}
        {spec.context.timestamp ? (
          <TextField
            label="Timestamp (UTC)"
            name="timestamp"
            {...utcDateTimeInputProps}
            value={timestamp}
            hint="YYYY-MM-DD HH:MM, 24-hour UTC; defaults to now."
            error={errorOf("timestamp")}
            onChange={(event) => setTimestamp(event.target.value)}
          />
        ) : null}
        {spec.fields.map((field) => (
          <Field
            key={field.name}
            spec={spec}
            field={field}
            value={values[field.name] ?? ""}
            error={errorOf(field.name)}
            onChange={(value) => setValue(field.name, value)}
          />
        ))}
      </div>
      <div>
        <Button
          type="submit"
          disabled={create.isPending || noShips || (spec.context.ship && !ships.isSuccess)}
          data-testid={`${spec.id}-submit`}
        >
          {create.isPending ? <Spinner label="Saving" /> : null}
          {spec.submitLabel}
        </Button>
      </div>
    </form>
  );
}

const NUMBER_INPUT = { type: "number", inputMode: "decimal" } as const;
/** Each field kind's input: dates and date-times as 24-hour UTC text, whatever the browser's locale. */
const INPUT_PROPS = {
  text: { type: "text" },
  number: NUMBER_INPUT,
  integer: NUMBER_INPUT,
  datetime: utcDateTimeInputProps,
  date: utcDateInputProps,
} as const;

function Field({
  spec,
  field,
  value,
  error,
  onChange,
}: {
  spec: RecordFormSpec;
  field: FieldSpec;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  if (field.kind === "select")
    return (
      <SelectField
        label={field.label}
        name={field.name}
        value={value}
        hint={field.hint}
        error={error}
        options={field.options ?? []}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  const numeric = field.kind === "number" || field.kind === "integer";
  const bounds = numeric ? numberBounds(spec.shape, field.name) : null;
  return (
    <TextField
      label={field.label}
      name={field.name}
      {...INPUT_PROPS[field.kind]}
      required={field.required}
      value={value}
      hint={field.hint}
      error={error}
      step={numeric ? (field.step ?? (field.kind === "integer" || bounds?.integer ? "1" : "0.1")) : undefined}
      min={bounds?.min}
      max={bounds?.max}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
