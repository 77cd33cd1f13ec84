/**
 * The notification channel routes through the real app: channels saved and read (never the secret), the
 * e-mail opt-in, 'Send test' to a real SMTP server and a local webhook receiver with its signature verified,
 * the delivery log; viewers read only, another organisation neither reads nor sets anything of the first's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../../http/errors";
import { createTestApp, type TestUser } from "../../test/test-app";
import { postJson } from "./post-json";
import { PrivateAddressError } from "./public-address";
import { startHttpReceiver, startSmtpServer, type TestHttpServer, type TestSmtpServer } from "./test-servers";
import { checkWebhookInput } from "./webhook-input";
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifyWebhook } from "./webhook-signature";

const SECRET = "correct-horse-webhook-secret";
let t: Awaited<ReturnType<typeof createTestApp>>;
let smtp: TestSmtpServer;
let receiver: TestHttpServer;
let owner: TestUser;
let viewer: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  receiver = await startHttpReceiver();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    WEBHOOK_ALLOW_PRIVATE: "on",
    PUBLIC_URL: "https://sextant.test/",
  });
  owner = await t.registerOwner();
  viewer = await t.addMember(owner, "viewer");
  stranger = await t.registerOwner();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await receiver.close();
});

const call = (user: TestUser, method: "GET" | "PUT" | "POST", url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });

describe("GET/PUT /api/alerts/channels", () => {
  it("starts empty and says which channels this server can use", async () => {
    const res = await call(owner, "GET", "/api/alerts/channels");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      emailRecipients: [],
      smsRecipients: [],
      webhookUrl: null,
      webhookSecretSet: false,
      emailAvailable: true,
      smsAvailable: false,
      optedInMembers: 0,
      updatedAt: null,
    });
  });

  it("saves recipients (trimmed, lower case, once) and a webhook; never answers the secret", async () => {
    const res = await call(owner, "PUT", "/api/alerts/channels", {
      emailRecipients: [" Ops@Example.com", "ops@example.com", "chief@example.com"],
      smsRecipients: ["+47 123 45 678"],
      webhookUrl: `${receiver.url}/hooks/sextant?token=abc`,
      webhookSecret: SECRET,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.emailRecipients).toEqual(["ops@example.com", "chief@example.com"]);
    expect(body.smsRecipients).toEqual(["+4712345678"]);
    expect(body.webhookUrl).toBe(`${receiver.url}/hooks/sextant?token=abc`);
    expect(body.webhookSecretSet).toBe(true);
    expect(res.body).not.toContain(SECRET);
    const get = await call(owner, "GET", "/api/alerts/channels");
    expect(get.body).not.toContain(SECRET);
    expect(get.json().webhookSecretSet).toBe(true);
  });

  it("keeps the stored secret when none is sent, and refuses a webhook without any secret", async () => {
    const keep = await call(owner, "PUT", "/api/alerts/channels", {
      emailRecipients: ["ops@example.com"],
      smsRecipients: ["+4712345678"],
      webhookUrl: `${receiver.url}/hooks/sextant`,
    });
    expect(keep.json().webhookSecretSet).toBe(true);
    const other = await call(stranger, "PUT", "/api/alerts/channels", {
      emailRecipients: [],
      webhookUrl: `${receiver.url}/x`,
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().error.details).toEqual([
      { field: "webhookSecret", reason: "is required with a webhook URL (its calls are signed)" },
    ]);
  });

  it.each([
    [{ emailRecipients: ["not-an-email"], webhookUrl: null }, "emailRecipients.0"],
    [{ emailRecipients: [], webhookUrl: "ftp://example.com/x" }, "webhookUrl"],
    [
      { emailRecipients: [], webhookUrl: "https://user:pw@example.com/x", webhookSecret: SECRET },
      "webhookUrl",
    ],
    [{ emailRecipients: [], webhookUrl: null, webhookSecret: "short" }, "webhookSecret"],
    [{ emailRecipients: [], webhookUrl: null, smsRecipients: ["12345"] }, "smsRecipients.0"],
    [{ webhookUrl: null }, "emailRecipients"],
  ])("answers 400 naming the field for %j", async (payload, field) => {
    const res = await call(stranger, "PUT", "/api/alerts/channels", payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it("lets viewers read (the webhook's origin only) but not write or test (403)", async () => {
    const get = await call(viewer, "GET", "/api/alerts/channels");
    expect(get.statusCode).toBe(200);
    expect(get.json().webhookUrl).toBe(`${receiver.url}/…`);
    const put = await call(viewer, "PUT", "/api/alerts/channels", { emailRecipients: [], webhookUrl: null });
    expect(put.statusCode).toBe(403);
    const test = await call(viewer, "POST", "/api/alerts/channels/test", { channel: "email" });
    expect(test.statusCode).toBe(403);
  });

  it("keeps organisations apart: another owner reads and writes only their own channels", async () => {
    const theirs = await call(stranger, "GET", "/api/alerts/channels");
    expect(theirs.json().emailRecipients).toEqual([]);
    expect(theirs.json().webhookUrl).toBeNull();
    await call(stranger, "PUT", "/api/alerts/channels", {
      emailRecipients: ["spy@example.com"],
      webhookUrl: null,
    });
    const ours = await call(owner, "GET", "/api/alerts/channels");
    expect(ours.json().emailRecipients).toEqual(["ops@example.com"]);
    expect(ours.json().webhookSecretSet).toBe(true);
  });
});

describe("webhook targets in private ranges", () => {
  const config = { WEBHOOK_ALLOW_PRIVATE: false, DELIVERY_TIMEOUT_MS: 2_000 };

  it.each([
    "http://127.0.0.1:9/x",
    "http://localhost:9/x",
    "http://169.254.169.254/latest/meta-data",
    "http://[::1]:9/x",
    "http://10.0.0.7/hook",
  ])("refuses %s without WEBHOOK_ALLOW_PRIVATE (400 on webhookUrl)", async (webhookUrl) => {
    const err = await checkWebhookInput(
      { emailRecipients: [], webhookUrl, webhookSecret: SECRET },
      false,
      config,
    ).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).details).toEqual([
      {
        field: "webhookUrl",
        reason:
          "points to a private, loopback or reserved address (allowed only with WEBHOOK_ALLOW_PRIVATE=on)",
      },
    ]);
  });

  it("refuses again at send time, on the resolved address (a name that now resolves to loopback)", async () => {
    const port = new URL(receiver.url).port;
    const before = receiver.calls.length;
    for (const url of [`http://127.0.0.1:${port}/x`, `http://localhost:${port}/x`]) {
      await expect(postJson(url, "{}", { timeoutMs: 2_000, allowPrivate: false })).rejects.toBeInstanceOf(
        PrivateAddressError,
      );
    }
    expect(receiver.calls.length).toBe(before);
    await expect(
      postJson(`http://localhost:${port}/x`, "{}", { timeoutMs: 2_000, allowPrivate: true }),
    ).resolves.toEqual({ status: 200 });
  });
});

describe("POST /api/alerts/channels/test and the delivery log", () => {
  it("e-mails the admin who asks, through the real SMTP server", async () => {
    const res = await call(owner, "POST", "/api/alerts/channels/test", { channel: "email" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toEqual([
      { channel: "email", target: owner.email, outcome: "sent", error: null },
    ]);
    const mail = smtp.messages.at(-1)!;
    expect(mail.envelopeTo).toEqual([owner.email]);
    expect(mail.subject).toBe("[Sextant] Test of alert e-mails");
    expect(mail.text).toContain("https://sextant.test/admin");
  });

  it("calls the webhook with a body signed by the secret and a fresh timestamp", async () => {
    const before = receiver.calls.length;
    const res = await call(owner, "POST", "/api/alerts/channels/test", { channel: "webhook" });
    expect(res.json().results).toEqual([
      { channel: "webhook", target: receiver.url, outcome: "sent", error: null },
    ]);
    expect(receiver.calls.length).toBe(before + 1);
    const received = receiver.calls.at(-1)!;
    expect(received.path).toBe("/hooks/sextant");
    const signature = received.headers[SIGNATURE_HEADER] as string;
    const timestamp = received.headers[TIMESTAMP_HEADER] as string;
    expect(verifyWebhook(SECRET, received.body, signature, timestamp, Math.floor(Date.now() / 1000))).toBe(
      true,
    );
    expect(
      verifyWebhook("another-secret-value", received.body, signature, timestamp, Date.now() / 1000),
    ).toBe(false);
    expect(JSON.parse(received.body)).toMatchObject({ type: "test", timestamp: Number(timestamp) });
  });

  it("says SMS is unavailable without a gateway (skipped, logged), and logs every attempt for members only", async () => {
    const sms = await call(owner, "POST", "/api/alerts/channels/test", { channel: "sms" });
    expect(sms.json().results).toEqual([
      {
        channel: "sms",
        target: "(none)",
        outcome: "skipped",
        error: "no SMS gateway is configured (SMS_GATEWAY_URL)",
      },
    ]);
    const log = await call(viewer, "GET", "/api/alerts/deliveries");
    expect(log.statusCode).toBe(200);
    const rows = log.json().deliveries as {
      channel: string;
      event: string;
      outcome: string;
      alertId: null;
    }[];
    expect(rows.map((r) => `${r.channel} ${r.event} ${r.outcome}`)).toEqual([
      "sms test skipped",
      "webhook test sent",
      "email test sent",
    ]);
    const theirs = await call(stranger, "GET", "/api/alerts/deliveries");
    expect(theirs.json().deliveries).toEqual([]);
  });
});

describe("alert e-mail opt-in", () => {
  it("a member turns their own on; an admin anyone's; a viewer nobody else's; another organisation nobody's", async () => {
    const own = await call(viewer, "PUT", `/api/alerts/email-preferences/${viewer.userId}`, {
      alertEmails: true,
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().members.find((m: { userId: number }) => m.userId === viewer.userId).alertEmails).toBe(
      true,
    );
    const other = await call(viewer, "PUT", `/api/alerts/email-preferences/${owner.userId}`, {
      alertEmails: true,
    });
    expect(other.statusCode).toBe(403);
    const admin = await call(owner, "PUT", `/api/alerts/email-preferences/${viewer.userId}`, {
      alertEmails: false,
    });
    expect(admin.statusCode).toBe(200);
    const foreign = await call(stranger, "PUT", `/api/alerts/email-preferences/${owner.userId}`, {
      alertEmails: true,
    });
    expect(foreign.statusCode).toBe(404);
    const list = await call(stranger, "GET", "/api/alerts/email-preferences");
    expect(list.json().members.map((m: { userId: number }) => m.userId)).toEqual([stranger.userId]);
    const mine = await call(owner, "GET", "/api/alerts/email-preferences");
    expect(mine.json().members.every((m: { alertEmails: boolean }) => !m.alertEmails)).toBe(true);
  });
});
