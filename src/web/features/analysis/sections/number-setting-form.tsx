import type { UseMutationResult } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import type { z } from "zod";
import { errorMessageOf } from "../../../lib/api";
import { Button } from "../../../ui/button";
import { Spinner } from "../../../ui/spinner";
import { TextField } from "../../../ui/text-field";
import { toast } from "../../../ui/toast/use-toast";

/**
 * One optional number of the organisation's settings (the EEOI target, the cost of a hull cleaning): a field
 * whose empty value clears the setting, checked with the setting's own contract before it is sent.
 */
export function NumberSettingForm<B>({
  id,
  label,
  hint,
  placeholder,
  stored,
  what,
  parse,
  toBody,
  schema,
  save,
  saved,
  submitLabel,
}: {
  /** Names the test ids: `<id>-form`, `<id>-input`, `save-<id>`. */
  id: string;
  label: string;
  hint: string;
  placeholder?: string;
  /** The stored value, null when none is set (the field starts empty). */
  stored: number | null;
  /** The field's name in an error message: 'Target must be greater than 0'. */
  what: string;
  /** The typed text as a number (each setting reads its own separators). */
  parse: (text: string) => number;
  toBody: (value: number | null) => unknown;
  schema: z.ZodType<B>;
  save: UseMutationResult<unknown, Error, B>;
  saved: { title: string; description?: string };
  submitLabel: string;
}) {
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const value = text ?? (stored === null ? "" : String(stored));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = value.trim();
    const parsed = schema.safeParse(toBody(trimmed === "" ? null : parse(trimmed)));
    if (!parsed.success) {
      setError(`${what} ${parsed.error.issues[0]?.message ?? "is not valid"}`);
      return;
    }
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: () => {
        setText(null);
        toast(saved);
      },
      onError: (e) => setError(errorMessageOf(e)),
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" noValidate data-testid={`${id}-form`}>
      <TextField
        label={label}
        inputMode="decimal"
        value={value}
        placeholder={placeholder}
        onChange={(e) => setText(e.target.value)}
        error={error ?? undefined}
        hint={hint}
        className="w-72"
        data-testid={`${id}-input`}
      />
      <Button type="submit" disabled={save.isPending} data-testid={`save-${id}`} className="mb-5">
        {save.isPending ? <Spinner label="Saving" /> : null}
        {submitLabel}
      </Button>
    </form>
  );
}
