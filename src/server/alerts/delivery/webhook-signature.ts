/**
 * Signing of webhook calls, after the scheme GitHub and Stripe use: HMAC-SHA256 (RFC 2104, FIPS 198-1) of
 * the raw request body with the organisation's secret, hex, in `X-Sextant-Signature: sha256=<hex>`. The body
 * carries the same `timestamp` (Unix seconds) as the `X-Sextant-Timestamp` header, so the signature covers
 * it: a receiver that refuses timestamps older than a few minutes cannot be fed a recorded call again, and
 * one that remembers `id` (the same on every retry of one delivery) never acts twice. docs/operations/webhooks.md.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "x-sextant-signature";
export const TIMESTAMP_HEADER = "x-sextant-timestamp";
export const DELIVERY_HEADER = "x-sextant-delivery";

/** `sha256=<hex>` of the raw body under `secret`. */
export function signWebhookBody(secret: string, rawBody: string): string {
  return `sha256=${createHmac("sha256", secret).update(rawBody, "utf8").digest("hex")}`;
}

/**
 * What a receiver does (and the tests do): recompute the signature over the raw body, compare in constant
 * time, and refuse a timestamp more than `toleranceSeconds` away from now.
 */
export function verifyWebhook(
  secret: string,
  rawBody: string,
  signature: string | undefined,
  timestamp: string | undefined,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  if (!signature || !timestamp) return false;
  const expected = Buffer.from(signWebhookBody(secret, rawBody));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  let bodyTimestamp: unknown;
  try {
    bodyTimestamp = (JSON.parse(rawBody) as { timestamp?: unknown }).timestamp;
  } catch {
    return false;
  }
  const ts = Number(timestamp);
  return bodyTimestamp === ts && Math.abs(nowSeconds - ts) <= toleranceSeconds;
}
