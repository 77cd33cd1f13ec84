/** The mailer against a real SMTP server on loopback: a message arrives whole; a dead or frozen server fails in time. */
import { afterEach, describe, expect, it } from "vitest";
import { startSmtpServer, type TestSmtpServer } from "../alerts/delivery/test-servers";
import { createMailer, MailUnavailableError } from "./mailer";

let server: TestSmtpServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("mailer", () => {
  it("sends plain text and HTML from SMTP_FROM to the recipient", async () => {
    server = await startSmtpServer();
    const mailer = createMailer({ url: server.url, from: "Sextant <alerts@sextant.test>", timeoutMs: 5_000 });
    expect(mailer.available).toBe(true);
    await mailer.send({
      to: "crew@example.com",
      subject: "Ünïcode ⚓ subject",
      text: "Hello\nworld",
      html: "<p>Hello</p>",
    });
    expect(server.messages).toHaveLength(1);
    const [mail] = server.messages;
    expect(mail!.envelopeTo).toEqual(["crew@example.com"]);
    expect(mail!.from?.text).toBe('"Sextant" <alerts@sextant.test>');
    expect(mail!.subject).toBe("Ünïcode ⚓ subject");
    expect(mail!.text?.trim()).toBe("Hello\nworld");
    expect(mail!.html).toContain("<p>Hello</p>");
  });

  it("says it is unavailable without SMTP_URL, and refuses to send", async () => {
    const mailer = createMailer({ url: undefined, from: "x <x@y.z>", timeoutMs: 1_000 });
    expect(mailer.available).toBe(false);
    await expect(mailer.send({ to: "a@b.c", subject: "s", text: "t" })).rejects.toBeInstanceOf(
      MailUnavailableError,
    );
  });

  it.each([
    ["reject", /451|busy/],
    ["die", /./],
    ["hang", /timeout|did not answer|Greeting never received/i],
  ] as const)("a server that does '%s' fails the send within the timeout", async (mode, message) => {
    server = await startSmtpServer(mode);
    const mailer = createMailer({ url: server.url, from: "x <x@sextant.test>", timeoutMs: 1_500 });
    const start = Date.now();
    await expect(mailer.send({ to: "a@example.com", subject: "s", text: "t" })).rejects.toThrow(message);
    expect(Date.now() - start).toBeLessThan(3_000);
    expect(server.connections).toBe(1);
    expect(server.messages).toHaveLength(0);
  });
});
