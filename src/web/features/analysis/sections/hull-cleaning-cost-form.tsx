import { hullCleaningCostBody } from "../../../../contracts/analysis/settings";
import { errorMessageOf } from "../../../lib/api";
import { formatMoney } from "../../../lib/format";
import { ErrorAlert } from "../../../ui/alert";
import { useHullCleaningCost, useSaveHullCleaningCost } from "../api/settings";
import { NumberSettingForm } from "./number-setting-form";

/**
 * The organisation's cost of one hull cleaning, which the break-even and recommended dates rest on: shown to
 * all, set by analysts and admins (empty goes back to the documented default).
 */
export function HullCleaningCostForm({ canEdit }: { canEdit: boolean }) {
  const cost = useHullCleaningCost();
  const save = useSaveHullCleaningCost();
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
  return (
    <NumberSettingForm
      id="hull-cleaning-cost"
      label={`Cost of one hull cleaning (${data.currency})`}
      hint={`In use: ${used}. Leave empty for the default, ${formatMoney(data.defaultHullCleaningCost, data.currency)}.`}
      placeholder={String(data.defaultHullCleaningCost)}
      stored={data.usingDefault ? null : data.hullCleaningCost}
      what="Cleaning cost"
      // a money figure: spaces and commas are thousands separators ('25,000')
      parse={(text) => Number(text.replace(/[\s,]/g, ""))}
      toBody={(hullCleaningCost) => ({ hullCleaningCost })}
      schema={hullCleaningCostBody}
      save={save}
      saved={{ title: "Cleaning Cost Saved", description: "The cleaning recommendation is recomputed." }}
      submitLabel="Save cost"
    />
  );
}
