import { Send } from "lucide-react";
import type { Delivery } from "../../../contracts/alert-delivery";
import { errorMessageOf } from "../../lib/api";
import { timeAgo } from "../../lib/time-ago";
import { useUtcNow } from "../../lib/use-utc-now";
import { ErrorAlert } from "../../ui/alert";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { Skeleton } from "../../ui/skeleton";
import { useDeliveries } from "./api/alert-channels";
import { DeliveryOutcome } from "./delivery-outcome";

const CHANNEL_LABELS = { email: "E-mail", webhook: "Webhook", sms: "SMS" } as const;

const eventLabel = (d: Delivery) => (d.alertId === null ? "Test" : `Alert #${d.alertId} ${d.event}`);

/** Every attempt to deliver an alert or a test, newest first, with its outcome and error. */
export function DeliveryLogCard() {
  const deliveries = useDeliveries();
  const now = useUtcNow();
  return (
    <Card title="Delivery log" titleId="delivery-log-title" data-testid="delivery-log">
      {deliveries.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : deliveries.isError ? (
        <ErrorAlert>{errorMessageOf(deliveries.error)}</ErrorAlert>
      ) : deliveries.data.deliveries.length === 0 ? (
        <EmptyState icon={Send} title="Nothing delivered yet">
          Alerts sent by e-mail, SMS or webhook, and channel tests, are listed here with their outcome.
        </EmptyState>
      ) : (
        <div className="-mx-5 overflow-x-auto">
          <table className="w-full min-w-[560px] text-left text-sm">
            <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                {["When", "What", "Channel", "To", "Attempt", "Outcome"].map((h) => (
                  <th key={h} scope="col" className="px-5 py-2 font-medium">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {deliveries.data.deliveries.map((d) => (
                <tr key={d.id} data-testid="delivery-row">
                  <td className="px-5 py-2 whitespace-nowrap" title={d.at}>
                    {timeAgo(d.at, now)}
                  </td>
                  <td className="px-5 py-2">{eventLabel(d)}</td>
                  <td className="px-5 py-2">{CHANNEL_LABELS[d.channel]}</td>
                  <td className="px-5 py-2 break-all">{d.target}</td>
                  <td className="px-5 py-2">{d.attempt}</td>
                  <td className="px-5 py-2">
                    <DeliveryOutcome outcome={d.outcome} error={d.error} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
