/**
 * Checks of a webhook before it is saved, beyond its contract: a secret to sign with (given now or stored
 * before), and a host that resolves to public addresses only unless WEBHOOK_ALLOW_PRIVATE=on (checked again
 * at every send: public-address.ts). Each failure is a 400 naming the field.
 */
import type { AlertChannelsBody } from "../../../contracts/alert-delivery";
import type { Config } from "../../config";
import { badRequest } from "../../http/errors";
import { withTimeout } from "../../mail/mailer";
import { PrivateAddressError, resolvePublicHost } from "./public-address";

export async function checkWebhookInput(
  body: AlertChannelsBody,
  hasStoredSecret: boolean,
  config: Pick<Config, "WEBHOOK_ALLOW_PRIVATE" | "DELIVERY_TIMEOUT_MS">,
): Promise<void> {
  if (!body.webhookUrl) return;
  const secretAfter = body.webhookSecret === undefined ? hasStoredSecret : body.webhookSecret !== null;
  if (!secretAfter) {
    throw badRequest([
      { field: "webhookSecret", reason: "is required with a webhook URL (its calls are signed)" },
    ]);
  }
  const host = new URL(body.webhookUrl).hostname;
  try {
    await withTimeout(
      resolvePublicHost(host, config.WEBHOOK_ALLOW_PRIVATE),
      config.DELIVERY_TIMEOUT_MS,
      "the name server",
    );
  } catch (err) {
    const reason =
      err instanceof PrivateAddressError
        ? "points to a private, loopback or reserved address (allowed only with WEBHOOK_ALLOW_PRIVATE=on)"
        : `host ${host} could not be resolved`;
    throw badRequest([{ field: "webhookUrl", reason }]);
  }
}
