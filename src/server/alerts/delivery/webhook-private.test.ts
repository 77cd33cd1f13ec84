/**
 * Without WEBHOOK_ALLOW_PRIVATE (the default): a webhook on a loopback or private address is refused when
 * saved (400 on webhookUrl), and a stored one that points there now (a name re-pointed after it was saved,
 * DNS rebinding) is refused again at send time, before any byte leaves.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertChannels } from "../../db/schema";
import { createTestApp, type TestUser } from "../../test/test-app";
import { startHttpReceiver, type TestHttpServer } from "./test-servers";

let t: Awaited<ReturnType<typeof createTestApp>>;
let receiver: TestHttpServer;
let owner: TestUser;

beforeAll(async () => {
  receiver = await startHttpReceiver();
  t = await createTestApp();
  owner = await t.registerOwner();
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

describe("webhooks to private addresses, WEBHOOK_ALLOW_PRIVATE off", () => {
  // the IPv6 forms of issue 30 finding 9: loopback carried in IPv4-compatible and IPv4-translated addresses
  it.each(["127.0.0.1", "localhost", "[::127.0.0.1]", "[::7f00:1]", "[::ffff:0:7f00:1]"])(
    "refuses to save a loopback target (%s)",
    async (host) => {
      const url = receiver.url.replace("127.0.0.1", host);
      const res = await t.app.inject({
        method: "PUT",
        url: "/api/alerts/channels",
        headers: { cookie: owner.cookie },
        payload: { emailRecipients: [], webhookUrl: `${url}/hook`, webhookSecret: "a-long-enough-secret" },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details[0].field).toBe("webhookUrl");
    },
  );

  it("refuses at send time a stored target that resolves to loopback now, and logs why", async () => {
    const url = `${receiver.url.replace("127.0.0.1", "localhost")}/hook`;
    await t.db
      .insert(alertChannels)
      .values({ orgId: owner.orgId, webhookUrl: url, webhookSecret: "a-long-enough-secret" });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/alerts/channels/test",
      headers: { cookie: owner.cookie },
      payload: { channel: "webhook" },
    });
    expect(res.statusCode).toBe(200);
    const [result] = res.json().results;
    expect(result.outcome).toBe("failed");
    expect(result.error).toMatch(
      /^localhost resolves to (127\.0\.0\.1|::1), a private, loopback or reserved address/,
    );
    expect(receiver.calls).toEqual([]);
  });
});
