import { Plus, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { fuelPricesBody } from "../../../../contracts/analysis/settings";
import { FUEL_TYPES } from "../../../../domain/fuels/fuel-types";
import { errorMessageOf } from "../../../lib/api";
import { formatPricePerTonne } from "../../../lib/format";
import { utcDateInputProps } from "../../../lib/utc-input";
import { ErrorAlert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { Skeleton } from "../../../ui/skeleton";
import { Spinner } from "../../../ui/spinner";
import { toast } from "../../../ui/toast/use-toast";
import { useFuelPrices, useSaveFuelPrices } from "../api/settings";

type Row = { fuelType: string; price: string; validFrom: string };

/** The organisation's dated fuel prices: read by all, editable by analysts and admins. */
export function FuelPricesForm({ canEdit }: { canEdit: boolean }) {
  const prices = useFuelPrices();
  if (prices.isPending) return <Skeleton className="h-24 w-full" />;
  if (prices.isError) return <ErrorAlert>{errorMessageOf(prices.error)}</ErrorAlert>;
  return <FuelPricesEditor key={JSON.stringify(prices.data.prices)} data={prices.data} canEdit={canEdit} />;
}

function FuelPricesEditor({
  data,
  canEdit,
}: {
  data: NonNullable<ReturnType<typeof useFuelPrices>["data"]>;
  canEdit: boolean;
}) {
  const [rows, setRows] = useState<Row[]>(() =>
    data.prices.map((p) => ({
      fuelType: p.fuelType,
      price: String(p.pricePerTonne),
      validFrom: p.validFrom,
    })),
  );
  const [error, setError] = useState<string | null>(null);
  const save = useSaveFuelPrices();
  const set = (i: number, patch: Partial<Row>) =>
    setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = fuelPricesBody.safeParse({
      prices: rows.map((r) => ({
        fuelType: r.fuelType,
        pricePerTonne: r.price.trim() === "" ? Number.NaN : Number(r.price.replace(",", ".")),
        validFrom: r.validFrom,
      })),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const row = typeof issue?.path[1] === "number" ? `Row ${issue.path[1] + 1}: ` : "";
      const field =
        issue?.path[2] === "pricePerTonne" ? "price " : issue?.path[2] === "validFrom" ? "date " : "";
      setError(`${row}${field}${issue?.message ?? "is not valid"}`);
      return;
    }
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: () =>
        toast({ title: "Fuel Prices Saved", description: "Costs are recomputed with the new prices." }),
      onError: (e) => setError(errorMessageOf(e)),
    });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate data-testid="fuel-prices-form">
      <p className="text-sm text-slate-600">
        {data.usingInitialPrice
          ? `No price set yet: every fuel is costed at the initial ${formatPricePerTonne(data.initialPricePerTonne, data.currency)}.`
          : `Prices per tonne in ${data.currency}; each applies from its date until the next one of the same fuel.`}
      </p>
      {rows.length > 0 ? (
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-xs text-slate-500">
              <th scope="col" className="pb-1 font-medium">
                Fuel type
              </th>
              <th scope="col" className="pb-1 font-medium">
                Price ({data.currency}/t)
              </th>
              <th scope="col" className="pb-1 font-medium">
                Valid from
              </th>
              {canEdit ? (
                <th scope="col" className="sr-only">
                  Remove
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
              <tr key={i} data-testid="fuel-price-row">
                <td className="pr-2 pb-1">
                  <select
                    aria-label={`Fuel type, row ${i + 1}`}
                    value={row.fuelType}
                    disabled={!canEdit}
                    onChange={(e) => set(i, { fuelType: e.target.value })}
                    className="w-full rounded-md border border-slate-300 bg-white px-2 py-1"
                  >
                    {FUEL_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {type}
                      </option>
                    ))}
                  </select>
                </td>
                <td className="pr-2 pb-1">
                  <input
                    aria-label={`Price per tonne, row ${i + 1}`}
                    inputMode="decimal"
                    value={row.price}
                    disabled={!canEdit}
                    onChange={(e) => set(i, { price: e.target.value })}
                    className="w-full rounded-md border border-slate-300 px-2 py-1 tabular-nums"
                  />
                </td>
                <td className="pr-2 pb-1">
                  <input
                    aria-label={`Valid from, row ${i + 1}`}
                    {...utcDateInputProps}
                    value={row.validFrom}
                    disabled={!canEdit}
                    onChange={(e) => set(i, { validFrom: e.target.value })}
                    className="w-full rounded-md border border-slate-300 px-2 py-1"
                  />
                </td>
                {canEdit ? (
                  <td className="pb-1">
                    <Button
                      variant="ghost"
                      className="px-2 py-1"
                      aria-label={`Remove row ${i + 1}`}
                      onClick={() => setRows(rows.filter((_, j) => j !== i))}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </Button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {error ? <ErrorAlert data-testid="fuel-prices-error">{error}</ErrorAlert> : null}
      {canEdit ? (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            onClick={() =>
              setRows([
                ...rows,
                { fuelType: "HFO", price: "", validFrom: new Date().toISOString().slice(0, 10) },
              ])
            }
            data-testid="add-fuel-price"
          >
            <Plus aria-hidden="true" className="size-4" />
            Add price
          </Button>
          <Button type="submit" disabled={save.isPending} data-testid="save-fuel-prices">
            {save.isPending ? <Spinner label="Saving" /> : null}
            Save prices
          </Button>
        </div>
      ) : (
        <p className="text-xs text-slate-500">Analysts and admins can change the prices.</p>
      )}
    </form>
  );
}
