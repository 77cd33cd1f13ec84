/**
 * The whole path of issue 16's 'Done when', with nothing stubbed: records written through the API cross the
 * fuel-efficiency threshold → the data-written notification queues the evaluation → an alert opens → its
 * notification job → an e-mail reaches a real SMTP server and a signed webhook reaches an HTTP receiver, all
 * within 60 s of the write.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createShip, SHOP_TEST } from "../analysis/test-fixtures";
import { createTestApp, type TestUser } from "../test/test-app";
import { postMainEngineHours } from "./alert-test-records";
import {
  startHttpReceiver,
  startSmtpServer,
  type TestHttpServer,
  type TestSmtpServer,
  until,
} from "./delivery/test-servers";
import { verifyWebhook } from "./delivery/webhook-signature";

const SECRET = "a webhook secret of the operator";
let t: Awaited<ReturnType<typeof createTestApp>>;
let smtp: TestSmtpServer;
let receiver: TestHttpServer;
let owner: TestUser;
let shipId: number;

const call = (method: "PUT" | "PATCH" | "POST", url: string, payload: object) =>
  t.app.inject({ method, url, headers: { cookie: owner.cookie }, payload });

const postFuel = (hoursAgo: number[], rate: number) => postMainEngineHours(t, owner, shipId, hoursAgo, rate);

beforeAll(async () => {
  smtp = await startSmtpServer();
  receiver = await startHttpReceiver();
  t = await createTestApp({
    JOBS: "on",
    SMTP_URL: smtp.url,
    SMTP_FROM: "Sextant Alerts <alerts@sextant.test>",
    PUBLIC_URL: "https://sextant.test",
    WEBHOOK_ALLOW_PRIVATE: "on",
  });
  await t.app.jobs.whenRunning();
  owner = await t.registerOwner();
  shipId = await createShip(t, owner, 0);
  expect((await call("PATCH", `/api/ships/${shipId}/baseline`, { shopTestSfoc: SHOP_TEST })).statusCode).toBe(
    200,
  );
  expect(
    (await call("PUT", `/api/alerts/email-preferences/${owner.userId}`, { alertEmails: true })).statusCode,
  ).toBe(200);
  const channels = await call("PUT", "/api/alerts/channels", {
    emailRecipients: [],
    webhookUrl: `${receiver.url}/hook`,
    webhookSecret: SECRET,
  });
  expect(channels.statusCode, channels.body).toBe(200);
  const config = await call("PUT", "/api/alerts/config", {
    fuelEfficiency: { enabled: true, threshold: 3, severity: "high", notificationMethod: "email" },
  });
  expect(config.statusCode, config.body).toBe(200);
}, 60_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
  await receiver.close();
});

describe("an upload that crosses a threshold reaches people", () => {
  it("an e-mail and a signed webhook leave within 60 s of the write", async () => {
    const written = Date.now();
    await postFuel([10, 9, 8, 7, 6, 5, 4, 3, 2, 1], 42);
    // the records also cross the engine-performance threshold (its alert is posted too, e-mailed not: dashboard)
    const fuelHook = () => receiver.calls.find((c) => JSON.parse(c.body).alert?.type === "fuelEfficiency");
    await until(
      () => smtp.messages.length >= 1 && fuelHook() !== undefined,
      "the e-mail and the webhook",
      60_000,
    );
    expect(Date.now() - written).toBeLessThan(60_000);
    const mail = smtp.messages[0]!;
    expect(mail.envelopeTo).toContain(owner.email);
    expect(mail.subject).toContain("Ship 0");
    expect(mail.text).toContain("https://sextant.test/dashboard/");
    const hook = fuelHook()!;
    const signature = hook.headers["x-sextant-signature"] as string | undefined;
    const timestamp = hook.headers["x-sextant-timestamp"] as string | undefined;
    expect(verifyWebhook(SECRET, hook.body, signature, timestamp, Math.floor(Date.now() / 1000))).toBe(true);
    expect(JSON.parse(hook.body)).toMatchObject({
      type: "alert.opened",
      alert: { type: "fuelEfficiency", shipId },
    });
  }, 90_000);
});
