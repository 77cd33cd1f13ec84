import { describe, expect, it } from "vitest";
import type { AlertNotification } from "../alert-notification";
import { alertEmail, alertLink, alertSms, formatFigure, webhookBody } from "./alert-messages";

const n: AlertNotification = {
  orgId: 1,
  alertId: 9,
  event: "opened",
  type: "maintenanceSchedule",
  severity: "high",
  notificationMethod: "email",
  shipId: 2,
  shipName: 'Sea <b>"Star"</b> & Co',
  title: "Hull cleaning overdue by 12 days",
  message: "The hull analysis recommends cleaning since 2026-11-12.",
  figure: { value: 12, unit: "days", threshold: 0 },
  link: "/dashboard/2?section=hull-hull-condition",
  occurredAt: "2026-11-24T08:00:00.000Z",
};

describe("alert messages", () => {
  it.each([
    [7.4, "%", "7.4 %"],
    [7.456, "%", "7.46 %"],
    [1234.5, "g/kWh", "1,234.5 g/kWh"],
    [12, "days", "12 days"],
    [null, "%", "no figure"],
  ])("formats %s %s as %s", (value, unit, text) => {
    expect(formatFigure(value, unit)).toBe(text);
  });

  it("joins only paths of this app to PUBLIC_URL (never another origin)", () => {
    expect(alertLink("https://s.example", "/dashboard/2")).toBe("https://s.example/dashboard/2");
    expect(alertLink("https://s.example", "//evil.example/x")).toBe("https://s.example/evil.example/x");
    expect(alertLink("https://s.example", "dashboard/2")).toBe("https://s.example/dashboard/2");
  });

  it("escapes the ship's name in the HTML part and keeps it plain in the text part", () => {
    const mail = alertEmail(n, "https://s.example");
    expect(mail.html).toContain("Sea &lt;b&gt;&quot;Star&quot;&lt;/b&gt; &amp; Co");
    expect(mail.html).not.toContain("<b>");
    expect(mail.text).toContain('Ship: Sea <b>"Star"</b> & Co');
    expect(mail.text).toContain("Figure: 12 days (threshold 0 days)");
    expect(mail.text).toContain("Status: High severity");
  });

  it("says 'Resolved' for a resolved alert on every channel", () => {
    const resolved = { ...n, event: "resolved" as const };
    expect(alertEmail(resolved, "https://s.example").subject).toContain("Resolved: Hull cleaning overdue");
    expect(alertSms(resolved, "https://s.example")).toContain("Resolved: Hull cleaning overdue");
    expect(JSON.parse(webhookBody(resolved, "https://s.example", 1)).type).toBe("alert.resolved");
  });
});
