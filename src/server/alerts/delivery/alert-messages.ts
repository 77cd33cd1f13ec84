/**
 * What an alert says on each channel, built from the job's self-contained payload alone: the e-mail (plain
 * text and simple HTML), the SMS text and the webhook's JSON body. Each names the ship, the figure against
 * its threshold and an absolute link (`PUBLIC_URL` + the payload's path) to the section that explains it.
 */
import type { AlertNotification } from "../alert-notification";

const SEVERITY_LABEL = { low: "Low", medium: "Medium", high: "High" } as const;

/** '7.4 %' / '12 days' / 'no figure': the value as given (at most two decimals) with its unit. */
export function formatFigure(value: number | null, unit: string): string {
  if (value === null) return "no figure";
  const n = value.toLocaleString("en-GB", { maximumFractionDigits: 2 });
  return unit ? `${n} ${unit}` : n;
}

/** The absolute link to the alert's section. Only a path of this app is joined, never another origin. */
export function alertLink(publicUrl: string, path: string): string {
  const safePath = path.startsWith("/") && !path.startsWith("//") ? path : `/${path.replace(/^\/+/, "")}`;
  return `${publicUrl}${safePath}`;
}

function figureLine(n: AlertNotification): string {
  const { value, unit, threshold } = n.figure;
  return `${formatFigure(value, unit)} (threshold ${formatFigure(threshold, unit)})`;
}

function headline(n: AlertNotification): string {
  return n.event === "resolved" ? `Resolved: ${n.title}` : n.title;
}

export type EmailContent = { subject: string; text: string; html: string };

export function alertEmail(n: AlertNotification, publicUrl: string): EmailContent {
  const link = alertLink(publicUrl, n.link);
  const state = n.event === "resolved" ? "resolved" : `${SEVERITY_LABEL[n.severity]} severity`;
  const subject = `[Sextant] ${n.shipName}: ${headline(n)}`;
  const rows: [string, string][] = [
    ["Ship", n.shipName],
    ["Figure", figureLine(n)],
    ["Status", state],
    ["When", `${n.occurredAt} (UTC)`],
  ];
  const text = [
    headline(n),
    "",
    n.message,
    "",
    ...rows.map(([k, v]) => `${k}: ${v}`),
    "",
    `Open in Sextant: ${link}`,
    "",
    "You receive this because alert e-mails are on for you or for this address in your organisation's",
    "notification channels. Change it in Sextant under Admin.",
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">
<h2 style="font-size:18px;margin:0 0 8px">${escapeHtml(headline(n))}</h2>
<p style="margin:0 0 12px">${escapeHtml(n.message)}</p>
<table style="border-collapse:collapse;margin:0 0 16px">${rows
    .map(
      ([k, v]) =>
        `<tr><th style="text-align:left;padding:2px 12px 2px 0;color:#475569">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`,
    )
    .join("")}</table>
<p><a href="${escapeHtml(link)}" style="color:#0369a1">Open in Sextant</a></p>
<p style="color:#64748b;font-size:12px">You receive this because alert e-mails are on for you or for this address in your organisation's notification channels.</p>
</body></html>`;
  return { subject, text, html };
}

/** One SMS (kept short: a message over 160 GSM characters is split and billed as several). */
export function alertSms(n: AlertNotification, publicUrl: string): string {
  return `Sextant ${n.shipName}: ${headline(n)}. ${alertLink(publicUrl, n.link)}`;
}

/** The webhook's JSON body; `id` is the same on every retry of one delivery, `timestamp` is per attempt. */
export function webhookBody(n: AlertNotification, publicUrl: string, timestamp: number): string {
  const { orgId: _org, link, ...alert } = n;
  return JSON.stringify({
    id: `alert-${n.alertId}-${n.event}`,
    type: `alert.${n.event}`,
    timestamp,
    alert: { ...alert, url: alertLink(publicUrl, link) },
  });
}

export function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

/** The e-mail of 'Send test'. */
export function testEmail(publicUrl: string): EmailContent {
  const text = `This is a test of Sextant's alert e-mails. If you can read it, alert e-mails reach you.\n\nSextant: ${publicUrl}/admin`;
  return {
    subject: "[Sextant] Test of alert e-mails",
    text,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif"><p>This is a test of Sextant's alert e-mails. If you can read it, alert e-mails reach you.</p><p><a href="${escapeHtml(`${publicUrl}/admin`)}">Sextant</a></p></body></html>`,
  };
}

/** The webhook body of 'Send test': the same envelope as an alert's, `type: "test"`, no alert. */
export function testWebhookBody(id: string, timestamp: number): string {
  return JSON.stringify({ id, type: "test", timestamp, message: "Test of Sextant's alert webhook" });
}

/** The SMS of 'Send test'. */
export const TEST_SMS = "Sextant: test of alert SMS. If you can read this, alert SMS reach you.";
