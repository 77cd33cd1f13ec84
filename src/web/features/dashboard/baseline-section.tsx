import { Pencil } from "lucide-react";
import { useState } from "react";
import { errorMessageOf } from "../../lib/api";
import { formatInstant, formatQuantity, MISSING } from "../../lib/format";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Skeleton } from "../../ui/skeleton";
import { useShipBaseline } from "./api/ship-baseline";
import { BaselineDialog } from "./baseline-dialog";

const points = (n: number | undefined) => (n ? `${n} point${n === 1 ? "" : "s"}` : "Not set");

/** The ship's baselines with their status ('Current' / 'Needs Refresh', spec §4) and, for writers, an editor. */
export function BaselineSection({ shipId, canEdit }: { shipId: number; canEdit: boolean }) {
  const baseline = useShipBaseline(shipId);
  const [open, setOpen] = useState(false);
  return (
    <div className="mt-4 border-t border-slate-100 pt-4" data-testid="ship-baseline">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">Baselines</h3>
        {baseline.data?.baselineStatus ? (
          <Badge
            tone={baseline.data.baselineStatus === "Current" ? "success" : "warning"}
            data-testid="baseline-status"
          >
            {baseline.data.baselineStatus}
          </Badge>
        ) : baseline.data ? (
          <Badge tone="neutral" data-testid="baseline-status">
            Not set
          </Badge>
        ) : null}
      </div>
      {baseline.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : baseline.isError ? (
        <p className="text-sm text-red-700">{errorMessageOf(baseline.error)}</p>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm">
            <div>
              <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">Shop-test SFOC</dt>
              <dd className="text-slate-900">{points(baseline.data.shopTestSfoc?.length)}</dd>
            </div>
            <div>
              <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">
                Speed–power curve
              </dt>
              <dd className="text-slate-900">{points(baseline.data.speedPowerCurve?.length)}</dd>
            </div>
            <div>
              <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">
                Ref. displacement
              </dt>
              <dd className="text-slate-900">{formatQuantity(baseline.data.referenceDisplacementT, "t")}</dd>
            </div>
            <div>
              <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">Last updated</dt>
              <dd className="text-slate-900">
                {baseline.data.baselineUpdatedAt ? formatInstant(baseline.data.baselineUpdatedAt) : MISSING}
              </dd>
            </div>
          </dl>
          {baseline.data.baselineStatus === "Needs Refresh" ? (
            <p className="mt-2 text-xs text-amber-800">
              Last set more than 90 days ago: check the curves against recent trials or shop tests.
            </p>
          ) : null}
          {canEdit ? (
            <>
              <Button
                variant="secondary"
                className="mt-3"
                onClick={() => setOpen(true)}
                data-testid="edit-baseline-button"
              >
                <Pencil aria-hidden="true" className="size-4" />
                Edit baselines
              </Button>
              {open ? (
                <BaselineDialog shipId={shipId} baseline={baseline.data} open={open} onOpenChange={setOpen} />
              ) : null}
            </>
          ) : null}
        </>
      )}
    </div>
  );
}
