/**
 * Sextant's one way out by e-mail (alert deliveries now, scheduled reports later): nodemailer over the SMTP
 * server of `SMTP_URL`, from `SMTP_FROM`. A new connection per message (no pool): e-mails are rare, and a
 * pooled connection a mail server dropped would fail the next message for nothing.
 *
 * Every send is bounded: connecting, the greeting and each silence of the server by nodemailer's own
 * timeouts, the whole exchange by `timeoutMs`; a dead or frozen mail server is an error after that long,
 * never a hang. Callers run in jobs, never in a request that ingests data.
 */
import nodemailer from "nodemailer";

export type MailAttachment = { filename: string; content: Buffer; contentType: string };

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
};

export type Mailer = {
  /** Whether a mail server is configured. */
  readonly available: boolean;
  /** Sends one message; rejects on any failure (refused, timeout, unavailable) with a readable message. */
  send(message: MailMessage): Promise<{ messageId: string }>;
};

export type MailerOptions = { url: string | undefined; from: string; timeoutMs: number };

export class MailUnavailableError extends Error {
  constructor() {
    super("no mail server is configured (SMTP_URL)");
  }
}

/** A mailer for `SMTP_URL`, or one that says e-mail is unavailable when it is not set. */
export function createMailer({ url, from, timeoutMs }: MailerOptions): Mailer {
  if (!url) {
    return {
      available: false,
      send: () => Promise.reject(new MailUnavailableError()),
    };
  }
  const transport = nodemailer.createTransport(
    {
      url,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
      dnsTimeout: timeoutMs,
      socketCloseTimeout: 0,
    },
    { from },
  );
  return {
    available: true,
    async send(message) {
      const info = await withTimeout(transport.sendMail(message), timeoutMs + 1_000, "the mail server");
      return { messageId: String(info.messageId ?? "") };
    },
  };
}

/** Rejects with "<what> did not answer within N ms" when `promise` takes longer than `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

declare module "fastify" {
  interface FastifyInstance {
    /** The app's mailer (mail/mailer.ts); `available` is false while SMTP_URL is unset. */
    mailer: Mailer;
  }
}
