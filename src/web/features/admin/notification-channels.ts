/** Pure helpers of the Notification channels card: the lists as typed, and the toast of a channel test. */
import type { ChannelTestResponse, DeliveryChannel } from "../../../contracts/alert-delivery";

/** Addresses or numbers typed one per line (commas and semicolons also separate), blanks dropped. */
export function parseList(text: string): string[] {
  return text
    .split(/[\n,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

const CHANNEL_LABELS: Record<DeliveryChannel, string> = { email: "E-mail", webhook: "Webhook", sms: "SMS" };

/** 'Test E-mail Sent' with its targets, or 'Test E-mail Failed' / 'Not Sent' with the reasons. */
export function testToast(
  channel: DeliveryChannel,
  results: ChannelTestResponse["results"],
): { title: string; description: string; variant?: "destructive" } {
  const label = CHANNEL_LABELS[channel];
  const failed = results.filter((r) => r.outcome !== "sent");
  if (results.length > 0 && failed.length === 0) {
    return {
      title: `Test ${label} Sent`,
      description: `Sent to ${results.map((r) => r.target).join(", ")}.`,
    };
  }
  const reasons = failed.map((r) => (r.target === "(none)" ? r.error : `${r.target}: ${r.error}`)).join("; ");
  const title = failed.every((r) => r.outcome === "skipped")
    ? `Test ${label} Not Sent`
    : `Test ${label} Failed`;
  return { variant: "destructive", title, description: reasons || "Nothing to send to." };
}
