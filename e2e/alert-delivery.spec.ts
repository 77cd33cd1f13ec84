import { expect, test } from "@playwright/test";
import {
  startHttpReceiver,
  startSmtpServer,
  type TestHttpServer,
  type TestSmtpServer,
} from "../src/server/alerts/delivery/test-servers";
import { verifyWebhook } from "../src/server/alerts/delivery/webhook-signature";
import { openAdmin } from "./sign-in";

// The 400s (a bad address, a webhook without a secret) and the 401 of the signed-out register page are expected.
// An owner sets where alerts go (an extra address, a signed webhook), opts in to alert e-mails, sends a test
// e-mail that a real SMTP server receives and a test webhook whose signature verifies, and reads the
// delivery log. The server's SMTP_URL points at port E2E_PORT + 1 (playwright.config.ts).
const port = Number(process.env.E2E_PORT ?? 3917);
const SECRET = "e2e-webhook-signing-secret";
let smtp: TestSmtpServer;
let receiver: TestHttpServer;

test.beforeAll(async () => {
  smtp = await startSmtpServer("accept", port + 1);
  receiver = await startHttpReceiver([], 0);
});
test.afterAll(async () => {
  await smtp.close();
  await receiver.close();
});

test("owner sets notification channels, sends test e-mail and webhook, reads the delivery log", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error" && !/status of (400|401)/.test(msg.text())) errors.push(msg.text());
  });
  const email = `alerts-${Date.now()}@example.com`;
  await page.goto("/register");
  await page.getByLabel("First name").fill("Grace");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("a long enough password");
  await page.getByLabel("Organisation name").fill("Alerting Shipping");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/dashboard/);

  await openAdmin(page, "a long enough password");
  const card = page.getByTestId("notification-channels");
  await expect(card.getByTestId("channel-availability")).toContainText("E-mail: available");
  await expect(card.getByTestId("channel-availability")).toContainText("SMS: unavailable");
  await expect(page.getByTestId("delivery-log")).toContainText("Nothing delivered yet");

  await card.getByLabel("Extra e-mail recipients").fill("ops@example.com\nnot-an-address");
  await card.getByLabel("Webhook URL").fill(`${receiver.url}/hook`);
  await card.getByRole("button", { name: "Save channels" }).click();
  await expect(card.getByText("must be a valid email address")).toBeVisible();
  await card.getByLabel("Extra e-mail recipients").fill("ops@example.com");
  await card.getByRole("button", { name: "Save channels" }).click();
  await expect(card.getByText("is required with a webhook URL (its calls are signed)")).toBeVisible();
  await card.getByLabel("Webhook secret").fill(SECRET);
  await card.getByRole("button", { name: "Save channels" }).click();
  await expect(
    page.getByTestId("toast-title").filter({ hasText: "Notification Channels Saved" }),
  ).toBeVisible();
  await expect(card.getByText("A secret is set (never shown)")).toBeVisible();

  await page.getByTestId("alert-emails-self").check();
  await expect(
    page.getByTestId("email-opt-in").getByRole("listitem").filter({ hasText: email }).getByRole("checkbox"),
  ).toBeChecked();

  await card.getByRole("button", { name: "Send test e-mail" }).click();
  await expect(page.getByTestId("toast-title").filter({ hasText: "Test E-mail Sent" })).toBeVisible();
  expect(smtp.messages.at(-1)?.envelopeTo).toEqual([email]);

  await card.getByRole("button", { name: "Send test webhook" }).click();
  await expect(page.getByTestId("toast-title").filter({ hasText: "Test Webhook Sent" })).toBeVisible();
  const call = receiver.calls.at(-1)!;
  expect(
    verifyWebhook(
      SECRET,
      call.body,
      call.headers["x-sextant-signature"] as string,
      call.headers["x-sextant-timestamp"] as string,
      Math.floor(Date.now() / 1000),
    ),
  ).toBe(true);

  const log = page.getByTestId("delivery-log");
  await expect(log.getByTestId("delivery-row")).toHaveCount(2);
  await expect(log.getByTestId("delivery-row").first()).toContainText("Webhook");
  await expect(log.getByTestId("delivery-row").nth(1)).toContainText(email);
  await page.reload();
  await expect(page.getByTestId("alert-emails-self")).toBeChecked();
  await page.screenshot({ path: "reports/alert-delivery-admin.png", fullPage: true });
  expect(errors).toEqual([]);
});
