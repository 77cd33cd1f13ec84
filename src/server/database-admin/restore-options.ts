/**
 * What a restore is bounded and checked by, from the configuration: the archive's size, ratio and line limits
 * (archive-lines.ts), and the webhook rule of the alert channels (alerts/delivery/webhook-input.ts) for a restored webhook URL: a host
 * that resolves to a private, loopback or reserved address is refused unless WEBHOOK_ALLOW_PRIVATE=on. A host
 * that does not resolve now is let through (a backup may be restored on a machine without a name server): every
 * send checks the address again and connects only to a public one (public-address.ts).
 */
import { PrivateAddressError, resolvePublicHost } from "../alerts/delivery/public-address";
import type { Config } from "../config";
import { withTimeout } from "../mail/mailer";
import type { StageOptions } from "./restore-stage";

type RestoreConfig = Pick<
  Config,
  | "RESTORE_MAX_UNCOMPRESSED_BYTES"
  | "RESTORE_MAX_COMPRESSION_RATIO"
  | "RESTORE_MAX_LINE_BYTES"
  | "WEBHOOK_ALLOW_PRIVATE"
  | "DELIVERY_TIMEOUT_MS"
>;

/** The options of `restoreBackup` under `config`. */
export function restoreOptions(config: RestoreConfig): StageOptions {
  return {
    limits: {
      maxBytes: config.RESTORE_MAX_UNCOMPRESSED_BYTES,
      maxRatio: config.RESTORE_MAX_COMPRESSION_RATIO,
      maxLineBytes: config.RESTORE_MAX_LINE_BYTES,
    },
    refusedWebhook: (url) => refusedWebhook(url, config),
  };
}

/** Why `url`'s host is refused, or null. */
export async function refusedWebhook(
  url: string,
  config: Pick<Config, "WEBHOOK_ALLOW_PRIVATE" | "DELIVERY_TIMEOUT_MS">,
): Promise<string | null> {
  try {
    await withTimeout(
      resolvePublicHost(new URL(url).hostname, config.WEBHOOK_ALLOW_PRIVATE),
      config.DELIVERY_TIMEOUT_MS,
      "the name server",
    );
    return null;
  } catch (err) {
    return err instanceof PrivateAddressError
      ? "points to a private, loopback or reserved address (allowed only with WEBHOOK_ALLOW_PRIVATE=on)"
      : null;
  }
}
