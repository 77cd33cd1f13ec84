import * as Dialog from "@radix-ui/react-dialog";
import { Plus, Trash2, X } from "lucide-react";
import { type FormEvent, useState } from "react";
import { type ShipBaselineResponse, shipBaselineBody } from "../../../contracts/analysis/baselines";
import { errorMessageOf } from "../../lib/api";
import { ErrorAlert } from "../../ui/alert";
import { Button } from "../../ui/button";
import { Spinner } from "../../ui/spinner";
import { TextField } from "../../ui/text-field";
import { toast } from "../../ui/toast/use-toast";
import { useUpdateShipBaseline } from "./api/ship-baseline";
import { optionalNumber, type PointRow, parsePointRows, rowsFromPoints } from "./baseline-form";

const SHOP_KEYS = ["loadPercent", "sfoc"] as const;
const CURVE_KEYS = ["speedKn", "powerKw"] as const;

function PointsTable({
  caption,
  headers,
  rows,
  onChange,
  testId,
}: {
  caption: string;
  headers: readonly [string, string];
  rows: PointRow[];
  onChange: (rows: PointRow[]) => void;
  testId: string;
}) {
  const set = (i: number, patch: Partial<PointRow>) =>
    onChange(rows.map((row, j) => (j === i ? { ...row, ...patch } : row)));
  return (
    <fieldset className="flex flex-col gap-2" data-testid={testId}>
      <legend className="text-sm font-semibold text-slate-900">{caption}</legend>
      <table className="text-sm">
        <thead>
          <tr className="text-left text-xs text-slate-500">
            <th scope="col" className="pb-1 font-medium">
              {headers[0]}
            </th>
            <th scope="col" className="pb-1 font-medium">
              {headers[1]}
            </th>
            <th scope="col" className="sr-only">
              Remove
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional and have no identity
            <tr key={i}>
              <td className="pr-2 pb-1">
                <input
                  aria-label={`${headers[0]}, row ${i + 1}`}
                  inputMode="decimal"
                  value={row.a}
                  onChange={(e) => set(i, { a: e.target.value })}
                  className="w-full rounded-md border border-slate-300 px-2 py-1 tabular-nums"
                />
              </td>
              <td className="pr-2 pb-1">
                <input
                  aria-label={`${headers[1]}, row ${i + 1}`}
                  inputMode="decimal"
                  value={row.b}
                  onChange={(e) => set(i, { b: e.target.value })}
                  className="w-full rounded-md border border-slate-300 px-2 py-1 tabular-nums"
                />
              </td>
              <td className="pb-1">
                <Button
                  variant="ghost"
                  className="px-2 py-1"
                  aria-label={`Remove row ${i + 1}`}
                  onClick={() => onChange(rows.filter((_, j) => j !== i))}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Button
        variant="secondary"
        className="self-start"
        onClick={() => onChange([...rows, { a: "", b: "" }])}
      >
        <Plus aria-hidden="true" className="size-4" />
        Add point
      </Button>
    </fieldset>
  );
}

/**
 * Edits the ship's baselines (issue 6 item 7): the engine's shop-test SFOC curve, the speed–power
 * reference curve and its displacement. An empty table clears that baseline.
 */
export function BaselineDialog({
  shipId,
  baseline,
  open,
  onOpenChange,
}: {
  shipId: number;
  baseline: ShipBaselineResponse;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [shopRows, setShopRows] = useState(() => rowsFromPoints(baseline.shopTestSfoc, SHOP_KEYS));
  const [curveRows, setCurveRows] = useState(() => rowsFromPoints(baseline.speedPowerCurve, CURVE_KEYS));
  const [displacement, setDisplacement] = useState(
    baseline.referenceDisplacementT === null ? "" : String(baseline.referenceDisplacementT),
  );
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateShipBaseline(shipId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const shop = parsePointRows(shopRows, SHOP_KEYS, ["load", "SFOC"]);
    const curve = parsePointRows(curveRows, CURVE_KEYS, ["speed", "power"]);
    const disp = optionalNumber(displacement);
    if (!shop.ok) return setError(`Shop-test curve — ${shop.error}`);
    if (!curve.ok) return setError(`Speed–power curve — ${curve.error}`);
    if (Number.isNaN(disp)) return setError("Reference displacement must be a number of tonnes");
    const parsed = shipBaselineBody.safeParse({
      shopTestSfoc: shop.points.length > 0 ? shop.points : null,
      speedPowerCurve: curve.points.length > 0 ? curve.points : null,
      referenceDisplacementT: disp,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where =
        issue?.path[0] === "shopTestSfoc"
          ? "Shop-test curve"
          : issue?.path[0] === "speedPowerCurve"
            ? "Speed–power curve"
            : "Reference displacement";
      return setError(`${where}: ${issue?.message ?? "is not valid"} (a curve needs at least 2 points)`);
    }
    setError(null);
    update.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: "Baselines Saved", description: "Analyses now use the new baselines." });
        onOpenChange(false);
      },
      onError: (e) => setError(errorMessageOf(e)),
    });
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[min(44rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl"
          data-testid="baseline-dialog"
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-lg font-semibold text-slate-900">
                Edit ship baselines
              </Dialog.Title>
              <Dialog.Description className="text-sm text-slate-600">
                The shop-test SFOC curve is the engine's reference for SFOC; the speed–power curve at its
                displacement is the hull's reference. Leave a table empty to clear it.
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" className="px-2" aria-label="Close">
                <X aria-hidden="true" className="size-5" />
              </Button>
            </Dialog.Close>
          </div>
          <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
            <div className="grid gap-6 md:grid-cols-2">
              <PointsTable
                caption="Shop-test SFOC curve"
                headers={["Load (% MCR)", "SFOC (g/kWh)"]}
                rows={shopRows}
                onChange={setShopRows}
                testId="baseline-shop-test"
              />
              <PointsTable
                caption="Speed–power curve"
                headers={["Speed (kn)", "Power (kW)"]}
                rows={curveRows}
                onChange={setCurveRows}
                testId="baseline-speed-power"
              />
            </div>
            <TextField
              label="Reference displacement (t)"
              inputMode="decimal"
              value={displacement}
              onChange={(e) => setDisplacement(e.target.value)}
              hint="Displacement at which the speed–power curve was measured"
              className="max-w-xs"
            />
            {error ? <ErrorAlert data-testid="baseline-error">{error}</ErrorAlert> : null}
            <div className="flex justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="secondary">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" disabled={update.isPending} data-testid="baseline-save">
                {update.isPending ? <Spinner label="Saving" /> : null}
                Save baselines
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
