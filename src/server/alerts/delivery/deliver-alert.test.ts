/**
 * The alert-notify job end to end, with the queue running (JOBS on) and a crafted payload as the evaluation
 * sends it: e-mails received by a real SMTP server and read back, a webhook received by a local HTTP server
 * with its signature verified, an SMS through a gateway; a webhook answering 500 and a refusing mail server
 * retried with backoff and every attempt logged, without sending the delivered ones again; and a frozen mail
 * server that leaves an upload of simulator data (full model) as fast as without it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Delivery } from "../../../contracts/alert-delivery";
import { spanFrom } from "../../../simulator/fleet";
import { writeFleetFiles } from "../../../simulator/write-files";
import { createTestApp, type TestUser } from "../../test/test-app";
import { uploadFile } from "../../uploads/upload-test-helpers";
import { ALERT_NOTIFY_JOB, type AlertNotification } from "../alert-notification";
import {
  startHttpReceiver,
  startSmtpServer,
  type TestHttpServer,
  type TestSmtpServer,
  until,
} from "./test-servers";
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifyWebhook } from "./webhook-signature";

const SECRET = "webhook-secret-for-the-job-test";
const DELIVERY_TIMEOUT_MS = 12_000;
let t: Awaited<ReturnType<typeof createTestApp>>;
let smtp: TestSmtpServer;
let receiver: TestHttpServer;
let owner: TestUser;
let nextAlertId = 1000;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sextant-delivery-"));

beforeAll(async () => {
  smtp = await startSmtpServer();
  receiver = await startHttpReceiver();
  t = await createTestApp({
    JOBS: "on",
    SMTP_URL: smtp.url,
    SMTP_FROM: "Sextant Alerts <alerts@sextant.test>",
    PUBLIC_URL: "https://sextant.test",
    WEBHOOK_ALLOW_PRIVATE: "on",
    SMS_GATEWAY_URL: `${receiver.url}/sms`,
    SMS_GATEWAY_TOKEN: "gateway-token",
    DELIVERY_TIMEOUT_MS: String(DELIVERY_TIMEOUT_MS),
    ALERT_DELIVERY_RETRIES: "4",
    ALERT_DELIVERY_RETRY_DELAY_SECONDS: "1",
  });
  await t.app.jobs.whenRunning();
  owner = await t.registerOwner();
  const optIn = await t.app.inject({
    method: "PUT",
    url: `/api/alerts/email-preferences/${owner.userId}`,
    headers: { cookie: owner.cookie },
    payload: { alertEmails: true },
  });
  expect(optIn.statusCode).toBe(200);
  await setChannels(owner, {
    emailRecipients: ["ops@example.com"],
    smsRecipients: ["+4712345678"],
    webhookUrl: `${receiver.url}/hook`,
    webhookSecret: SECRET,
  });
  await writeFleetFiles(
    {
      ships: 1,
      seed: 7,
      cadence: "1h",
      faults: true,
      ...spanFrom(Date.parse("2025-03-01T00:00:00Z"), 45 / 365, "1h"),
    },
    dir,
  );
}, 120_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
  await receiver.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function setChannels(user: TestUser, payload: Record<string, unknown>) {
  const res = await t.app.inject({
    method: "PUT",
    url: "/api/alerts/channels",
    headers: { cookie: user.cookie },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
}

function notification(user: TestUser, overrides: Partial<AlertNotification> = {}): AlertNotification {
  nextAlertId += 1;
  return {
    orgId: user.orgId,
    alertId: nextAlertId,
    event: "opened",
    type: "hullFouling",
    severity: "medium",
    notificationMethod: "email",
    shipId: 3,
    shipName: "Nordic Star",
    title: "Speed loss 7.4 % above the 5 % threshold",
    message: "The hull's speed loss over the last 30 days is 7.4 % (ISO 19030-2), above the 5 % threshold.",
    figure: { value: 7.4, unit: "%", threshold: 5 },
    link: "/dashboard/3?section=hull-hull-condition",
    occurredAt: "2026-11-24T08:00:00.000Z",
    ...overrides,
  };
}

async function deliveries(user: TestUser, alertId: number): Promise<Delivery[]> {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/alerts/deliveries?alertId=${alertId}`,
    headers: { cookie: user.cookie },
  });
  expect(res.statusCode).toBe(200);
  return (res.json().deliveries as Delivery[]).reverse();
}

const summary = (rows: Delivery[]) => rows.map((r) => `${r.channel} ${r.target} #${r.attempt} ${r.outcome}`);

describe("the alert-notify job", () => {
  it("e-mails the opted-in member and the listed address (figure, ship, link) and calls the signed webhook", async () => {
    const n = notification(owner);
    const mailsBefore = smtp.messages.length;
    await t.app.jobs.send(ALERT_NOTIFY_JOB, n);
    await until(async () => (await deliveries(owner, n.alertId)).length === 3, "three deliveries");
    expect(summary(await deliveries(owner, n.alertId)).sort()).toEqual(
      [
        `email ${owner.email} #1 sent`,
        "email ops@example.com #1 sent",
        `webhook ${receiver.url} #1 sent`,
      ].sort(),
    );

    const mails = smtp.messages.slice(mailsBefore);
    expect(mails.map((m) => m.envelopeTo[0]).sort()).toEqual([owner.email, "ops@example.com"].sort());
    for (const mail of mails) {
      expect(mail.envelopeTo).toHaveLength(1); // one message per recipient: nobody sees the others' addresses
      expect(mail.from?.text).toBe('"Sextant Alerts" <alerts@sextant.test>');
      expect(mail.subject).toBe("[Sextant] Nordic Star: Speed loss 7.4 % above the 5 % threshold");
      expect(mail.text).toContain("Figure: 7.4 % (threshold 5 %)");
      expect(mail.text).toContain("Ship: Nordic Star");
      expect(mail.text).toContain("https://sextant.test/dashboard/3?section=hull-hull-condition");
      expect(mail.html).toContain('href="https://sextant.test/dashboard/3?section=hull-hull-condition"');
    }

    const call = receiver.calls.find(
      (c) => c.path === "/hook" && c.body.includes(`alert-${n.alertId}-opened`),
    )!;
    const signature = call.headers[SIGNATURE_HEADER] as string;
    const timestamp = call.headers[TIMESTAMP_HEADER] as string;
    expect(verifyWebhook(SECRET, call.body, signature, timestamp, Math.floor(Date.now() / 1000))).toBe(true);
    const body = JSON.parse(call.body);
    expect(body).toMatchObject({
      id: `alert-${n.alertId}-opened`,
      type: "alert.opened",
      alert: {
        alertId: n.alertId,
        shipName: "Nordic Star",
        figure: { value: 7.4, unit: "%", threshold: 5 },
        url: "https://sextant.test/dashboard/3?section=hull-hull-condition",
      },
    });
    expect(body.alert.orgId).toBeUndefined();
  }, 60_000);

  it("sends an SMS through the gateway for method 'sms', and only the webhook for 'dashboard'", async () => {
    const sms = notification(owner, { notificationMethod: "sms", event: "resolved" });
    const dash = notification(owner, { notificationMethod: "dashboard" });
    await t.app.jobs.send(ALERT_NOTIFY_JOB, sms);
    await t.app.jobs.send(ALERT_NOTIFY_JOB, dash);
    await until(async () => (await deliveries(owner, sms.alertId)).length === 2, "sms and webhook");
    await until(async () => (await deliveries(owner, dash.alertId)).length === 1, "webhook only");
    expect(summary(await deliveries(owner, sms.alertId)).sort()).toEqual([
      "sms +4712345678 #1 sent",
      `webhook ${receiver.url} #1 sent`,
    ]);
    const gateway = receiver.calls.find((c) => c.path === "/sms" && c.body.includes("Resolved"))!;
    expect(gateway.headers.authorization).toBe("Bearer gateway-token");
    expect(JSON.parse(gateway.body)).toEqual({
      to: "+4712345678",
      text: "Sextant Nordic Star: Resolved: Speed loss 7.4 % above the 5 % threshold. https://sextant.test/dashboard/3?section=hull-hull-condition",
    });
    expect(summary(await deliveries(owner, dash.alertId))).toEqual([`webhook ${receiver.url} #1 sent`]);
  }, 60_000);

  it("retries a webhook answering 500 with backoff, logging each attempt, without e-mailing again", async () => {
    const n = notification(owner);
    const mailsBefore = smtp.messages.length;
    receiver.statuses.push(500, 500);
    await t.app.jobs.send(ALERT_NOTIFY_JOB, n);
    await until(
      async () =>
        (await deliveries(owner, n.alertId)).some((d) => d.channel === "webhook" && d.outcome === "sent"),
      "the webhook's third attempt",
    );
    const rows = await deliveries(owner, n.alertId);
    expect(summary(rows.filter((r) => r.channel === "webhook"))).toEqual([
      `webhook ${receiver.url} #1 failed`,
      `webhook ${receiver.url} #2 failed`,
      `webhook ${receiver.url} #3 sent`,
    ]);
    expect(rows.find((r) => r.outcome === "failed")?.error).toBe("answered 500: boom");
    expect(rows.filter((r) => r.channel === "email").map((r) => r.attempt)).toEqual([1, 1]);
    expect(smtp.messages.length - mailsBefore).toBe(2);
    // The same delivery id on every attempt (receivers dedupe), a fresh timestamp on each.
    const calls = receiver.calls.filter((c) => c.body.includes(`"alert-${n.alertId}-opened"`));
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map((c) => c.headers["x-sextant-delivery"]))).toEqual(
      new Set([`alert-${n.alertId}-opened`]),
    );
    const gaps = [calls[1]!.at - calls[0]!.at, calls[2]!.at - calls[1]!.at];
    expect(gaps[0]).toBeGreaterThanOrEqual(900); // retryDelay 1 s, then doubled (pg-boss retryBackoff)
  }, 60_000);

  it("retries a webhook receiver that dies half-way through the call", async () => {
    const n = notification(owner, { notificationMethod: "dashboard" });
    receiver.dropNext = 1;
    await t.app.jobs.send(ALERT_NOTIFY_JOB, n);
    await until(
      async () => (await deliveries(owner, n.alertId)).some((d) => d.outcome === "sent"),
      "the retry",
    );
    const rows = await deliveries(owner, n.alertId);
    expect(summary(rows)).toEqual([`webhook ${receiver.url} #1 failed`, `webhook ${receiver.url} #2 sent`]);
    expect(rows[0]!.error).toMatch(/socket hang up|ECONNRESET/);
  }, 60_000);

  it("retries a refusing mail server until it takes the message", async () => {
    await setChannels(owner, { emailRecipients: ["ops@example.com"], webhookUrl: null });
    const optOut = await t.app.inject({
      method: "PUT",
      url: `/api/alerts/email-preferences/${owner.userId}`,
      headers: { cookie: owner.cookie },
      payload: { alertEmails: false },
    });
    expect(optOut.statusCode).toBe(200);
    smtp.mode = "reject";
    const n = notification(owner);
    await t.app.jobs.send(ALERT_NOTIFY_JOB, n);
    await until(async () => (await deliveries(owner, n.alertId)).length >= 1, "the first attempt");
    smtp.mode = "accept";
    await until(
      async () => (await deliveries(owner, n.alertId)).some((d) => d.outcome === "sent"),
      "the retry",
    );
    const rows = await deliveries(owner, n.alertId);
    expect(summary(rows)).toEqual(["email ops@example.com #1 failed", "email ops@example.com #2 sent"]);
    expect(rows[0]!.error).toMatch(/451/);
  }, 60_000);

  it("a frozen mail server slows no upload: the job waits on it while a simulator upload takes its usual time", async () => {
    const send = (user: TestUser, type: string) =>
      uploadFile(
        t.app,
        user,
        { filename: `${type}.csv`, content: fs.readFileSync(path.join(dir, `${type}.csv`)) },
        { dataType: type },
      );
    const upload = async (user: TestUser) => {
      for (const type of ["ships", "voyages"]) expect((await send(user, type)).statusCode).toBe(200);
      const start = performance.now();
      const fuel = await send(user, "fuel");
      const ms = performance.now() - start;
      expect(fuel.statusCode, fuel.body).toBe(200);
      expect(fuel.json().data.fuel.new).toBeGreaterThan(1000);
      return ms;
    };
    await upload(await t.registerOwner()); // warms the upload path, so that the baseline is not the first run
    const baselineMs = await upload(await t.registerOwner());

    const busy = await t.registerOwner();
    await setChannels(busy, { emailRecipients: ["bridge@example.com"], webhookUrl: null });
    smtp.mode = "hang";
    const connectionsBefore = smtp.connections;
    const n = notification(busy);
    await t.app.jobs.send(ALERT_NOTIFY_JOB, n);
    await until(() => smtp.connections > connectionsBefore, "the job to reach the frozen mail server");
    const frozenMs = await upload(busy);
    // The delivery is still waiting on the mail server when the upload has finished.
    expect(await deliveries(busy, n.alertId)).toEqual([]);
    console.info(
      `upload of simulator fuel: ${baselineMs.toFixed(0)} ms alone, ${frozenMs.toFixed(0)} ms while SMTP hangs`,
    );
    expect(frozenMs).toBeLessThan(Math.max(3 * baselineMs, baselineMs + 2_000));
    expect(frozenMs).toBeLessThan(DELIVERY_TIMEOUT_MS);

    await until(async () => (await deliveries(busy, n.alertId)).length === 1, "the timeout", 30_000);
    smtp.mode = "accept";
    const [first] = await deliveries(busy, n.alertId);
    expect(first).toMatchObject({ channel: "email", outcome: "failed", attempt: 1 });
    await until(
      async () => (await deliveries(busy, n.alertId)).some((d) => d.outcome === "sent"),
      "the retry",
      30_000,
    );
  }, 120_000);
});
