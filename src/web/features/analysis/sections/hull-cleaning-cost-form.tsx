import { type FormEvent, useState } from "react";
import { hullCleaningCostBody } from "../../../../contracts/analysis/settings";
import { errorMessageOf } from "../../../lib/api";
import { formatMoney } from "../../../lib/format";
import { ErrorAlert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { Spinner } from "../../../ui/spinner";
import { TextField } from "../../../ui/text-field";
import { toast } from "../../../ui/toast/use-toast";
import { useHullCleaningCost, useSaveHullCleaningCost } from "../api/settings";

/**
 * The organisation's cost of one hull cleaning, which the break-even and recommended dates rest on: shown to
 * all, set by analysts and admins (empty goes back to the documented default).
 */
export function HullCleaningCostForm({ canEdit }: { canEdit: boolean }) {
  const cost = useHullCleaningCost();
  const save = useSaveHullCleaningCost();
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (cost.isPending) return null;
  if (cost.isError) return <ErrorAlert>{errorMessageOf(cost.error)}</ErrorAlert>;
  const data = cost.data;
  const used = `${formatMoney(data.hullCleaningCost, data.currency)}${data.usingDefault ? " (default)" : ""}`;
  if (!canEdit)
    return (
      <p className="text-sm text-slate-600" data-testid="hull-cleaning-cost">
        Cost of one hull cleaning: {used}. Analysts and admins can change it.
      </p>
    );
  const value = text ?? (data.usingDefault ? "" : String(data.hullCleaningCost));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = value.trim().replace(/[\s,]/g, "");
    const parsed = hullCleaningCostBody.safeParse({
      hullCleaningCost: trimmed === "" ? null : Number(trimmed),
    });
    if (!parsed.success) {
      setError(`Cleaning cost ${parsed.error.issues[0]?.message ?? "is not valid"}`);
      return;
    }
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: () => {
        setText(null);
        toast({ title: "Cleaning Cost Saved", description: "The cleaning recommendation is recomputed." });
      },
      onError: (e) => setError(errorMessageOf(e)),
    });
  };
  return (
    <form
      onSubmit={submit}
      className="flex flex-wrap items-end gap-3"
      noValidate
      data-testid="hull-cleaning-cost-form"
    >
      <TextField
        label={`Cost of one hull cleaning (${data.currency})`}
        inputMode="decimal"
        value={value}
        placeholder={String(data.defaultHullCleaningCost)}
        onChange={(e) => setText(e.target.value)}
        error={error ?? undefined}
        hint={`In use: ${used}. Leave empty for the default, ${formatMoney(data.defaultHullCleaningCost, data.currency)}.`}
        className="w-72"
        data-testid="hull-cleaning-cost-input"
      />
      <Button type="submit" disabled={save.isPending} data-testid="save-hull-cleaning-cost" className="mb-5">
        {save.isPending ? <Spinner label="Saving" /> : null}
        Save cost
      </Button>
    </form>
  );
}
