import { DatabaseZap } from "lucide-react";
import type { DashboardResponse } from "../../../contracts/dashboard";
import { formatInstant } from "../../lib/format";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { RECORD_KINDS, recordFields } from "./record-fields";

/** The latest stored record of each kind, as stored: no sample or fallback values (PRODUCT.md D1). */
export function LatestRecordsCard({ current }: { current: DashboardResponse["current"] }) {
  const present = RECORD_KINDS.filter(({ kind }) => current[kind] !== null);
  return (
    <Card title="Latest Records" titleId="latest-records-title" data-testid="latest-records">
      {present.length === 0 ? (
        <EmptyState icon={DatabaseZap} title="No data recorded yet for this ship" data-testid="no-records">
          Fuel, weather, hull and compliance figures appear here once records are stored for this ship.
        </EmptyState>
      ) : (
        <div className="grid items-start gap-4 md:grid-cols-2 xl:grid-cols-3">
          {RECORD_KINDS.map(({ kind, title }) => {
            const record = current[kind];
            return (
              <section
                key={kind}
                aria-label={title}
                className="rounded-md border border-slate-200 p-3"
                data-testid={`record-${kind}`}
              >
                <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
                {record === null ? (
                  <p className="mt-1 text-sm text-slate-500">No record yet</p>
                ) : (
                  <>
                    <p className="text-xs text-slate-500">{formatInstant(record.timestamp)}</p>
                    <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
                      {recordFields(record).map((field) => (
                        <div key={field.key} className="contents">
                          <dt className="text-slate-600">{field.label}</dt>
                          <dd className="text-right font-medium tabular-nums text-slate-900">
                            {field.value}
                          </dd>
                        </div>
                      ))}
                    </dl>
                  </>
                )}
              </section>
            );
          })}
        </div>
      )}
    </Card>
  );
}
