import { describe, expect, it } from "vitest";
import { signWebhookBody, verifyWebhook } from "./webhook-signature";

const SECRET = "a-long-enough-webhook-secret";
const now = 1_767_225_600;
const body = JSON.stringify({ id: "alert-1-opened", type: "alert.opened", timestamp: now });

describe("webhook signatures", () => {
  it("signs with HMAC-SHA256 of the raw body, hex (RFC 4231 test case 2)", () => {
    // RFC 4231 §4.3: key "Jefe", data "what do ya want for nothing?"
    expect(signWebhookBody("Jefe", "what do ya want for nothing?")).toBe(
      "sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
    );
  });

  it("verifies a fresh call and refuses a changed body, another secret, an old or a swapped timestamp", () => {
    const signature = signWebhookBody(SECRET, body);
    expect(verifyWebhook(SECRET, body, signature, String(now), now + 10)).toBe(true);
    expect(verifyWebhook(SECRET, body.replace("opened", "resolved"), signature, String(now), now)).toBe(
      false,
    );
    expect(verifyWebhook("another-secret-entirely", body, signature, String(now), now)).toBe(false);
    expect(verifyWebhook(SECRET, body, signature, String(now), now + 301)).toBe(false);
    expect(verifyWebhook(SECRET, body, signature, String(now + 600), now + 600)).toBe(false);
    expect(verifyWebhook(SECRET, body, undefined, String(now), now)).toBe(false);
  });
});
